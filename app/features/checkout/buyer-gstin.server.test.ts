/**
 * A buyer's GSTIN at checkout (issue 29 item 4): optional; a GSTIN with a wrong check character
 * or of another state than the delivery is refused with a field message and 400, and no order;
 * a valid one is kept on the order with its legal name, and the invoice names it as the
 * recipient's GSTIN, in its snapshot and its PDF.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '~/features/cart/cart.server';
import { gstinProblem } from '~/features/invoices/gstin';
import { issueInvoice } from '~/features/invoices/invoices.server';
import { invoicePdf } from '~/features/invoices/pdf.server';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { orders } from '~/lib/schema.server';
import * as checkoutRoute from '~/routes/checkout';
import { SAMPLE_CHECKOUT_DETAILS } from '../../../tests/support/checkout-details';
import {
  createTestApp,
  formPost,
  insertSampleProduct,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A valid GSTIN for its first 14 characters (the check character found by trying each). */
const gstin = (first14: string) =>
  [...BASE36].map((c) => first14 + c).find((candidate) => gstinProblem(candidate) === null)!;

let app: TestApp;
let productId: number;

beforeAll(async () => {
  app = await createTestApp();
  productId = await insertSampleProduct(app.database.db, 250_000);
});

afterAll(async () => {
  await app?.dispose();
});

/** A shopper with one product in the cart, and a checkout of `fields` for them. */
async function shopper() {
  const { cookie, userId } = await app.signedIn('user');
  await addToCart(app.database.db, userId, { productId, size: '', color: '', quantity: 1 });
  const context = {
    ...app.context,
    payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'gstin-secret' }),
  } as unknown as AppLoadContext;
  const checkout = async (fields: Record<string, string>) => {
    const response = (await checkoutRoute.action({
      request: formPost('/checkout', { ...SAMPLE_CHECKOUT_DETAILS, ...fields }, cookie),
      context,
      params: {},
    } as never)) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const ordersOf = () => app.database.db.select().from(orders).where(eq(orders.userId, userId));
  return { checkout, ordersOf };
}

describe(`a buyer's GSTIN at checkout on ${testDatabaseKind}`, () => {
  it('refuses a GSTIN with a wrong check character, or of another state, and places no order', async () => {
    const { checkout, ordersOf } = await shopper();
    const valid = gstin('24AAACR5055K1Z');
    const typo = `${valid.slice(0, 14)}${valid[14] === 'A' ? 'B' : 'A'}`;
    const wrong = await checkout({ gstin: typo });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      ok: false,
      errors: { gstin: expect.stringMatching(/check character does not match/) },
    });
    const short = await checkout({ gstin: '24AAACR' });
    expect(short.body).toMatchObject({ errors: { gstin: 'A GSTIN has 15 characters.' } });
    const elsewhere = await checkout({ gstin: gstin('27AABCT1332L1Z') });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({
      errors: {
        gstin:
          'This GSTIN is registered in Maharashtra, but the delivery is to Gujarat. Please give your GSTIN for Gujarat, or leave it empty.',
      },
    });
    expect(await ordersOf()).toEqual([]);
  });

  it('keeps a valid GSTIN on the order and prints it on the invoice as the recipient’s', async () => {
    const { checkout, ordersOf } = await shopper();
    const buyer = gstin('24AAACR5055K1Z');
    const placed = await checkout({
      gstin: buyer.toLowerCase(),
      gstinName: 'Rajkot Uniforms Pvt Ltd',
    });
    expect(placed.status).toBe(200);
    const [order] = await ordersOf();
    expect(order).toMatchObject({ buyerGstin: buyer, buyerLegalName: 'Rajkot Uniforms Pvt Ltd' });
    await app.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, order!.id));
    const issued = await issueInvoice(app.database.db, order!.id);
    if (!issued.ok) throw new Error('no invoice');
    expect(issued.issued.document.recipient).toMatchObject({
      gstin: buyer,
      legalName: 'Rajkot Uniforms Pvt Ltd',
    });
    const pdf = await getDocumentProxy(new Uint8Array(await invoicePdf(issued.issued.document)));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(`GSTIN/UIN of the recipient: ${buyer}`);
    expect(text).toContain('Legal name: Rajkot Uniforms Pvt Ltd');
  });

  it('places a consumer’s order without a GSTIN', async () => {
    const { checkout, ordersOf } = await shopper();
    expect((await checkout({})).status).toBe(200);
    const [order] = await ordersOf();
    expect(order).toMatchObject({ buyerGstin: null, buyerLegalName: null });
  });
});
