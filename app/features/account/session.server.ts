/**
 * Who is signed in, the guards of signed-in and back-office pages (SPEC.md section 2 route
 * table, section 6; issue 31 item 2: staff roles, decision 034), and the way actions call
 * Better Auth's endpoints.
 *
 * Actions go through `callAuthEndpoint`, which hands Better Auth a request to its own HTTP
 * endpoint carrying the visitor's cookies, origin and address, so its origin checks, rate
 * limits and cookie handling apply exactly as they do to /api/auth/* from a browser.
 */
import { getSessionCookie } from 'better-auth/cookies';
import { data, redirect, type AppLoadContext } from 'react-router';
import { roleMay, type Permission } from '~/lib/access-control.server';
import { accountRoleOf, isStaffRole, type AccountRole, type StaffRole } from '~/lib/account-roles';
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server';
import { loginPathFor } from './rules';

/** The signed-in person as pages see them. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  /** 'user' (a shopper), 'admin' (the owner), 'counter' or 'workshop' (decision 034). */
  role: AccountRole;
  createdAt: string;
}

/** A signed-in member of staff. */
export type StaffUser = SessionUser & { role: StaffRole };

/** What staff are told on a page their role does not open (403). */
const NO_ACCESS_MESSAGE = 'You do not have access to this page.';

/**
 * True while a ban holds: `banned` is set and `banExpires` is unset or still ahead of `now`.
 * (Better Auth's admin plugin lifts an expired ban at the next sign-in.)
 */
export function isBanActive(
  account: { banned: boolean | null; banExpires: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (!account.banned) return false;
  if (account.banExpires === null) return true;
  return new Date(account.banExpires).getTime() > now.getTime();
}

/**
 * The signed-in user of a request, or null. Requests without a session cookie never touch
 * the database.
 *
 * Better Auth reads the session and its person from the database every time (its cookie
 * cache is bypassed here), so a ban (or a deleted account) takes effect at once, even for a
 * session that was still present when the ban was written. A banned account counts as signed
 * out. Two queries: the session by its token, then the `user` row.
 */
export async function getSessionUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser | null> {
  if (!getSessionCookie(request.headers)) return null;
  const session = await context.auth.api.getSession({
    headers: request.headers,
    query: { disableCookieCache: true },
  });
  if (!session) return null;
  const { user } = session;
  if (isBanActive({ banned: user.banned ?? null, banExpires: user.banExpires ?? null })) {
    return null;
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: accountRoleOf(user.role),
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/** The path and query of a request, for coming back after signing in. */
function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user; anyone else is sent to /login with this page as the return path.
 * @throws a redirect Response when nobody is signed in.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw redirect(loginPathFor(pathOf(request)));
  return user;
}

/**
 * A signed-in member of staff (owner, counter or workshop), whatever they may open: the
 * back office's frame and the guards below start here. A visitor is sent to /login with the
 * return path; a signed-in shopper to /login, which sends them on to the home page (SPEC.md
 * section 2: "an admin-only screen also sends a signed-in non-admin to /login").
 * @throws a redirect Response for anyone who is not staff.
 */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<StaffUser> {
  const user = await requireUser(request, context);
  if (!isStaffRole(user.role)) throw redirect('/login');
  return user as StaffUser;
}

/** True when `user`'s role holds every action `permission` asks for (access-control.server). */
export function mayDo(user: Pick<SessionUser, 'role'>, permission: Permission): boolean {
  return roleMay(user.role, permission);
}

/**
 * A signed-in member of staff whose role holds `permission` (e.g. `{ orders: ['read'] }`),
 * checked on the server in every back-office loader (issue 31 item 2). Visitors and shoppers
 * are sent to /login as by {@link requireStaff}; staff whose role lacks it get a 403.
 * @throws a redirect Response (not staff) or a 403 response with {@link NO_ACCESS_MESSAGE}.
 */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<StaffUser> {
  const user = await requireStaff(request, context);
  if (!mayDo(user, permission)) throw data(NO_ACCESS_MESSAGE, { status: 403 });
  return user;
}

/**
 * The signed-in owner (role 'admin', decision 034), for whatever only the owner may do.
 * Visitors and shoppers are sent to /login as by {@link requireStaff}; other staff get a 403.
 * @throws a redirect Response (not staff) or a 403 response with {@link NO_ACCESS_MESSAGE}.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<StaffUser> {
  const user = await requireStaff(request, context);
  if (user.role !== 'admin') throw data(NO_ACCESS_MESSAGE, { status: 403 });
  return user;
}

/**
 * Where a signed-in person goes from the sign-in pages (SPEC.md section 4 "Login"): the return
 * path, else /admin for staff (every staff role opens it) and the home page for a shopper.
 */
export function landingPath(user: Pick<SessionUser, 'role'>, returnPath: string | null): string {
  if (returnPath && returnPath !== '/') return returnPath;
  return isStaffRole(user.role) ? '/admin' : '/';
}

/** What Better Auth answered an action. */
export interface AuthEndpointResult {
  ok: boolean;
  status: number;
  /** The JSON body (`{ code, message }` on errors). */
  body: Record<string, unknown> & { code?: string; message?: string };
  /** The Set-Cookie headers to pass on to the browser. */
  headers: Headers;
  /** On a 429, whole seconds until another try may succeed (from `Retry-After`). */
  retryAfterS: number | null;
}

const forwardedHeaders = [
  'cookie',
  'origin',
  'referer',
  'user-agent',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  CLIENT_IP_HEADER,
];

/**
 * Calls one of Better Auth's endpoints (e.g. '/sign-in/email') for the visitor of `request`
 * with a JSON body. Never throws for a refusal: the status and body say what happened.
 * @throws only when Better Auth itself fails (a 500 follows).
 */
export async function callAuthEndpoint(
  context: AppLoadContext,
  request: Request,
  endpoint: string,
  body: Record<string, unknown>,
): Promise<AuthEndpointResult> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
  for (const name of forwardedHeaders) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const response = await context.auth.handler(
    new Request(`${context.env.PUBLIC_URL}/api/auth${endpoint}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let parsed: AuthEndpointResult['body'] = {};
  try {
    parsed = text ? (JSON.parse(text) as AuthEndpointResult['body']) : {};
  } catch {
    parsed = { message: text };
  }
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append('Set-Cookie', cookie);
  if (response.status >= 500) {
    throw new Error(`auth endpoint ${endpoint} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return {
    ok: response.ok,
    status: response.status,
    body: parsed,
    headers: cookies,
    retryAfterS: response.status === 429 && retryAfter > 0 ? retryAfter : null,
  };
}
