/**
 * Accounts through Better Auth (DESIGN.md "Stack": auth; issue "Accounts"): e-mail and
 * password with required e-mail verification, password reset that signs out every session,
 * database sessions in httpOnly SameSite=Lax cookies (Secure on https), the admin plugin with
 * the roles of `account-roles.ts` and their permissions from `access-control.server.ts`
 * (decision 034), and rate limits stored in the database in every environment.
 * Mounted at /api/auth/* by the server; loaders and actions reach it through `context.auth`.
 *
 * No password, session or token handling of our own lives here: only configuration, the
 * e-mails, and two rules Better Auth leaves to the app (SPEC.md section 5's duplicate-e-mail
 * message and field-size limits).
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROLE_PERMISSIONS, staffAccess } from './access-control.server';
import type { Db } from './db.server';
import {
  CLIENT_IP_HEADER,
  clearCounters,
  addressKey,
  spentWait,
  takeHits,
  tooManyAttemptsMessage,
  waitInWords,
  type LimitCheck,
  type RequestLimit,
} from './rate-limit.server';
import { BODY_REFUSALS, containsNul } from './request-body.server';
import { isSameOriginCallback } from './return-path';
import type { Env } from './env.server';
import type { Logger } from 'pino';
import type { MailMessage, Mailer } from './mail.server';
import * as schema from './schema.server';

/** How long a verification link works, in seconds (24 hours). */
const VERIFICATION_LINK_TTL_S = 24 * 60 * 60;
/** How long a password-reset link works, in seconds (1 hour). */
const RESET_LINK_TTL_S = 60 * 60;

/**
 * Better Auth's rate limits per client address and path, in requests per window of seconds
 * (stored in the `rate_limit` table, so every instance shares them). Sign-in is not among them:
 * `SIGN_IN_LIMITS` count it per account instead.
 */
export const AUTH_RATE_LIMITS = {
  default: { window: 60, max: 100 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 300, max: 3 },
  '/send-verification-email': { window: 300, max: 3 },
  '/reset-password': { window: 60, max: 10 },
  '/change-password': { window: 60, max: 5 },
  '/delete-user': { window: 60, max: 5 },
} as const;

/**
 * Sign-in limits (issue 17 item 12), counted in `request_limits` in fixed windows so every
 * instance shares them and a refused attempt never extends a lock:
 * - failed sign-ins per account (its e-mail): 5 in 15 minutes lock it until those 15 minutes
 *   end, and 15 in 6 hours until those 6 hours end (the growing delay); a successful sign-in
 *   clears them;
 * - every sign-in attempt per client address, as a flood guard only: in India most mobile
 *   shoppers sit behind carrier-grade NAT, so one address may carry thousands of them.
 */
export const SIGN_IN_LIMITS = {
  accountFailures: [
    { windowS: 15 * 60, max: 5 },
    { windowS: 6 * 60 * 60, max: 15 },
  ],
  address: { windowS: 60, max: 120 },
} as const satisfies { accountFailures: readonly RequestLimit[]; address: RequestLimit };

/** What a refused sign-in is told, with the wait in words. */
const SIGN_IN_REFUSALS = {
  account: (wait: string) =>
    `Too many failed sign-ins for this account. Please try again in ${wait}, or reset your password.`,
  address: (wait: string) => `Too many sign-ins from your network. Please try again in ${wait}.`,
} as const;

/** Better Auth's own wording of a 429, replaced by one that says when to try again. */
const GENERIC_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again later.';

function accountFailureChecks(email: string): LimitCheck[] {
  return SIGN_IN_LIMITS.accountFailures.map((limit) => ({
    key: `sign-in:failures:${limit.windowS}:${email}`,
    limit,
  }));
}

/** The e-mail a sign-in names, as Better Auth compares it (lower case), or null. */
function signInEmail(body: Record<string, unknown>, emailMax: number): string | null {
  return typeof body.email === 'string' && body.email.length <= emailMax
    ? body.email.trim().toLowerCase()
    : null;
}

function tooManyRequests(message: string, retryAfterS: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'TOO_MANY_ATTEMPTS', message },
    { 'Retry-After': String(retryAfterS) },
  );
}

/**
 * Before a sign-in: the address's flood guard takes a hit, then the account's failure counters
 * are read (a locked account is refused whatever the password, so guessing gains nothing).
 * @throws APIError 429 with `Retry-After` when either is spent.
 */
async function guardSignIn(
  db: Db,
  headers: Headers | undefined,
  body: Record<string, unknown>,
  emailMax: number,
): Promise<void> {
  const address = headers?.get(CLIENT_IP_HEADER);
  if (address) {
    const key = `sign-in:address:${addressKey(address)}`;
    const flood = await takeHits(db, [{ key, limit: SIGN_IN_LIMITS.address }]);
    if (!flood.ok) {
      throw tooManyRequests(
        SIGN_IN_REFUSALS.address(waitInWords(flood.retryAfterS)),
        flood.retryAfterS,
      );
    }
  }
  const email = signInEmail(body, emailMax);
  if (!email) return;
  const wait = await spentWait(db, accountFailureChecks(email));
  if (wait > 0) throw tooManyRequests(SIGN_IN_REFUSALS.account(waitInWords(wait)), wait);
}

/** After a sign-in: a wrong password counts against the account; a success clears it. */
async function recordSignIn(
  db: Db,
  body: Record<string, unknown>,
  returned: unknown,
  emailMax: number,
) {
  const email = signInEmail(body, emailMax);
  if (!email) return;
  const checks = accountFailureChecks(email);
  if (returned instanceof APIError) {
    if (returned.statusCode === 401) await takeHits(db, checks);
  } else if (returned && !(returned instanceof Error)) {
    await clearCounters(
      db,
      checks.map((check) => check.key),
    );
  }
}

/**
 * Every 429 of /api/auth/* carries `Retry-After` (Better Auth's own limiter sends only
 * `X-Retry-After`) and says when to try again.
 */
async function withRetryAfter(response: Response): Promise<Response> {
  if (response.status !== 429) return response;
  const headers = new Headers(response.headers);
  const wait = Math.max(
    1,
    Number(headers.get('Retry-After') ?? headers.get('X-Retry-After') ?? 60) || 60,
  );
  headers.set('Retry-After', String(wait));
  let body = await response.text();
  try {
    const parsed = JSON.parse(body) as { message?: string };
    if (!parsed.message || parsed.message === GENERIC_RATE_LIMIT_MESSAGE) {
      body = JSON.stringify({ ...parsed, message: tooManyAttemptsMessage(wait) });
      headers.set('Content-Type', 'application/json');
      headers.delete('Content-Length');
    }
  } catch {
    // Not JSON: kept as it is.
  }
  return new Response(body, { status: 429, statusText: 'Too Many Requests', headers });
}

/** What a verification or password-reset e-mail is built from. */
export interface AuthEmailInput {
  to: string;
  /** The account holder's name, for the greeting. */
  name: string;
  /** The one-time link. */
  url: string;
  shopName: string;
  /** How long the link works, in hours. */
  validForHours: number;
}

/**
 * What the account domain supplies to auth: its e-mails, SPEC.md section 5's duplicate-e-mail
 * message and the field limits (in characters). The composition root passes
 * `accountAuthRules` from features/account, so this module imports nothing from features.
 */
export interface AccountAuthRules {
  verificationEmail(input: AuthEmailInput): MailMessage;
  passwordResetEmail(input: AuthEmailInput): MailMessage;
  duplicateEmailMessage: string;
  limits: { nameMax: number; emailMax: number; passwordMin: number; passwordMax: number };
}

export interface AuthOptions {
  db: Db;
  /** The account domain's e-mails, messages and limits. */
  account: AccountAuthRules;
  env: Pick<Env, 'PUBLIC_URL'>;
  /** From `loadAuthSecret`. */
  secret: string;
  mailer: Mailer;
  /** The shop's name for e-mails (from the settings). */
  shopName: () => Promise<string>;
  /**
   * Runs before an account is deleted (its orders are anonymised); a throw stops the deletion.
   */
  beforeDeleteUser?: (userId: string) => Promise<void>;
  /** Where Better Auth's own warnings and errors go (the process logger). */
  log?: Pick<Logger, 'warn' | 'error' | 'info' | 'debug'>;
}

/** Creates the Better Auth instance of the process. */
export function createAuth({
  db,
  env,
  secret,
  mailer,
  shopName,
  log,
  beforeDeleteUser,
  account,
}: AuthOptions) {
  const { limits } = account;
  const { default: defaultLimit, ...customRules } = AUTH_RATE_LIMITS;
  const instance = betterAuth({
    appName: 'storefront',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: limits.passwordMin,
      maxPasswordLength: limits.passwordMax,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_S,
      async sendResetPassword({ user, url }) {
        mailer.send(
          account.passwordResetEmail({
            to: user.email,
            name: user.name,
            url,
            shopName: await shopName(),
            validForHours: RESET_LINK_TTL_S / 3600,
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_TTL_S,
      async sendVerificationEmail({ user, url }) {
        mailer.send(
          account.verificationEmail({
            to: user.email,
            name: user.name,
            url,
            shopName: await shopName(),
            validForHours: VERIFICATION_LINK_TTL_S / 3600,
          }),
        );
      },
    },
    user: {
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await beforeDeleteUser?.(user.id);
        },
      },
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: defaultLimit.window,
      max: defaultLimit.max,
      customRules: { ...customRules, '/sign-in/email': false },
    },
    advanced: {
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // Level 'info' routes everything through `log` below; at 'warn' Better Auth would also
    // print every refused request (wrong password, duplicate e-mail) to the console as errors.
    logger: {
      level: 'info',
      log: (level, message, ...args) => {
        const target = log ?? silentLog;
        // A refused callback or origin is the caller's mistake, not ours: a warning.
        const refusal = level === 'error' && REFUSAL_LOG.test(message);
        target[level === 'info' ? 'debug' : refusal ? 'warn' : level].call(
          target,
          { auth: args.length > 0 ? args : undefined },
          `auth: ${message}`,
        );
      },
    },
    // The owner keeps the value 'admin' (decision 034); only the owner's role holds the admin
    // plugin's own `user` and `session` statements, so its /api/auth/admin/* endpoints stay
    // the owner's.
    plugins: [
      admin({
        ac: staffAccess,
        roles: ROLE_PERMISSIONS,
        defaultRole: 'user',
        adminRoles: ['admin'],
      }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = bodyObject(ctx.body);
        if (containsNul(body) || containsNul(ctx.query)) {
          throw new APIError('BAD_REQUEST', { code: 'NUL_CHARACTER', message: BODY_REFUSALS.nul });
        }
        refuseOffSiteCallbacks(env.PUBLIC_URL, ctx.query, body);
        if (ctx.path === '/sign-in/email')
          await guardSignIn(db, ctx.headers, body, limits.emailMax);
        if (ctx.path === '/delete-user') requirePassword(body);
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') {
          refuseOversized(body, limits);
        }
        // SPEC.md section 5 asks for this message; the sign-up rate limit above keeps it from
        // serving as a fast list of registered addresses.
        if (ctx.path === '/sign-up/email' && typeof body.email === 'string') {
          const existing = await ctx.context.internalAdapter.findUserByEmail(
            body.email.toLowerCase(),
          );
          if (existing) {
            throw new APIError('UNPROCESSABLE_ENTITY', {
              code: 'USER_ALREADY_EXISTS',
              message: account.duplicateEmailMessage,
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') {
          await recordSignIn(db, bodyObject(ctx.body), ctx.context.returned, limits.emailMax);
        }
      }),
    },
  });
  const handler = instance.handler;
  return {
    ...instance,
    handler: async (request: Request) => withRetryAfter(await handler(request)),
  };
}

/** What a deletion without the password is told (issue 17 item 5). */
export const DELETE_NEEDS_PASSWORD = 'Please enter your password to delete your account.';

/**
 * Deleting an account always takes its password: Better Auth would otherwise delete it for any
 * session less than a day old with an empty body.
 * @throws APIError BAD_REQUEST when the body has no password.
 */
function requirePassword(body: Record<string, unknown>): void {
  if (typeof body.password !== 'string' || body.password.length === 0) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_REQUIRED',
      message: DELETE_NEEDS_PASSWORD,
    });
  }
}

const silentLog = { warn() {}, error() {}, info() {}, debug() {} };

/** Better Auth's error-level lines that only report a refused request. */
const REFUSAL_LOG =
  /^Invalid (callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|origin)\b/;

/** A request body as an object of fields; anything else (a string, an array) reads as none. */
function bodyObject(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The parameters through which Better Auth's endpoints take a URL to redirect to. */
export const CALLBACK_PARAMETERS = [
  'callbackURL',
  'errorCallbackURL',
  'newUserCallbackURL',
  'redirectTo',
] as const;

/** What a refused callback URL is told (issue 17 item 2). */
export const OFF_SITE_CALLBACK_MESSAGE = 'The return address must be a page of this shop.';

/**
 * Refuses, with 400, any callback parameter (query or body) that a browser would resolve to
 * another origin. Better Auth's own check lets `/.//evil.example` through as a relative path
 * and then writes `//evil.example` into the `Location` header of /verify-email
 * (docs/decisions/009-auth-callback-urls.md).
 * @throws APIError BAD_REQUEST naming the parameter.
 */
function refuseOffSiteCallbacks(
  origin: string,
  query: unknown,
  body: Record<string, unknown>,
): void {
  const sources = [query as Record<string, unknown> | undefined, body];
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const name of CALLBACK_PARAMETERS) {
      if (!isSameOriginCallback(source[name], origin)) {
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_CALLBACK_URL',
          message: `${OFF_SITE_CALLBACK_MESSAGE} (${name})`,
        });
      }
    }
  }
}

/** The Better Auth instance type. */
export type Auth = ReturnType<typeof createAuth>;

function refuseOversized(body: Record<string, unknown>, limits: AccountAuthRules['limits']): void {
  const tooLong = (value: unknown, max: number) => typeof value === 'string' && value.length > max;
  if ('name' in body && (typeof body.name !== 'string' || body.name.trim() === '')) {
    throw new APIError('BAD_REQUEST', {
      code: 'NAME_REQUIRED',
      message: 'Please enter your full name',
    });
  }
  if (tooLong(body.name, limits.nameMax)) {
    throw new APIError('BAD_REQUEST', {
      code: 'NAME_TOO_LONG',
      message: `Name must be at most ${limits.nameMax} characters`,
    });
  }
  if (tooLong(body.email, limits.emailMax)) {
    throw new APIError('BAD_REQUEST', {
      code: 'EMAIL_TOO_LONG',
      message: `Email must be at most ${limits.emailMax} characters`,
    });
  }
  if (body.image !== undefined && body.image !== null) {
    throw new APIError('BAD_REQUEST', {
      code: 'IMAGE_NOT_ACCEPTED',
      message: 'Profile pictures are not accepted',
    });
  }
}

/**
 * The signing secret: `BETTER_AUTH_SECRET` when set; otherwise the one in
 * `$DATA_DIR/auth-secret`, generated (48 random bytes, base64, mode 0600) on first use.
 * `parseEnv` already refused a missing secret in production on a public origin.
 */
export async function loadAuthSecret(env: Pick<Env, 'BETTER_AUTH_SECRET' | 'DATA_DIR'>): Promise<{
  secret: string;
  source: 'environment' | 'generated' | 'data-dir';
}> {
  if (env.BETTER_AUTH_SECRET) return { secret: env.BETTER_AUTH_SECRET, source: 'environment' };
  const file = path.join(env.DATA_DIR, 'auth-secret');
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return { secret: stored, source: 'data-dir' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64');
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { secret, source: 'generated' };
}
