/**
 * Invoice numbers under concurrent payments (issue 21 "Done when"): 20 bespoke orders paid in
 * full at the same moment at the counter queue 20 invoice jobs, which two workers (two
 * instances) run at once; the invoices are numbered 1 to 20 with no gap and no duplicate. On
 * PGlite, and on PostgreSQL in CI's second run.
 */
import { inArray } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { bespokeGarments, invoices, orders, user } from '~/lib/schema.server';
import { recordCounterPayment } from '~/features/payments/admin-payments.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { createTestJobs, type RecordedMessage } from '../../../tests/support/test-jobs';

let database: TestDatabase;
let context: AppLoadContext;
const admin = { id: 'numbering-admin', email: 'numbering-admin@example.com' };

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'numbering-secret' }),
    env: { PUBLIC_URL: 'http://shop.test' },
    catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
    linkSecret: 'integration-test-link-secret',
  } as unknown as AppLoadContext;
  await database.db
    .insert(user)
    .values({ ...admin, name: 'Counter', emailVerified: true, role: 'admin' });
});

afterAll(async () => {
  await database?.dispose();
});

/** A bespoke order of one kurta at `pricePaise`, nothing paid yet. */
async function bespokeOrder(n: number, pricePaise: number) {
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `RT-NUM-${n}`,
      kind: 'bespoke',
      amountPaise: pricePaise,
      customerName: `Client ${n}`,
      email: `client${n}@example.com`,
      phone: '+919876543210',
      address: '4 Kalawad Road',
      city: 'Rajkot',
      state: n % 2 === 0 ? 'Gujarat' : 'Maharashtra',
      pincode: '360005',
      provider: 'sandbox',
    })
    .returning();
  await database.db.insert(bespokeGarments).values({
    orderId: order!.id,
    garmentType: 'kurta',
    fabricCode: `K-${n}`,
    fabricName: 'Cotton silk',
    fabricPricePerMetrePaise: 80_000,
    consumptionCm: 250,
    options: [],
    quotePaise: pricePaise,
    pricePaise,
  });
  return order!;
}

describe(`invoice numbers on ${testDatabaseKind}`, () => {
  it('stay consecutive when 20 orders are paid at once and two workers issue their invoices', async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bespokeOrder(i + 1, 420_000 + i * 1_000)),
    );
    const answers = await Promise.all(
      made.map((order) =>
        recordCounterPayment(context, admin, {
          number: order.number,
          method: 'upi',
          amount: order.amountPaise,
          reference: `UPI-${order.number}`,
        }),
      ),
    );
    expect(answers.every((answer) => answer.includes('The order is paid in full.'))).toBe(true);

    const sent: RecordedMessage[] = [];
    const [one, two] = [
      createTestJobs(database.db, { sent }),
      createTestJobs(database.db, { sent }),
    ];
    // Two instances' workers take the 20 invoice jobs (and the messages they queue) at once.
    for (let round = 0; round < 5; round++) await Promise.all([one.runDue(), two.runDue()]);

    const issued = await database.db
      .select({ number: invoices.number, sequence: invoices.sequence, orderId: invoices.orderId })
      .from(invoices)
      .where(
        inArray(
          invoices.orderId,
          made.map((order) => order.id),
        ),
      );
    expect(issued).toHaveLength(20);
    expect(new Set(issued.map((row) => row.orderId)).size).toBe(20);
    expect(issued.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // Each invoice was e-mailed once, with its PDF.
    const mails = sent.filter((entry) => entry.channel === 'email');
    expect(mails.filter((entry) => /Tax invoice/.test(entry.message.subject ?? ''))).toHaveLength(
      20,
    );
    for (const row of issued) {
      expect(row.number).toMatch(/^RT\/\d\d-\d\d\/\d{6}$/);
      expect(row.number.endsWith(String(row.sequence).padStart(6, '0'))).toBe(true);
    }
  });
});
