/**
 * Cache rules of personal and back-office data (issue 28 item 5): every route behind a sign-in,
 * taken from `app/routes.ts` (everything under /account and /admin, and every other route
 * whose module reads the session), answers `Cache-Control: private, no-store` and
 * `Vary: Cookie` to the signed-in role it is for, both as a page (`/x`) and as React Router's
 * data URL (`/x.data`; React Router 7.18 names the root `/_root.data`, and an index route such
 * as /admin `/admin.data`), whatever the status.
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import routes from '../../app/routes';
import { createAccount, uniqueClientIp, uniqueEmail, withDatabase } from './support';

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

interface FlatRoute {
  /** The full path pattern, e.g. `admin/orders/:number` ('' for the home page). */
  pattern: string;
  /** The module files of the route and of the layouts around it. */
  files: string[];
}

/** Every route of the config with its full path and the files that answer it. */
function flatten(entries: RouteEntry[], parent = '', files: string[] = []): FlatRoute[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ''].filter(Boolean).join('/');
    const chain = [...files, entry.file];
    const own = entry.children ? [] : [{ pattern, files: chain }];
    return [...own, ...flatten(entry.children ?? [], pattern, chain)];
  });
}

/** A module reads the session when it calls one of the session helpers. */
const READS_SESSION = /\b(requireUser|requireAdmin|getSessionUser)\(/;

/** The routes behind a sign-in: /account and /admin, and any route reading the session. */
async function signedInRoutes(): Promise<FlatRoute[]> {
  const all = flatten(routes as unknown as RouteEntry[]);
  const chosen: FlatRoute[] = [];
  for (const route of all) {
    const first = route.pattern.split('/')[0];
    if (first === 'admin' || first === 'account') {
      chosen.push(route);
      continue;
    }
    const sources = await Promise.all(
      route.files.map((file) => fs.readFile(path.join('app', file), 'utf8')),
    );
    if (sources.some((source) => READS_SESSION.test(source))) chosen.push(route);
  }
  return chosen;
}

const PASSWORD = 'a-long-cache-rules-password-5';
const origin = () => process.env.E2E_BASE_URL!;

/** Signs `email` in through Better Auth; resolves to the session cookie. */
async function sessionCookie(email: string): Promise<string> {
  const response = await fetch(`${origin()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: origin(),
      'x-forwarded-for': uniqueClientIp(),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.includes('session_token='))
    .join('; ');
}

test('every route behind a sign-in answers private, no-store as a page and as data', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const chosen = await signedInRoutes();
  // The config is read for real: the pages the review named are among them.
  for (const named of ['account/measurements', 'admin/customers/:id', 'admin/orders/:number']) {
    expect(chosen.map((route) => route.pattern)).toContain(named);
  }

  const customerEmail = uniqueEmail('cache-shopper');
  const adminEmail = uniqueEmail('cache-admin');
  await createAccount(request, { name: 'Cache Shopper', email: customerEmail, password: PASSWORD });
  await createAccount(request, {
    name: 'Cache Admin',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  const customer = await sessionCookie(customerEmail);
  const admin = await sessionCookie(adminEmail);

  // The shopper's own set of measurements makes their client record and a shirt profile.
  const measured = await fetch(`${origin()}/account/measurements`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: customer,
      origin: origin(),
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': uniqueClientIp(),
    },
    body: new URLSearchParams({
      intent: 'submit-measurements',
      garment: 'shirt',
      unit: 'cm',
      fit: 'regular',
      phone: '9825011111',
      neck: '39',
      chest: '102',
      waist: '90',
      seat: '100',
      shoulder: '46',
      sleeve: '63',
      cuff: '24',
      length: '76',
      bicep: '33',
    }).toString(),
  });
  expect(measured.status).toBe(302);

  const orderNumber = `RT-CACHE-${Date.now().toString(36).toUpperCase()}`;
  const ids = await withDatabase(async (db) => {
    const { rows: users } = await db.query<{ id: string }>(
      'select id from "user" where email = $1',
      [customerEmail],
    );
    const { rows: clients } = await db.query<{ id: number }>(
      'select id from customers where user_id = $1',
      [users[0]!.id],
    );
    const { rows: products } = await db.query<{ id: number }>(
      'select id from products order by id limit 1',
    );
    await db.query(
      `insert into orders (number, user_id, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider)
       values ($1, $2, 'created', 105000, 'Cache Shopper', $3, '+919825011111', '1 Yagnik Road',
         'Rajkot', 'Gujarat', '360001', 'sandbox')`,
      [orderNumber, users[0]!.id, customerEmail],
    );
    return { user: users[0]!.id, client: String(clients[0]!.id), product: String(products[0]!.id) };
  });

  // What each parameter stands for, by route; a new route behind a sign-in must be added here.
  const unknownId = '0b9c2f4e-8a1d-4c3b-9e7f-123456789abc';
  const PARAMS: Record<string, Record<string, string>> = {
    'admin/products/:id': { id: ids.product },
    'admin/orders/:number': { number: orderNumber },
    'admin/customers/:id': { id: ids.client },
    'admin/customers/:id/merge': { id: ids.client },
    'admin/customers/:id/measurements': { id: ids.client },
    'admin/customers/:id/measurements/new': { id: ids.client },
    'admin/customers/:id/measurements/:garment': { id: ids.client, garment: 'shirt' },
    'admin/customers/:id/measurements/:garment/card.pdf': { id: ids.client, garment: 'shirt' },
    'admin/orders/:number/invoice.pdf': { number: orderNumber },
    'admin/orders/:number/packing-slip.pdf': { number: orderNumber },
    'admin/orders/:number/label.pdf': { number: orderNumber },
    'admin/invoices/gstr1/:file': { file: 'b2cs.csv' },
    'admin/orders/:number/credit-notes/:id': { number: orderNumber, id: '1' },
    'admin/measurement-photos/:id': { id: unknownId },
    'admin/return-photos/:id': { id: unknownId },
    'admin/workshop/garments/:garmentId': { garmentId: '1' },
    'admin/workshop/garments/:garmentId/card.pdf': { garmentId: '1' },
    'api/payments/:step': { step: 'order' },
    'account/orders/:number': { number: orderNumber },
    'account/orders/:number/invoice.pdf': { number: orderNumber },
    'account/orders/:number/credit-notes/:id': { number: orderNumber, id: '1' },
    'account/measurements/photos/:id': { id: unknownId },
    'account/return-photos/:id': { id: unknownId },
  };

  const answers: string[] = [];
  /** Every answer without both rules and `Vary: Cookie`, or with a 5xx. */
  const wrong: string[] = [];
  for (const route of chosen) {
    const params = PARAMS[route.pattern] ?? {};
    const concrete = route.pattern.replace(/:(\w+)/g, (_all, name: string) => {
      const value = params[name];
      expect(value, `a value for :${name} of ${route.pattern}`).toBeDefined();
      return encodeURIComponent(value!);
    });
    const page = `/${concrete}`;
    const data = page === '/' ? '/_root.data' : `${page}.data`;
    const cookie = route.pattern.startsWith('admin') ? admin : customer;
    for (const url of [page, data]) {
      const response = await fetch(`${origin()}${url}`, {
        redirect: 'manual',
        headers: { cookie, 'x-forwarded-for': uniqueClientIp() },
      });
      await response.body?.cancel();
      const cacheControl = response.headers.get('cache-control') ?? '';
      const vary = response.headers.get('vary') ?? '';
      answers.push(`${url} ${response.status}`);
      const rules = cacheControl.split(',').map((rule) => rule.trim());
      const varies = vary.split(',').map((name) => name.trim().toLowerCase());
      if (
        response.status >= 500 ||
        !rules.includes('private') ||
        !rules.includes('no-store') ||
        !varies.includes('cookie')
      ) {
        wrong.push(`${url}: ${response.status}, Cache-Control "${cacheControl}", Vary "${vary}"`);
      }
    }
  }
  expect(wrong).toEqual([]);
  // Signed in with the right role, the pages the review named answer with their data.
  for (const named of [
    '/account/measurements 200',
    '/account/measurements.data 200',
    `/admin/customers/${ids.client}.data 200`,
    `/admin/orders/${orderNumber}.data 200`,
    `/account/orders/${orderNumber}.data 200`,
  ]) {
    expect(answers).toContain(named);
  }
});
