/**
 * What every loader and action receives as `context` (React Router's AppLoadContext):
 * the database, the configuration, accounts, the storage and this request's CSP nonce.
 */
import type { CatalogueReader } from '~/features/storefront/catalogue-reader.server';
import type { PaymentProvider } from '~/lib/payments/payments.server';
import type { CourierProvider } from '~/lib/couriers/couriers.server';
import type { Auth } from './lib/auth.server';
import type { DatabaseHealth } from './lib/database-health.server';
import type { Mailer } from './lib/mail.server';
import type { Db } from './lib/db.server';
import type { Env } from './lib/env.server';
import type { Storage } from './lib/storage/storage.server';

export interface AppContext {
  db: Db;
  /** Cached reads of the catalogue, gallery and settings. */
  catalogue: CatalogueReader;
  env: Env;
  /** Better Auth: sessions, sign-in, sign-up, roles (`auth.api`, `auth.handler`). */
  auth: Auth;
  /** The payment provider: Razorpay, or the sandbox (DESIGN.md "Runtime contract" 7). */
  payments: PaymentProvider;
  /** The courier: the shop's own dispatch (local) or Shiprocket (issue 32 item 2). */
  courier: CourierProvider;
  /** Outgoing e-mail (queued; never blocks the request). */
  mailer: Mailer;
  storage: Storage;
  /**
   * The key that signs links sent to customers (an appointment's manage link), derived from
   * the auth secret; hex.
   */
  linkSecret: string;
  /** The per-request Content-Security-Policy nonce for inline scripts. */
  cspNonce: string;
  /** The weak ETag public pages carry while the catalogue and settings stay as they are. */
  pageEtag: string;
  /**
   * Called when a streamed page could not finish (an error or the timeout after its shell was
   * sent), so the page cache does not keep it (absent in tests).
   */
  markPageIncomplete?: () => void;
  /** Whether the database answers; failed requests report to it (absent in tests). */
  databaseHealth?: DatabaseHealth;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
