/**
 * Accounts through Better Auth (DESIGN.md "Stack": auth; issue "Accounts"): e-mail and
 * password with required e-mail verification, password reset that signs out every session,
 * database sessions in httpOnly SameSite=Lax cookies (Secure on https), the admin plugin with
 * the roles `user` and `admin`, and rate limits stored in the database in every environment.
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
import { passwordResetEmail, verificationEmail } from '~/features/account/emails';
import {
  DUPLICATE_EMAIL_MESSAGE,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '~/features/account/rules';
import type { Db } from './db.server';
import type { Env } from './env.server';
import type { Logger } from 'pino';
import type { Mailer } from './mail.server';
import * as schema from './schema.server';

/** The header the server sets from Express's `req.ip` (replacing any client value). */
export const CLIENT_IP_HEADER = 'x-storefront-client-ip';

/** How long a verification link works, in seconds (24 hours). */
export const VERIFICATION_LINK_TTL_S = 24 * 60 * 60;
/** How long a password-reset link works, in seconds (1 hour). */
export const RESET_LINK_TTL_S = 60 * 60;

/**
 * Rate limits per client address and path, in requests per window of seconds (stored in the
 * `rate_limit` table, so every instance shares them). Sign-in allows 10 a minute: the 11th
 * wrong password in a minute gets 429.
 */
export const AUTH_RATE_LIMITS = {
  default: { window: 60, max: 100 },
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 300, max: 3 },
  '/send-verification-email': { window: 300, max: 3 },
  '/reset-password': { window: 60, max: 10 },
  '/change-password': { window: 60, max: 5 },
  '/delete-user': { window: 60, max: 5 },
} as const;

export interface AuthOptions {
  db: Db;
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
}: AuthOptions) {
  const { default: defaultLimit, ...customRules } = AUTH_RATE_LIMITS;
  return betterAuth({
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
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_S,
      async sendResetPassword({ user, url }) {
        mailer.send(
          passwordResetEmail({
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
          verificationEmail({
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
      customRules,
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
        target[level === 'info' ? 'debug' : level].call(
          target,
          { auth: args.length > 0 ? args : undefined },
          `auth: ${message}`,
        );
      },
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') {
          refuseOversized(body);
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
              message: DUPLICATE_EMAIL_MESSAGE,
            });
          }
        }
      }),
    },
  });
}

const silentLog = { warn() {}, error() {}, info() {}, debug() {} };

/** The Better Auth instance type. */
export type Auth = ReturnType<typeof createAuth>;

function refuseOversized(body: Record<string, unknown>): void {
  const tooLong = (value: unknown, max: number) => typeof value === 'string' && value.length > max;
  if (tooLong(body.name, NAME_MAX_LENGTH)) {
    throw new APIError('BAD_REQUEST', {
      code: 'NAME_TOO_LONG',
      message: `Name must be at most ${NAME_MAX_LENGTH} characters`,
    });
  }
  if (tooLong(body.email, EMAIL_MAX_LENGTH)) {
    throw new APIError('BAD_REQUEST', {
      code: 'EMAIL_TOO_LONG',
      message: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
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
