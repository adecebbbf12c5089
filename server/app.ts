/**
 * The Node server (DESIGN.md "Architecture"): configuration, database and migrations, demo
 * seed, then Express 5 with security headers, compression, static files, /healthz,
 * /api/events, /media and the React Router request handler. Built by Vite into
 * build/server/index.js; `server/main.js` calls `start()`.
 */
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pinoHttp } from 'pino-http';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { toNodeHandler } from 'better-auth/node';
import { createAuth, loadAuthSecret, type Auth } from '~/lib/auth.server';
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server';
import { openDatabase, type Database } from '~/lib/db.server';
import { getEnv, sandboxAllowed, type Env } from '~/lib/env.server';
import {
  createDatabaseHealth,
  UNAVAILABLE_PAGE,
  UNAVAILABLE_RETRY_AFTER_S,
  type DatabaseHealth,
} from '~/lib/database-health.server';
import { createEventHub } from '~/lib/events.server';
import { createLogger } from '~/lib/logger.server';
import { createMailer, type Mailer } from '~/lib/mail.server';
import { createWorker } from '~/lib/jobs/worker.server';
import { createNotificationChannels } from '~/lib/notifications/notifications.server';
import { notificationHandlers } from '~/lib/notifications/queue.server';
import { createPaymentProvider, type PaymentProvider } from '~/lib/payments/payments.server';
import { createCourierProvider, type CourierProvider } from '~/lib/couriers/couriers.server';
import { lookupPincode } from '~/features/addresses/pincodes.server';
import { getShippingSettings, localTariff } from '~/features/shipping/shipping.server';
import { anonymiseOrdersOf } from '~/features/orders/orders.server';
import { deleteAddressesOf } from '~/features/addresses/addresses-commands.server';
import { deleteMeasurementsOfUser } from '~/features/measurements/measurements.server';
import { deleteReturnPhotosOfUser } from '~/features/returns/returns.server';
import { createStorage, type Storage } from '~/lib/storage/storage.server';
import { PageVersion, QueryCache } from '~/lib/cache.server';
import {
  clearPagesOnNotify,
  markPageIncomplete,
  PageCache,
  pageCacheMiddleware,
  privateUnlessSet,
} from '~/lib/page-cache.server';
import {
  catalogueReader,
  type CatalogueReader,
} from '~/features/storefront/catalogue-reader.server';
import { createMediaHandler } from '~/features/media/media-route.server';
import {
  isCatalogueEmpty,
  isStyleCatalogueEmpty,
  seedDemoCatalogue,
  seedStyleOptions,
} from '~/seed/seed.server';
import { startPgliteSocket } from './pglite-socket';
import { accountAuthRules } from '~/features/account/auth-rules';
import { appointmentMessageHandlers } from '~/features/booking/appointment-messages.server';
import { invoiceJobHandlers } from '~/features/invoices/invoice-jobs.server';
import { paymentLinkJobHandlers } from '~/features/payments/link-jobs.server';
import { orderExpiryJobHandlers } from '~/features/payments/order-expiry.server';
import { codJobHandlers } from '~/features/cod/cod.server';
import { openMissingTickets } from '~/features/workshop/tickets.server';

export interface StartOptions {
  /** Vite's dev server in `npm run dev`; absent in production. */
  vite?: ViteDevServer;
}

export interface RunningServer {
  port: number;
  /** Stops accepting, lets in-flight requests finish, closes the database. */
  stop(): Promise<void>;
}

const clientDir = path.resolve(process.cwd(), 'build/client');

/** Largest request body of a form post or an /api/auth call, in bytes (64 KiB). */
export const MAX_FORM_BYTES = 64 * 1024;
/** Largest upload form of the back office, in bytes (110 MiB: a 100 MiB video and its fields). */
export const MAX_UPLOAD_BYTES = 110 * 1024 * 1024;

/**
 * Largest return request of a shopper's order page, in bytes (46 MiB: 3 photos of at most
 * 15 MiB, the media pipeline's limit, and the form's fields; issue 32 item 7).
 */
const MAX_RETURN_PHOTOS_BYTES = 46 * 1024 * 1024;

/**
 * The forms that carry files, by normalised path, with their limit: the only requests allowed
 * more than `MAX_FORM_BYTES` (issue 17 item 3). Matched against the path as the router will
 * see it (dot segments resolved), so `/admin/../contact` counts as `/contact`. All but the
 * signed link's page need a session cookie; that page's action checks the link's signature
 * before it reads the body.
 */
const UPLOAD_PATHS: readonly { pattern: RegExp; limit: number; anonymous?: true }[] = [
  // (React Router posts a script-driven form to the same path with `.data` added.)
  { pattern: /^\/admin\/media(\/upload)?(\.data|\/)?$/, limit: MAX_UPLOAD_BYTES },
  { pattern: /^\/admin\/products(\/(new|\d{1,9}))?(\.data|\/)?$/, limit: MAX_UPLOAD_BYTES },
  { pattern: /^\/admin\/categories(\.data|\/)?$/, limit: MAX_UPLOAD_BYTES },
  {
    pattern: /^\/admin\/customers\/\d{1,10}\/measurements\/new(\.data|\/)?$/,
    limit: MAX_UPLOAD_BYTES,
  },
  // A shopper's return request with its photos, on their order page or a signed link's.
  { pattern: /^\/account\/orders\/[^/]{1,40}(\.data|\/)?$/, limit: MAX_RETURN_PHOTOS_BYTES },
  { pattern: /^\/o\/[^/]{1,100}(\.data|\/)?$/, limit: MAX_RETURN_PHOTOS_BYTES, anonymous: true },
];

/** The methods the shop answers (the `Allow` header of a 405). */
const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

/**
 * Why a request URL is refused, or null when it is fine: a path whose percent-encoding does
 * not decode, or a NUL character anywhere in the path or query (PostgreSQL cannot store one,
 * so a search or an order number holding it would fail inside a query).
 */
export function urlRefusal(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'This address is not valid: its percent-encoding does not decode.';
  }
  const nul = 'This address contains a NUL character, which is not allowed.';
  if (decoded.includes('\u0000')) return nul;
  const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
  for (const [name, value] of query) {
    if (name.includes('\u0000') || value.includes('\u0000')) return nul;
  }
  return null;
}

/**
 * The path of a request URL after the WHATWG URL parser's normalisation (dot segments, also
 * percent-encoded ones, resolved), which is what the router matches; null when unreadable.
 */
export function normalisedPath(url: string): string | null {
  try {
    return new URL(url, 'http://normalise.invalid').pathname;
  } catch {
    return null;
  }
}

/**
 * The largest body a request may send, in bytes: the path's limit of `UPLOAD_PATHS` for a
 * multipart post to an upload form by someone with a session cookie, or to a signed link's
 * page (the action checks the role, the owner or the link before it reads the body),
 * `MAX_FORM_BYTES` for anything else.
 */
export function bodyLimitFor(
  req: Pick<Request, 'originalUrl' | 'headers'> & { is(type: string): string | false | null },
): number {
  const path = normalisedPath(req.originalUrl);
  const upload =
    path === null || !req.is('multipart/form-data')
      ? undefined
      : UPLOAD_PATHS.find(({ pattern }) => pattern.test(path));
  return upload && (upload.anonymous || req.headers.cookie) ? upload.limit : MAX_FORM_BYTES;
}

/**
 * Starts the whole server and resolves once it listens.
 * @throws EnvError on bad configuration; any database or migration error.
 */
export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL);
  const started = performance.now();

  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') },
  );
  const storage = createStorage(env);
  if (env.SEED_DEMO) {
    // Instances starting together on one database seed it once.
    await database.withStartupLock(async () => {
      if (await isCatalogueEmpty(database.db)) {
        const seeded = await seedDemoCatalogue(database.db, storage);
        log.info({ seeded }, 'demo catalogue seeded');
      } else if (await isStyleCatalogueEmpty(database.db)) {
        // An install seeded before the configurator (issue 21) gets its style options once.
        log.info({ styleOptions: await seedStyleOptions(database.db) }, 'style options seeded');
      }
    });
  }
  // Issue 31 item 1: every bespoke garment has a work ticket; garments stored before the
  // workshop get theirs once (idempotent; instances starting together take turns).
  await database.withStartupLock(async () => {
    const opened = await openMissingTickets(database.db);
    if (opened > 0) log.info({ opened }, 'work tickets opened for earlier garments');
  });
  const socket =
    database.pglite && env.PGLITE_SOCKET_PORT
      ? await startPgliteSocket({ ...database, pglite: database.pglite }, env.PGLITE_SOCKET_PORT)
      : undefined;
  const events = await createEventHub(database);
  const cache = new QueryCache();
  const catalogue = catalogueReader(database.db, cache);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    log,
  });
  // The durable job queue (lib/jobs): messages and reminders, sent once by whichever instance
  // claims them. Started once the server listens; stopped before the database closes.
  const channels = createNotificationChannels({
    mailer,
    hasSmtp: Boolean(env.SMTP_URL),
    dataDir: env.DATA_DIR,
    whatsappToken: env.WHATSAPP_TOKEN,
    whatsappPhoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    whatsappApiVersion: env.WHATSAPP_API_VERSION,
    log,
  });
  log.info({ email: channels.email.name, whatsapp: channels.whatsapp.name }, 'notifications ready');
  const authSecret = await loadAuthSecret(env);
  if (authSecret.source === 'generated') {
    log.warn(
      'BETTER_AUTH_SECRET is not set: generated one into DATA_DIR/auth-secret (set it in production)',
    );
  }
  const linkSecret = createHmac('sha256', authSecret.secret).update('customer-links').digest('hex');
  const payments = createPaymentProvider({
    // A production build reachable from this machine only (a fresh clone's `npm start`, the
    // end-to-end tests) takes test payments; anything reachable from elsewhere needs
    // PAYMENT_PROVIDER=sandbox for that (env.server.ts `sandboxAllowed`).
    nodeEnv: sandboxAllowed(env) ? 'development' : 'production',
    provider: env.PAYMENT_PROVIDER,
    razorpayKeyId: env.RAZORPAY_KEY_ID,
    razorpayKeySecret: env.RAZORPAY_KEY_SECRET,
    razorpayWebhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
    sandboxSecret: createHmac('sha256', authSecret.secret).update('sandbox-payments').digest('hex'),
  });
  log.info({ provider: payments.name }, 'payments ready');
  // Issue 32 item 2: the courier, chosen like the payment provider (COURIER_PROVIDER).
  const courier = createCourierProvider({
    nodeEnv: env.NODE_ENV,
    provider: env.COURIER_PROVIDER,
    shiprocketEmail: env.SHIPROCKET_EMAIL,
    shiprocketPassword: env.SHIPROCKET_PASSWORD,
    shiprocketWebhookToken: env.SHIPROCKET_WEBHOOK_TOKEN,
    shiprocketPickupLocation: env.SHIPROCKET_PICKUP_LOCATION,
    local: {
      db: database.db,
      tariff: async () => localTariff(await getShippingSettings(database.db)),
      placeOf: (pincode) => lookupPincode(pincode)?.places[0] ?? null,
      publicUrl: env.PUBLIC_URL,
      webhookToken: createHmac('sha256', authSecret.secret).update('local-courier').digest('hex'),
    },
  });
  log.info({ courier: courier.name }, 'courier ready');
  const auth = createAuth({
    db: database.db,
    account: accountAuthRules,
    env,
    secret: authSecret.secret,
    mailer,
    shopName: async () => (await catalogue.settings()).shopName,
    log,
    beforeDeleteUser: async (userId) => {
      await deleteMeasurementsOfUser(database.db, storage, userId);
      await deleteReturnPhotosOfUser(database.db, storage, userId);
      await anonymiseOrdersOf(database.db, userId);
      await deleteAddressesOf(database.db, userId);
    },
  });
  const pageVersion = new PageVersion();
  const pageCache = new PageCache();
  // Every instance hears every change: a catalogue or settings change clears the query cache
  // and the pages, a deleted or changed design its pages (issue 28 item 8).
  const stopClearing = await clearPagesOnNotify(
    database,
    { cache: pageCache, version: pageVersion },
    () => cache.clear(),
  );
  const health = createDatabaseHealth({ ping: () => database.ping(), log });
  const app = createApp({
    env,
    database,
    health,
    catalogue,
    auth,
    payments,
    courier,
    mailer,
    storage,
    linkSecret,
    events,
    pageVersion,
    pageCache,
    vite: options.vite,
    log,
  });

  const server = app.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const worker = createWorker({
    db: database.db,
    handlers: {
      ...notificationHandlers(channels),
      ...appointmentMessageHandlers({ publicUrl: env.PUBLIC_URL, linkSecret }),
      ...invoiceJobHandlers({ publicUrl: env.PUBLIC_URL, linkSecret }),
      ...paymentLinkJobHandlers({ payments }),
      ...orderExpiryJobHandlers(),
      ...codJobHandlers(),
    },
    pollMs: env.JOBS_POLL_MS,
    log,
  });
  worker.start();
  log.info(
    { host: env.HOST, port, database: database.kind, ms: Math.round(performance.now() - started) },
    `storefront listening on ${env.PUBLIC_URL}`,
  );

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      log.info('shutting down');
      health.stop();
      await events.close();
      await stopClearing();
      await new Promise<void>((resolve) => {
        // Keep-alive connections turn idle as their last requests finish; close them as they do.
        const sweep = setInterval(() => server.closeIdleConnections(), 250);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      // The job being run finishes (its own timeouts bound it); the rest wait in the database.
      await worker.stop();
      await Promise.race([mailer.idle(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await socket?.stop();
      await database.close();
      log.info('stopped');
    })());
  return { port, stop };
}

interface AppParts {
  env: Env;
  database: Database;
  health: DatabaseHealth;
  catalogue: CatalogueReader;
  auth: Auth;
  payments: PaymentProvider;
  courier: CourierProvider;
  mailer: Mailer;
  storage: Storage;
  linkSecret: string;
  events: Awaited<ReturnType<typeof createEventHub>>;
  pageVersion: PageVersion;
  pageCache: PageCache;
  vite?: ViteDevServer;
  log: ReturnType<typeof createLogger>;
}

function createApp({
  env,
  database,
  health,
  catalogue,
  auth,
  payments,
  courier,
  mailer,
  storage,
  linkSecret,
  events,
  pageVersion,
  pageCache,
  vite,
  log,
}: AppParts) {
  const app = express();
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  // Razorpay's checkout script, frames and calls, allowed only when Razorpay takes payments.
  const razorpay = payments.name === 'razorpay';
  const razorpayOrigins = {
    script: razorpay ? ['https://checkout.razorpay.com'] : [],
    frame: razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [],
    connect: razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : [],
    img: razorpay ? ['https://cdn.razorpay.com'] : [],
  };
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const isHttps = env.PUBLIC_URL.startsWith('https://');

  app.use(
    pinoHttp({
      logger: log,
      autoLogging: { ignore: (req) => req.url === '/healthz' },
      // A 503 while the database is away is expected and logged once by the health monitor.
      customLogLevel: (_req, res, error) =>
        res.statusCode === 503
          ? 'warn'
          : error || res.statusCode >= 500
            ? 'error'
            : res.statusCode >= 400
              ? 'warn'
              : 'info',
    }),
  );

  // Methods the shop answers, and addresses it can read (issue 17 item 6): anything else is a
  // 4xx here, before any route can fail on it.
  app.use((req, res, next) => {
    if (req.method === 'OPTIONS') return res.status(204).set('Allow', ALLOWED_METHODS).end();
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) {
      return res
        .status(405)
        .set('Allow', ALLOWED_METHODS)
        .type('text/plain')
        .send('This method is not allowed here.');
    }
    const refusal = urlRefusal(req.originalUrl);
    if (refusal) return res.status(400).type('text/plain').send(refusal);
    next();
  });
  // Hashed scripts and styles (issue 19): served before the page headers, which mean nothing
  // on a script (a CSP, frame and permission policies: about 750 bytes on each of a page's
  // scripts), with the two that do (nosniff, same-origin resource policy); sent as the Brotli
  // or gzip copy the build wrote beside each (scripts/precompress.js) when the browser takes
  // it. Their names change with their content, so they are cached for a year, unvalidated.
  if (!vite) {
    app.use(
      '/assets',
      expressStaticGzip(path.join(clientDir, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: {
          immutable: true,
          maxAge: '1y',
          index: false,
          etag: false,
          lastModified: false,
          setHeaders(res) {
            res.setHeader('X-Content-Type-Options', 'nosniff');
            res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
          },
        },
      }),
    );
  }
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: vite
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
                ...razorpayOrigins.script,
              ],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:', ...razorpayOrigins.img],
              mediaSrc: ["'self'", 'blob:'],
              fontSrc: ["'self'"],
              connectSrc: ["'self'", ...razorpayOrigins.connect],
              frameSrc: ["'self'", 'https://www.google.com', ...razorpayOrigins.frame],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
            },
          },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), browsing-topics=()',
    );
    next();
  });

  // Better Auth's rate limits and session records read the client's address from this header;
  // it is always replaced with Express's own reading (which trusts a loopback proxy only).
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? '';
    next();
  });
  // Form posts and auth calls: same origin only, and small.
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const origin = req.headers.origin;
    // Razorpay's redirect flow posts the signed payment from its own origin; the signature is
    // checked there instead.
    const fromRazorpay =
      req.path === '/api/payments/callback' && origin === 'https://api.razorpay.com';
    const crossSite =
      (origin && origin !== publicOrigin) || req.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite && !fromRazorpay) {
      req.log.warn({ origin }, 'cross-origin request refused');
      return res.status(403).type('text/plain').send('Cross-origin requests are refused.');
    }
    // A body must say its length, so the limits below hold (browsers always do).
    if (req.headers['transfer-encoding'] && !req.headers['content-length']) {
      return res.status(411).type('text/plain').send('The request must give its length.');
    }
    // The back office's upload forms may carry images and videos, a shopper's return request
    // photos; the action checks the role (or the order's owner) before it reads the body.
    if (Number(req.headers['content-length'] ?? 0) > bodyLimitFor(req)) {
      return res.status(413).type('text/plain').send('The request is too large.');
    }
    next();
  });

  app.get('/healthz', async (_req, res) => {
    try {
      await database.ping();
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch (error) {
      health.report(error);
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable' });
    }
  });
  // While the database does not answer, pages and API calls answer 503 at once (a friendly
  // page, or JSON for /api) instead of each failing on its own; static files and media still
  // work. `health` pings every second and lets requests through again once it answers.
  const unavailableGate = (req: Request, res: Response, next: NextFunction) => {
    if (health.available()) return next();
    res.status(503).set({
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S),
      'Cache-Control': 'no-store',
    });
    if (req.path.startsWith('/api/')) {
      return res.json({ error: 'The shop is briefly unavailable. Please try again in a minute.' });
    }
    res.type('html').send(UNAVAILABLE_PAGE);
  };

  app.get('/api/events', (req, res) => events.handle(req, res));
  app.all('/api/auth/{*splat}', unavailableGate, toNodeHandler(auth));

  // Before compression: images and videos are compressed already, and ranges need exact bytes.
  app.get('/media/{*key}', createMediaHandler(storage, log));
  app.use(compression());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use(
      express.static(clientDir, {
        maxAge: '1h',
        index: false,
        setHeaders(res, filePath) {
          // The service worker and the offline page must be checked for updates every time.
          if (
            filePath.endsWith(`${path.sep}sw.js`) ||
            filePath.endsWith(`${path.sep}offline.html`)
          ) {
            res.setHeader('Cache-Control', 'no-cache');
          }
        },
      }),
    );
  }

  app.use(unavailableGate);

  const getBuild = vite
    ? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    : () => import('virtual:react-router/server-build') as Promise<ServerBuild>;
  // An anonymous visitor revalidating a page that has not changed gets 304 without a render.
  // The 304 carries no CSP header, so the browser keeps the one that matches the stored
  // page's nonce.
  app.get('/{*splat}', (req, res, next) => {
    const etag = req.headers['if-none-match'];
    if (!etag || req.headers.cookie || !pageVersion.matches(etag)) return next();
    res.removeHeader('Content-Security-Policy');
    res.status(304).set('ETag', pageVersion.etag()).end();
  });
  // Whatever the router answers without a cache rule of its own is `private, no-store`, in
  // every URL form (`/x`, `/x.data`, resource routes, redirects), and varies on Cookie.
  app.use(privateUnlessSet);
  // Anonymous visitors get a page rendered earlier with their own nonce put in (decision 011);
  // the Vite dev server renders every request.
  if (!vite) app.use(pageCacheMiddleware(pageCache, () => pageVersion.etag()));
  app.all(
    '/{*splat}',
    createRequestHandler({
      build: getBuild,
      mode: vite ? 'development' : 'production',
      getLoadContext: (_req, res) => ({
        db: database.db,
        catalogue,
        env,
        auth,
        payments,
        courier,
        mailer,
        storage,
        linkSecret,
        cspNonce: res.locals.cspNonce as string,
        pageEtag: pageVersion.etag(),
        markPageIncomplete: () => markPageIncomplete(res),
        databaseHealth: health,
      }),
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // Middleware errors that carry a client status (a static file removed between its stat and
    // its read answers 404) keep it; anything else is ours and answers 500.
    const status = clientErrorStatus(error);
    if (status) req.log.warn({ err: error }, 'request refused');
    else req.log.error({ err: error }, 'unhandled error');
    if (res.headersSent) return res.end();
    res
      .status(status ?? 500)
      .type('text/plain')
      .send(
        status === 404
          ? 'Not found.'
          : status
            ? 'This request could not be handled.'
            : 'Something went wrong on our side. Please try again.',
      );
  });
  return app;
}

/** The 4xx status an error carries (`status` or `statusCode`, as http-errors sets), or null. */
function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : null;
}
