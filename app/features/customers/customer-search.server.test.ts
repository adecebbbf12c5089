/**
 * The one customer search (issue 30 item 1) through the loaders of every screen that looks a
 * customer up: /admin/customers (everyone the shop serves, the linked account in its record's
 * row; decision 029), /admin/appointments/new and /admin/orders/new. Each spelling of one phone, whole or begun, finds the same person and not
 * the neighbour whose number differs by one digit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '~/lib/schema.server';
import * as appointmentNewRoute from '~/routes/admin/appointment-new';
import * as customersRoute from '~/routes/admin/customers';
import * as orderNewRoute from '~/routes/admin/order-new';
import {
  createTestApp,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';

let app: TestApp;
let adminCookie: string;
let personId: number;
let personAccountId: string;

beforeAll(async () => {
  app = await createTestApp();
  adminCookie = (await app.signedIn('admin', 'search-admin@example.com')).cookie;
  personAccountId = (await app.signedIn('user', 'meera.search@example.com')).userId;
  const [person] = await app.database.db
    .insert(customers)
    .values({
      name: 'Meera Searchable',
      phone: '+919825012345',
      email: 'meera.search@example.com',
      userId: personAccountId,
    })
    .returning({ id: customers.id });
  personId = person!.id;
  // A neighbour: one digit apart, found by none of the spellings.
  await app.database.db
    .insert(customers)
    .values({ name: 'Neighbour Other', phone: '+919825012346' });
});
afterAll(() => app?.dispose());

/** The ids each screen lists for the search `q`, by screen. */
async function foundOnEveryScreen(q: string): Promise<Record<string, (number | string)[]>> {
  const query = encodeURIComponent(q);
  const load = async (route: { loader: (args: never) => Promise<unknown> }, path: string) => {
    const outcome = await routeOutcome(() =>
      route.loader({
        request: pageGet(path, adminCookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect(outcome.status, path).toBe(200);
    return outcome.data as Record<string, unknown>;
  };
  const booking = (await load(appointmentNewRoute, `/admin/appointments/new?q=${query}`)) as {
    matches: { id: number }[];
  };
  const order = (await load(orderNewRoute, `/admin/orders/new?q=${query}`)) as {
    data: { matches: { id: number }[] };
  };
  const everyone = (await load(customersRoute, `/admin/customers?q=${query}`)) as {
    rows: { recordId: number | null; account: { id: string } | null }[];
  };
  return {
    customers: everyone.rows.map((row) => row.recordId ?? 'no record'),
    appointment: booking.matches.map((row) => row.id),
    order: order.data.matches.map((row) => row.id),
    accounts: everyone.rows.flatMap((row) => (row.account ? [row.account.id] : [])),
  };
}

describe(`one customer search on ${testDatabaseKind}`, () => {
  it.each([
    '09825012345',
    '+91 98250 12345',
    '9825012345',
    '098250-12345',
    '919825012345',
    '0091 98250 12345',
  ])('finds the one customer by %j on every screen', async (spelling) => {
    expect(await foundOnEveryScreen(spelling)).toEqual({
      customers: [personId],
      appointment: [personId],
      order: [personId],
      accounts: [personAccountId],
    });
  });

  it.each(['09825', '+91 98250', '098250 1234', '2501234'])(
    'finds both records beginning %j on every screen, and the account linked to one',
    async (start) => {
      const found = await foundOnEveryScreen(start);
      for (const screen of ['customers', 'appointment', 'order'] as const) {
        expect(found[screen], screen).toHaveLength(2);
        expect(found[screen], screen).toContain(personId);
      }
      expect(found.accounts).toEqual([personAccountId]);
    },
  );

  it('still finds by part of the name or the e-mail, in any case', async () => {
    for (const text of ['meera SEARCH', 'MEERA.search@']) {
      const found = await foundOnEveryScreen(text);
      expect(found.customers, text).toEqual([personId]);
      expect(found.appointment, text).toEqual([personId]);
      expect(found.order, text).toEqual([personId]);
      expect(found.accounts, text).toEqual([personAccountId]);
    }
  });

  it('finds nobody by a number nobody has, nor by a wildcard', async () => {
    for (const text of ['+91 70000 00000', '%', '_9825']) {
      const found = await foundOnEveryScreen(text);
      expect(found, text).toEqual({ customers: [], appointment: [], order: [], accounts: [] });
    }
  });
});
