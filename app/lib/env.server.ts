/**
 * The server's configuration: one zod schema over `process.env` (and `.env`), read once at
 * start (DESIGN.md "Runtime contract" 8). A bad value stops the start with a message naming
 * the variable. Nothing here reaches the browser.
 */
import dotenv from 'dotenv';
import path from 'node:path';
import { z } from 'zod';
import type { S3Config } from './storage/s3.server';

const port = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const url = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        new URL(value);
        return true;
      } catch {
        return false;
      }
    }, `must be ${what}`);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port the HTTP server listens on. */
  PORT: port.default(3000),
  /**
   * Interface to bind. Unset: 127.0.0.1 while PUBLIC_URL is a loopback origin (the default,
   * http://localhost:$PORT), so a default start is reachable from this machine only; all
   * interfaces (0.0.0.0) once PUBLIC_URL names a public origin.
   */
  HOST: z.string().trim().min(1).optional(),
  /** The public origin, e.g. https://shop.example; defaults to http://localhost:$PORT. */
  PUBLIC_URL: url('an absolute URL such as https://shop.example')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /** Folder for the embedded database, uploads and the mail outbox. */
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** A PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: url('a postgres:// connection string')
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres://')
    .optional(),
  /** Size of the `pg` pool when DATABASE_URL is set. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Port on 127.0.0.1 where the embedded database also answers the PostgreSQL wire protocol
   * (for `psql` and for the end-to-end tests); unset means closed. Ignored with DATABASE_URL.
   */
  PGLITE_SOCKET_PORT: port.optional(),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Signs session cookies and one-time tokens (at least 32 characters). Required when
   * NODE_ENV is production and PUBLIC_URL is not a loopback address; otherwise one is
   * generated into $DATA_DIR/auth-secret on first start and reused.
   */
  BETTER_AUTH_SECRET: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters (try: openssl rand -base64 32)')
    .optional(),
  /** SMTP server for outgoing mail, e.g. smtps://user:pass@smtp.example:465; unset = outbox. */
  SMTP_URL: url('an smtp:// or smtps:// URL')
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  /** The From address of the shop's e-mails. */
  MAIL_FROM: z.string().trim().min(3).default('Rajkot Tailoring House <shop@example.com>'),
  /** Razorpay API key id (public; sent to the browser's checkout widget). */
  RAZORPAY_KEY_ID: z.string().trim().min(1).optional(),
  /** Razorpay API key secret (server only, never logged). */
  RAZORPAY_KEY_SECRET: z.string().trim().min(1).optional(),
  /** Razorpay webhook secret, for X-Razorpay-Signature on /api/payments/webhook. */
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /**
   * 'sandbox' takes test payments in an in-page dialog even in production; 'razorpay' insists
   * on the Razorpay keys. Unset: Razorpay when its keys are set, otherwise the sandbox
   * (refused in production).
   */
  PAYMENT_PROVIDER: z.enum(['razorpay', 'sandbox']).optional(),
  /**
   * Issue 32 item 2: which courier ships, 'local' (the shop's own zone table, the default) or
   * 'shiprocket' (needs the three SHIPROCKET_* variables).
   */
  COURIER_PROVIDER: z.enum(['local', 'shiprocket']).optional(),
  /** The Shiprocket API user's e-mail (Settings → API in Shiprocket's panel). */
  SHIPROCKET_EMAIL: z.string().trim().min(1).optional(),
  /** The Shiprocket API user's password (server only, never logged). */
  SHIPROCKET_PASSWORD: z.string().trim().min(1).optional(),
  /** The token Shiprocket's tracking webhook sends in its x-api-key header. */
  SHIPROCKET_WEBHOOK_TOKEN: z.string().trim().min(1).optional(),
  /** Shiprocket's pickup location nickname (its panel's pickup address), default 'Primary'. */
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).optional(),
  /** S3-compatible bucket for uploads (all five S3_* or none; unset = $DATA_DIR/uploads). */
  S3_BUCKET: z.string().trim().min(1).optional(),
  /** The bucket service's URL, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000. */
  S3_ENDPOINT: url('an http:// or https:// URL')
    .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
    .optional(),
  /** Signing region of the bucket, e.g. eu-central-1 ('auto' for Cloudflare R2). */
  S3_REGION: z.string().trim().min(1).optional(),
  /** Access key id for the bucket. */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  /** Secret access key for the bucket (server only, never logged). */
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /**
   * WhatsApp Business Cloud API access token (server only, never logged); with
   * WHATSAPP_PHONE_NUMBER_ID it sends WhatsApp messages. Unset: they are written to
   * $DATA_DIR/whatsapp-outbox/ instead.
   */
  WHATSAPP_TOKEN: z.string().trim().min(1).optional(),
  /** The id of the shop's sending number in WhatsApp Manager (digits). */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^[0-9]{5,30}$/, 'must be the phone number id from WhatsApp Manager (digits)')
    .optional(),
  /** The Graph API version of the WhatsApp calls, e.g. v21.0. */
  WHATSAPP_API_VERSION: z
    .string()
    .trim()
    .regex(/^v[0-9]+\.[0-9]+$/, 'must look like v21.0')
    .default('v21.0'),
  /** How often the job queue looks for due jobs (reminders, messages), in ms. */
  JOBS_POLL_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be between 100 and 600000 ms')
    .max(600_000, 'must be between 100 and 600000 ms')
    .default(2_000),
  /** Seed the demo catalogue into an empty database at start. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/** The S3_* variables, which come all together or not at all. */
const s3Variables = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export type Env = Omit<z.infer<typeof envSchema>, 'HOST'> & {
  HOST: string;
  PUBLIC_URL: string;
  DATA_DIR: string;
  /** The bucket for uploads when all S3_* variables are set; undefined means local disk. */
  S3: S3Config | undefined;
};

/** Thrown when the environment does not parse; its message lists every bad variable. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses an environment object into the typed configuration.
 * Empty strings count as unset. DATA_DIR is made absolute; PUBLIC_URL defaults to
 * http://localhost:$PORT. S3 gathers the five S3_* variables, which must be all set or none.
 * @throws EnvError naming each variable that is wrong and why.
 */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  const lines = result.success
    ? []
    : result.error.issues.map(
        (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
      );
  const s3Missing = s3Variables.filter((name) => cleaned[name] === undefined);
  if (s3Missing.length > 0 && s3Missing.length < s3Variables.length) {
    const set = s3Variables.filter((name) => !s3Missing.includes(name));
    for (const name of s3Missing) {
      lines.push(
        `  ${name}: is required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set`,
      );
    }
  }
  if (!result.success || lines.length > 0) {
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET && !isLoopbackOrigin(publicUrl)) {
    throw new EnvError(
      'Invalid configuration:\n  BETTER_AUTH_SECRET: is required in production when PUBLIC_URL ' +
        `(${publicUrl}) is not a loopback address (try: openssl rand -base64 32)`,
    );
  }
  return {
    ...env,
    HOST: env.HOST ?? (isLoopbackOrigin(publicUrl) ? '127.0.0.1' : '0.0.0.0'),
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.resolve(env.DATA_DIR),
    S3:
      env.S3_BUCKET &&
      env.S3_ENDPOINT &&
      env.S3_REGION &&
      env.S3_ACCESS_KEY_ID &&
      env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
  };
}

/** Whether an origin is this machine (localhost, 127.0.0.0/8 or ::1). */
function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether a listening address accepts connections from this machine only. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether the sandbox payment provider may take payments (issue 17 item 4; DESIGN.md "Stack":
 * never in production unless asked for). Outside production, always. In production, only with
 * `PAYMENT_PROVIDER=sandbox`, or when nobody but this machine can reach the shop: PUBLIC_URL is
 * a loopback origin *and* the server listens on a loopback address (a fresh clone's
 * `npm start`). A production server on 0.0.0.0 never marks orders paid through the sandbox by
 * default.
 */
export function sandboxAllowed(
  env: Pick<Env, 'NODE_ENV' | 'PAYMENT_PROVIDER' | 'PUBLIC_URL' | 'HOST'>,
): boolean {
  if (env.NODE_ENV !== 'production' || env.PAYMENT_PROVIDER === 'sandbox') return true;
  return isLoopbackOrigin(env.PUBLIC_URL) && isLoopbackHost(env.HOST);
}

let cached: Env | undefined;

/** The process configuration, parsed once (loads `.env` first). @throws EnvError */
export function getEnv(): Env {
  if (!cached) {
    dotenv.config({ quiet: true });
    cached = parseEnv(process.env);
  }
  return cached;
}
