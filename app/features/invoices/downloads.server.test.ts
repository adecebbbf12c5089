/**
 * Invoice and credit-note downloads (issue 21 item 5): the shopper gets their own order's PDFs
 * from the account (`private, no-store`); another shopper and a visitor get 404, as does an id
 * that is not this order's credit note; a bespoke order is the shopper's through the customer
 * record linked to their account. The admin register lists and exports the documents, and the
 * order pages list them.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bespokeGarments, customers, orderLines, orders, payments } from '~/lib/schema.server';
import {
  createTestApp,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import * as accountInvoiceRoute from '~/routes/account.order-invoice';
import * as accountCreditNoteRoute from '~/routes/account.order-credit-note';
import * as accountOrderRoute from '~/routes/account.order';
import * as adminInvoicesRoute from '~/routes/admin/invoices';
import * as exportRoute from '~/routes/admin/invoices-export';
import { issueCreditNote, issueInvoice } from './invoices.server';

let app: TestApp;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };
let shopOrder: { number: string; invoiceNumber: string; creditNoteId: number };
let bespokeNumber: string;

beforeAll(async () => {
  app = await createTestApp();
  owner = await app.signedIn('user');
  other = await app.signedIn('user');
  admin = await app.signedIn('admin');
  const db = app.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      number: 'RT-DL-1',
      userId: owner.userId,
      status: 'paid',
      amountPaise: 224_000,
      customerName: '=Kiran, "KD" Desai',
      email: 'kiran@example.com',
      phone: '+919876543210',
      address: '3 Amin Marg',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      provider: 'sandbox',
      paidAt: new Date(),
    })
    .returning();
  await db
    .insert(orderLines)
    .values({ orderId: order!.id, name: 'Linen shirt', unitPricePaise: 112_000, quantity: 2 });
  const invoice = await issueInvoice(db, order!.id, new Date('2026-11-20T06:00:00Z'));
  const [refund] = await db
    .insert(payments)
    .values({
      orderId: order!.id,
      kind: 'refund',
      method: 'online',
      status: 'succeeded',
      amountPaise: -112_000,
    })
    .returning();
  const note = await issueCreditNote(db, refund!.id, new Date('2026-11-21T06:00:00Z'));
  if (!invoice.ok || !note.ok) throw new Error('not issued');
  shopOrder = {
    number: order!.number,
    invoiceNumber: invoice.issued.number,
    creditNoteId: note.issued.id,
  };

  const [record] = await db
    .insert(customers)
    .values({ name: 'Owner', phone: '+919800000001', userId: owner.userId })
    .returning();
  const [bespoke] = await db
    .insert(orders)
    .values({
      number: 'RT-DL-B',
      kind: 'bespoke',
      customerId: record!.id,
      status: 'paid',
      amountPaise: 1_120_000,
      customerName: 'Owner',
      email: 'owner@example.com',
      phone: '+919800000001',
      address: '1 Main Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
    })
    .returning();
  await db.insert(bespokeGarments).values({
    orderId: bespoke!.id,
    garmentType: 'kurta',
    fabricName: 'Khadi',
    fabricPricePerMetrePaise: 50_000,
    consumptionCm: 250,
    options: [],
    quotePaise: 1_120_000,
    pricePaise: 1_120_000,
  });
  await issueInvoice(db, bespoke!.id);
  bespokeNumber = bespoke!.number;
});
afterAll(() => app?.dispose());

const get = (
  route: { loader: (args: never) => Promise<unknown> },
  path: string,
  params: Record<string, string>,
  cookie?: string,
) =>
  routeOutcome(() =>
    route.loader({ request: pageGet(path, cookie), context: app.context, params } as never),
  );

describe(`invoice downloads on ${testDatabaseKind}`, () => {
  it("gives the owner their order's invoice and credit note, never cached", async () => {
    const path = `/account/orders/${shopOrder.number}/invoice.pdf`;
    const response = (await accountInvoiceRoute.loader({
      request: pageGet(path, owner.cookie),
      context: app.context,
      params: { number: shopOrder.number },
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(await response.arrayBuffer())),
      { mergePages: true },
    );
    expect(text).toContain(shopOrder.invoiceNumber);
    expect(text).toContain('Maharashtra (code 27)');

    const note = await get(
      accountCreditNoteRoute,
      `/account/orders/${shopOrder.number}/credit-notes/${shopOrder.creditNoteId}`,
      { number: shopOrder.number, id: String(shopOrder.creditNoteId) },
      owner.cookie,
    );
    expect(note.status).toBe(200);
    const bespoke = await get(
      accountInvoiceRoute,
      `/account/orders/${bespokeNumber}/invoice.pdf`,
      { number: bespokeNumber },
      owner.cookie,
    );
    expect(bespoke.status).toBe(200);
  });

  it.each([
    ['a visitor', () => undefined],
    ['another shopper', () => other.cookie],
    ['an administrator on the shopper route', () => admin.cookie],
  ])('answers %s 404', async (_who, cookie) => {
    for (const [route, path, params] of [
      [
        accountInvoiceRoute,
        `/account/orders/${shopOrder.number}/invoice.pdf`,
        { number: shopOrder.number },
      ],
      [
        accountCreditNoteRoute,
        `/account/orders/${shopOrder.number}/credit-notes/${shopOrder.creditNoteId}`,
        { number: shopOrder.number, id: String(shopOrder.creditNoteId) },
      ],
      [
        accountInvoiceRoute,
        `/account/orders/${bespokeNumber}/invoice.pdf`,
        { number: bespokeNumber },
      ],
    ] as const) {
      expect((await get(route, path, params, cookie())).status).toBe(404);
    }
  });

  it.each(['999999', '0', '-1', '1e3', 'x', '99999999999999999999'])(
    'answers the owner 404 for credit note id %s',
    async (id) => {
      const outcome = await get(
        accountCreditNoteRoute,
        `/account/orders/${shopOrder.number}/credit-notes/${id}`,
        { number: shopOrder.number, id },
        owner.cookie,
      );
      expect(outcome.status).toBe(404);
    },
  );

  it("lists the documents on the owner's order page", async () => {
    const outcome = await get(
      accountOrderRoute,
      `/account/orders/${shopOrder.number}`,
      { number: shopOrder.number },
      owner.cookie,
    );
    const documents = (outcome.data as { documents: { kind: string; number: string }[] }).documents;
    expect(documents.map((doc) => doc.kind)).toEqual(['invoice', 'credit_note']);
  });

  it('lists and exports the register for the accountant', async () => {
    const page = await get(adminInvoicesRoute, '/admin/invoices?year=2026-27', {}, admin.cookie);
    const register = page.data as {
      rows: {
        number: string;
        kind: string;
        cgstPaise: number;
        sgstPaise: number;
        igstPaise: number;
        taxPaise: number;
      }[];
      years: string[];
      sums: {
        invoices: { count: number; totalPaise: number; taxPaise: number };
        creditNotes: { totalPaise: number; taxPaise: number };
        net: { totalPaise: number; taxPaise: number };
      };
    };
    expect(register.years).toEqual(['2026-27']);
    expect(register.rows.map((row) => row.kind).sort()).toEqual([
      'credit_note',
      'invoice',
      'invoice',
    ]);
    expect(register.sums.invoices).toMatchObject({ count: 2, totalPaise: 224_000 + 1_120_000 });
    expect(register.sums.creditNotes.totalPaise).toBe(112_000);
    // The screen's derived figures come from the loader (issue 30 item 4).
    expect(register.sums.net).toEqual({
      totalPaise: 224_000 + 1_120_000 - 112_000,
      taxPaise: register.sums.invoices.taxPaise - register.sums.creditNotes.taxPaise,
    });
    for (const row of register.rows) {
      expect(row.taxPaise).toBe(row.cgstPaise + row.sgstPaise + row.igstPaise);
    }
    expect(register.rows.some((row) => row.taxPaise > 0)).toBe(true);

    const response = (await exportRoute.loader({
      request: pageGet('/admin/invoices/export.csv?year=2026-27', admin.cookie),
      context: app.context,
      params: {},
    } as never)) as Response;
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Type,Number,Date,Order,Customer,Place of supply,Against invoice,Taxable value,CGST,SGST,IGST,Total',
    );
    // The formula-looking name is defused and quoted; IGST out of state, at the fallback 5%.
    expect(lines[1]).toBe(
      `Tax invoice,${shopOrder.invoiceNumber},2026-11-20,RT-DL-1,"'=Kiran, ""KD"" Desai",Maharashtra (27),,2133.33,0.00,0.00,106.67,2240.00`,
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^Credit note,CN/26-27/000001,2026-11-21,RT-DL-1,.*,${shopOrder.invoiceNumber.replaceAll('/', '\\/')},1066.67,0.00,0.00,53.33,1120.00$`,
      ),
    );
    expect(lines).toHaveLength(4);
  });
});
