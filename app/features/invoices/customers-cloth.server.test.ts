/**
 * Issue 29 item 1 ("tailoring where the customer brings the cloth: a service code and rate")
 * and item 3 (an advance's receipt voucher, its refund voucher): a bespoke garment made at the
 * counter on the customer's own cloth is priced at its making charge, invoiced as a service
 * under the settings' tailoring SAC at that SAC's rule, and an advance on it is taxed on its
 * receipt voucher (pro rata to the service's share of the order), the tax reversed on the
 * refund voucher when the advance is returned before any invoice.
 */
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { shopDateOf } from '~/lib/shop-time';
import { bespokeGarments, customers, invoices, orders, payments, user } from '~/lib/schema.server';
import {
  addGarment,
  addGarmentSchema,
  createBespokeOrder,
  createBespokeOrderSchema,
} from '~/features/bespoke/bespoke-orders.server';
import { recordCounterPayment } from '~/features/payments/admin-payments.server';
import { seedStyleOptions } from '~/seed/seed.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { createTestJobs } from '../../../tests/support/test-jobs';
import type { InvoiceDocument } from './document';
import { gstr1Data } from './gstr1.server';
import { invoicePdf } from './pdf.server';

let database: TestDatabase;
let context: AppLoadContext;
let clientId: number;
const admin = { id: 'cloth-admin', email: 'cloth-admin@example.com' };

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'cloth-test-secret' }),
    env: { PUBLIC_URL: 'http://shop.test' },
    linkSecret: 'integration-test-link-secret',
    catalogue: { settings: async () => ({ shopName: 'Test Tailors' }) },
  } as unknown as AppLoadContext;
  await seedStyleOptions(database.db);
  await database.db.insert(user).values({
    id: admin.id,
    name: 'Counter Admin',
    email: admin.email,
    emailVerified: true,
    role: 'admin',
  });
  const [client] = await database.db
    .insert(customers)
    .values({ name: 'Nilesh Dave', phone: '+919825098765', email: 'nilesh@example.com' })
    .returning();
  clientId = client!.id;
});
afterAll(() => database?.dispose());

/** A counter order of one shirt on the customer's own cloth (the default making charge). */
async function shirtOnOwnCloth() {
  const { number } = await createBespokeOrder(
    database.db,
    admin,
    createBespokeOrderSchema.parse({
      customerId: String(clientId),
      address: '8 Yagnik Road',
      city: 'Rajkot',
      pincode: '360001',
      garmentType: 'shirt',
      fabricSource: 'customer',
      fabricName: 'Blue linen, 1.6 m',
    }),
    'sandbox',
  );
  const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
  return order!;
}

const documentsOf = (orderId: number) =>
  database.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);

async function pdfText(document: InvoiceDocument) {
  const pdf = await invoicePdf(document);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

describe(`tailoring on the customer's own cloth on ${testDatabaseKind}`, () => {
  it('charges the making charge, taxes the advance’s service share and invoices the garment under the tailoring SAC', async () => {
    const queue = createTestJobs(database.db);
    const order = await shirtOnOwnCloth();
    const [shirt] = await database.db
      .select()
      .from(bespokeGarments)
      .where(eq(bespokeGarments.orderId, order.id));
    // The shirt's making charge is ₹1,800 (bespoke settings); the cloth adds nothing.
    expect(shirt).toMatchObject({
      customerCloth: true,
      fabricName: 'Blue linen, 1.6 m',
      fabricProductId: null,
      fabricPricePerMetrePaise: 0,
      quotePaise: 180_000,
      pricePaise: 180_000,
    });
    expect(order.amountPaise).toBe(180_000);

    // A kurta of the shop's cloth on the same order is goods: base ₹2,200 + 2.5 m × ₹900.
    await addGarment(
      database.db,
      admin,
      addGarmentSchema.parse({
        number: order.number,
        garmentType: 'kurta',
        fabricSource: 'store',
        fabricCode: 'RK-9',
        fabricName: 'Ivory cotton',
        fabricPrice: '900',
      }),
    );

    // An advance of ₹3,000 on ₹6,250: the shirt's share is 3,000 × 1,800 / 6,250 = ₹864.00,
    // taxed now at 5% (₹822.86 + ₹20.57 + ₹20.57); the kurta's ₹2,136 is goods, not taxed.
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 300_000,
      reference: 'Slip 9',
    });
    await queue.runDue();
    const [voucher] = await documentsOf(order.id);
    expect(voucher!.kind).toBe('receipt_voucher');
    const receipt = voucher!.document as unknown as InvoiceDocument;
    expect(
      receipt.lines.map((line) => [
        line.code,
        line.ratePercent,
        line.grossPaise,
        line.taxablePaise,
        line.cgstPaise,
        line.sgstPaise,
      ]),
    ).toEqual([
      ['998821', 5, 86_400, 82_286, 2_057, 2_057],
      ['6211', 0, 213_600, 213_600, 0, 0],
    ]);
    expect(receipt.totals).toEqual({
      taxablePaise: 295_886,
      cgstPaise: 2_057,
      sgstPaise: 2_057,
      igstPaise: 0,
      totalPaise: 300_000,
    });
    const receiptText = await pdfText(receipt);
    for (const expected of [
      'Advance towards Tailoring service: bespoke shirt stitched from the customer’s own cloth (Blue linen, 1.6 m)',
      '998821 1 OTH 864.00 822.86 5% 20.57 @2.5% 20.57 @2.5%',
      'Central tax (CGST) ₹20.57 State tax (SGST) ₹20.57',
    ]) {
      expect(receiptText, expected).toContain(expected);
    }

    // The balance: the tax invoice prints the shirt as a service under SAC 998821 at 5% on
    // its making charge (₹1,800 = ₹1,714.29 + ₹42.85 + ₹42.86), one 'NOS'.
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'upi',
      amount: 325_000,
      reference: 'UPI 12',
    });
    await queue.runDue();
    const invoice = (await documentsOf(order.id)).find((row) => row.kind === 'invoice');
    const document = invoice!.document as unknown as InvoiceDocument;
    expect(document.lines[0]).toMatchObject({
      description:
        'Tailoring service: bespoke shirt stitched from the customer’s own cloth (Blue linen, 1.6 m)',
      code: '998821',
      quantity: 1,
      unit: 'NOS',
      ratePercent: 5,
      grossPaise: 180_000,
      taxablePaise: 171_429,
      cgstPaise: 4_285,
      sgstPaise: 4_286,
    });
    expect(document.lines[1]).toMatchObject({ code: '6211', unit: 'PCS', grossPaise: 445_000 });
    expect(await pdfText(document)).toContain('998821 1 NOS');

    // GSTR-1 of the month: the advance's service part received (at) and, the invoice issued
    // in the same month, adjusted (atadj); the shirt in hsn under SAC 998821 as 'NA'.
    const month = { kind: 'month' as const, month: shopDateOf(invoice!.issuedAt).slice(0, 7) };
    const data = await gstr1Data(database.db, month);
    const atRow = { pos: '24-Gujarat', ratePercent: 5, taxablePaise: 82_286, cgstPaise: 2_057 };
    expect(data.at).toContainEqual(expect.objectContaining(atRow));
    expect(data.atadj).toContainEqual(expect.objectContaining(atRow));
    expect(data.hsnB2c).toContainEqual(
      expect.objectContaining({ code: '998821', uqc: 'NA', quantity: 0, taxablePaise: 171_429 }),
    );
  });

  it('reverses the advance’s tax on the refund voucher when it is returned before any invoice', async () => {
    const queue = createTestJobs(database.db);
    const order = await shirtOnOwnCloth();
    await recordCounterPayment(context, admin, {
      number: order.number,
      method: 'cash',
      amount: 100_000,
      reference: '',
    });
    await queue.runDue();
    const [advance] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    const [refund] = await database.db
      .insert(payments)
      .values({
        orderId: order.id,
        kind: 'refund',
        method: 'cash',
        status: 'succeeded',
        amountPaise: -100_000,
        refundOfId: advance!.id,
        reason: 'Customer took the cloth back',
        settledAt: new Date(),
      })
      .returning();
    await enqueueJob(database.db, {
      kind: 'credit-note.issue',
      payload: { paymentId: refund!.id },
    });
    await queue.runDue();
    const [receipt, voucher] = await documentsOf(order.id);
    expect([receipt!.kind, voucher!.kind]).toEqual(['receipt_voucher', 'refund_voucher']);
    const charged = (receipt!.document as unknown as InvoiceDocument).totals;
    const reversed = (voucher!.document as unknown as InvoiceDocument).totals;
    // ₹1,000 at 5%: ₹952.38 + ₹23.81 + ₹23.81, charged and reversed alike.
    expect(charged).toEqual({
      taxablePaise: 95_238,
      cgstPaise: 2_381,
      sgstPaise: 2_381,
      igstPaise: 0,
      totalPaise: 100_000,
    });
    expect(reversed).toEqual(charged);
    const text = await pdfText(voucher!.document as unknown as InvoiceDocument);
    expect(text).toContain('Tax reversed');
    expect(text).toContain('998821 1 OTH 1,000.00 952.38 5% 23.81 @2.5% 23.81 @2.5%');
    expect(text).not.toContain('No GST was charged');
  });
});
