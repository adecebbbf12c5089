/**
 * End-to-end helpers: a connection to the running server's database (the embedded database's
 * wire-protocol port), for changes an administrator would make; accounts and the mail outbox.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { decode } from 'libqp';
import { extractText, getDocumentProxy } from 'unpdf';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/** Runs `fn` with a connected client and closes it afterwards. */
export async function withDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Parses '₹1,23,456' to 123456 (rupees). */
export function rupeesFromText(text: string): number {
  return Number(text.replace(/[^0-9]/g, ''));
}

/** A unique, valid e-mail address for one test. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * A made-up client address for one test, sent as X-Forwarded-For (the server trusts it from a
 * loopback proxy, as behind a real one), so each test meets the sign-in rate limits alone.
 */
export function uniqueClientIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${(bytes[2]! % 250) + 1}`;
}

/**
 * The newest account e-mail sent to `email` whose subject matches, from the server's outbox
 * ($DATA_DIR/outbox/*.eml): its subject and the link it carries. Waits (polling) up to 10 s.
 */
export async function outboxLink(email: string, subject: RegExp): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const eml = await fs.readFile(path.join(outbox, file), 'utf8');
          const to = /^To: (.+)$/m.exec(eml)?.[1]?.trim();
          const title = /^Subject: (.+)$/m.exec(eml)?.[1]?.trim() ?? '';
          if (to !== email || !subject.test(title)) continue;
          const text = decode(eml).toString('utf8');
          link = /https?:\/\/\S+\/api\/auth\/\S+/.exec(text)?.[0];
          if (link) return true;
        }
        return false;
      },
      { timeout: 10_000, message: `an e-mail to ${email} matching ${subject}` },
    )
    .toBe(true);
  return link!;
}

/**
 * Registers and confirms an account through Better Auth's HTTP endpoints (as the register page
 * and the e-mail link would), optionally giving it a staff role in the database.
 */
export async function createAccount(
  request: APIRequestContext,
  account: {
    name: string;
    email: string;
    password: string;
    admin?: boolean;
    /** A staff role (decision 034): 'counter' or 'workshop'; `admin` makes the owner. */
    role?: 'counter' | 'workshop';
  },
): Promise<void> {
  const headers = {
    Origin: new URL(process.env.E2E_BASE_URL!).origin,
    'X-Forwarded-For': uniqueClientIp(),
  };
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers,
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(signUp.status()).toBe(200);
  const verify = await request.get(await outboxLink(account.email, /Confirm your e-mail/), {
    headers: { 'X-Forwarded-For': uniqueClientIp() },
    maxRedirects: 0,
  });
  expect(verify.status()).toBe(302);
  const role = account.admin ? 'admin' : account.role;
  if (role) {
    await withDatabase((client) =>
      client.query(`update "user" set role = $2 where email = $1`, [account.email, role]),
    );
  }
}

/** Signs in through the /login page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A browser context of its own (its own client address, so rate limits never meet) signed in
 * as `email` through /login, at `viewport` (desktop by default); waits for `landing`, or for
 * the page to leave /login.
 */
export async function signedInPage(
  browser: Browser,
  email: string,
  password: string,
  options: { viewport?: { width: number; height: number }; landing?: RegExp } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientIp() },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email, password);
  if (options.landing) await expect(page).toHaveURL(options.landing);
  else await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** A unique tag for one run's rows (slugs, codes). */
export function runTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A product of category `categorySlug` at `pricePaise` with its one size, M, as a variant at
 * that price (decision "size variants"), made through the database; answers its id.
 */
export async function insertProductInSizeM(
  categorySlug: string,
  name: string,
  pricePaise: number,
): Promise<number> {
  return withDatabase(async (client) => {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const { rows } = await client.query<{ id: number }>(
      `insert into products (slug, name, description, category_id, price_paise, colors)
       select $1, $2, 'A product made by an end-to-end test.', c.id, $3, '{White}'
       from categories c where c.slug = $4
       returning id`,
      [slug, name, pricePaise, categorySlug],
    );
    await client.query(
      `insert into product_variants (product_id, size, sku, price_paise) values ($1, 'M', $2, $3)`,
      [rows[0]!.id, `${slug.toUpperCase()}-M`, pricePaise],
    );
    return rows[0]!.id;
  });
}

/** The text of the PDF at `href`, fetched with `page`'s session, spaces collapsed. */
export async function pdfTextAt(page: Page, href: string): Promise<string> {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(
    await getDocumentProxy(new Uint8Array(await response.body())),
    { mergePages: true },
  );
  return text.replace(/\s+/g, ' ');
}

/** Opens product `id`'s page and adds it to the cart, waiting for the "Added to cart" toast. */
export async function addToCartFromProductPage(page: Page, id: number | string): Promise<void> {
  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Added to cart' }).first(),
  ).toBeVisible();
}
