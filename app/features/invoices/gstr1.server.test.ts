/**
 * The GSTR-1 export against the register (issue 29 item 4). A month of documents (November
 * 2026): invoices to a registered buyer in Gujarat (B2B intra-state) and in Maharashtra (B2B
 * inter-state), to consumers in Gujarat and Delhi (B2C small), to a consumer in Karnataka above
 * ₹1,00,000 (B2C large), a credit note against each kind, and an advance's refund voucher; an
 * invoice of October stays out. Each sheet's totals (taxable value, IGST, CGST, SGST) equal
 * the register's documents of its kind, and all of them together the register's sums for the
 * month; the CSVs parse back (RFC 4180, checked here) with the offline tool's headers; the
 * JSON fits the portal's shape. The register filters by month, quarter and financial year.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, orderLines, orders, payments, products } from '~/lib/schema.server';
import {
  createTestApp,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import * as gstr1Route from '~/routes/admin/invoices-gstr1';
import * as registerRoute from '~/routes/admin/invoices';
import type { InvoiceDocument } from './document';
import { gstinProblem } from './gstin';
import { GSTR1_HEADERS, gstr1JsonSchema, type Gstr1Json } from './gstr1';
import { issueCreditNote, issueInvoice } from './invoices.server';

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A valid GSTIN for its first 14 characters (the check character found by trying each). */
const gstin = (first14: string) =>
  [...BASE36].map((c) => first14 + c).find((candidate) => gstinProblem(candidate) === null)!;

const GUJARAT_BUYER = gstin('24AAACR5055K1Z');
const MAHARASHTRA_BUYER = gstin('27AABCT1332L1Z');

let app: TestApp;
let admin: { cookie: string };
let user: { cookie: string };
const docs: Record<string, InvoiceDocument> = {};

/** Sums of taxable value and taxes, in paise. */
interface Sums {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}
const zero = (): Sums => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
const ofDocs = (...list: InvoiceDocument[]): Sums =>
  list.reduce(
    (sum, doc) => ({
      taxable: sum.taxable + doc.totals.taxablePaise,
      igst: sum.igst + doc.totals.igstPaise,
      cgst: sum.cgst + doc.totals.cgstPaise,
      sgst: sum.sgst + doc.totals.sgstPaise,
    }),
    zero(),
  );
const minus = (a: Sums, b: Sums): Sums => ({
  taxable: a.taxable - b.taxable,
  igst: a.igst - b.igst,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
});
const plus = (a: Sums, b: Sums): Sums => minus(a, minus(zero(), b));

/** Rupees (as the JSON writes them) to paise. */
const paise = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);

/** A paid order of `lines` for a buyer in `state`, its invoice issued at `issuedAt`. */
async function invoicedOrder(
  number: string,
  state: string,
  lines: { productId: number | null; unitPricePaise: number; quantity: number }[],
  issuedAt: string,
  buyer?: { gstin: string; legalName: string },
) {
  const db = app.database.db;
  const amount = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  const [order] = await db
    .insert(orders)
    .values({
      number,
      status: 'paid',
      amountPaise: amount,
      customerName: `Buyer ${number}`,
      email: `${number.toLowerCase()}@example.com`,
      phone: '+919876543210',
      address: '1 Market Road',
      city: 'City',
      state,
      pincode: '400001',
      provider: 'sandbox',
      paidAt: new Date(issuedAt),
      buyerGstin: buyer?.gstin ?? null,
      buyerLegalName: buyer?.legalName ?? null,
    })
    .returning();
  await db
    .insert(orderLines)
    .values(lines.map((line) => ({ orderId: order!.id, name: `Line of ${number}`, ...line })));
  const outcome = await issueInvoice(db, order!.id, new Date(issuedAt));
  if (!outcome.ok) throw new Error(`no invoice for ${number}`);
  docs[number] = outcome.issued.document;
  return order!.id;
}

/** A settled refund of `amountPaise` on order `orderId`, its documents issued at `issuedAt`. */
async function refunded(name: string, orderId: number, amountPaise: number, issuedAt: string) {
  const [refund] = await app.database.db
    .insert(payments)
    .values({
      orderId,
      kind: 'refund',
      method: 'online',
      status: 'succeeded',
      amountPaise: -amountPaise,
    })
    .returning();
  const outcome = await issueCreditNote(app.database.db, refund!.id, new Date(issuedAt));
  if (!outcome.ok) throw new Error(`no document for ${name}`);
  docs[name] = outcome.issued.document;
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signedIn('admin');
  user = await app.signedIn('user');
  const db = app.database.db;
  const [fabrics, ready] = await db
    .insert(categories)
    .values([
      { name: 'Fabrics', slug: 'fabrics' },
      { name: 'Ready to wear', slug: 'ready-to-wear' },
    ])
    .returning({ id: categories.id });
  const [linen, shirt] = await db
    .insert(products)
    .values([
      { slug: 'linen', name: 'Linen', categoryId: fabrics!.id, pricePaise: 150_000 },
      { slug: 'shirt', name: 'Shirt', categoryId: ready!.id, pricePaise: 304_800 },
    ])
    .returning({ id: products.id });
  const fabric = (quantity: number) => ({
    productId: linen!.id,
    unitPricePaise: 150_000,
    quantity,
  });
  const shirts = (quantity: number) => ({
    productId: shirt!.id,
    unitPricePaise: 304_800,
    quantity,
  });

  // October: outside the month.
  await invoicedOrder('RT-OCT', 'Gujarat', [shirts(1)], '2026-10-31T12:00:00Z');
  const b2bIntra = await invoicedOrder(
    'RT-B2B-GJ',
    'Gujarat',
    [fabric(2), shirts(3)],
    '2026-11-02T06:00:00Z',
    { gstin: GUJARAT_BUYER, legalName: 'Rajkot Uniforms, "RU" Pvt Ltd' },
  );
  await invoicedOrder('RT-B2B-MH', 'Maharashtra', [shirts(2), fabric(1)], '2026-11-03T06:00:00Z', {
    gstin: MAHARASHTRA_BUYER,
    legalName: 'Pune Outfitters LLP',
  });
  const b2csIntra = await invoicedOrder(
    'RT-B2C-GJ',
    'Gujarat',
    [shirts(1), fabric(1)],
    '2026-11-04T06:00:00Z',
  );
  await invoicedOrder('RT-B2C-DL', 'Delhi', [shirts(1)], '2026-11-05T06:00:00Z');
  const large = await invoicedOrder(
    'RT-B2CL-KA',
    'Karnataka',
    [shirts(10), shirts(10), shirts(10), shirts(10)],
    '2026-11-06T06:00:00Z',
  );
  await refunded('CN-B2B', b2bIntra, 304_800, '2026-11-10T06:00:00Z');
  await refunded('CN-B2CL', large, 609_600, '2026-11-11T06:00:00Z');
  await refunded('CN-B2CS', b2csIntra, 150_000, '2026-11-12T06:00:00Z');

  // An advance refunded before any invoice: a refund voucher (docs only).
  const [advanceOrder] = await db
    .insert(orders)
    .values({
      number: 'RT-ADV',
      status: 'created',
      kind: 'bespoke',
      amountPaise: 900_000,
      customerName: 'Advance buyer',
      email: 'adv@example.com',
      phone: '+919876543210',
      address: '1 Market Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
    })
    .returning();
  await db.insert(payments).values({
    orderId: advanceOrder!.id,
    kind: 'payment',
    method: 'cash',
    status: 'succeeded',
    amountPaise: 300_000,
  });
  await refunded('RV-ADV', advanceOrder!.id, 300_000, '2026-11-13T06:00:00Z');
});

afterAll(async () => {
  await app?.dispose();
});

/** A GET of a GSTR-1 file as the administrator. */
async function file(name: string, query: string, cookie = admin.cookie): Promise<Response> {
  try {
    return (await gstr1Route.loader({
      request: pageGet(`/admin/invoices/gstr1/${name}${query}`, cookie),
      context: app.context,
      params: { file: name },
    } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const wrapped = thrown as { type?: string; init?: ResponseInit; data?: unknown };
    if (wrapped.type === 'DataWithResponseInit') {
      return new Response(String(wrapped.data), { status: wrapped.init?.status ?? 200 });
    }
    throw thrown;
  }
}

/**
 * RFC 4180 reading: fields separated by commas, records by CRLF; a quoted field may hold
 * commas, CRLF and doubled quotes; a bare quote inside an unquoted field is refused.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  while (index < text.length) {
    let field = '';
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        if (index >= text.length) throw new Error('unterminated quoted field');
        if (text[index] === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        field += text[index];
        index += 1;
      }
    } else {
      while (index < text.length && text[index] !== ',' && text[index] !== '\r') {
        if (text[index] === '"' || text[index] === '\n')
          throw new Error(`bare ${JSON.stringify(text[index])} at ${index}`);
        field += text[index];
        index += 1;
      }
    }
    record.push(field);
    if (text[index] === ',') index += 1;
    else if (text.startsWith('\r\n', index)) {
      records.push(record);
      record = [];
      index += 2;
    } else if (index < text.length)
      throw new Error(`unexpected ${JSON.stringify(text[index])} at ${index}`);
  }
  if (record.length > 0) records.push(record);
  return records;
}

/** A CSV file of the export: checks its BOM, then its records. */
async function sheet(name: string, query = '?period=2026-11'): Promise<string[][]> {
  const response = await file(`${name}.csv`, query);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="gstr1-${query.replace('?period=', '')}-${name}.csv"`,
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes));
}

async function portalJson(query = '?period=2026-11'): Promise<Gstr1Json> {
  const response = await file('gstr1.json', query);
  expect(response.status).toBe(200);
  const parsed = gstr1JsonSchema.safeParse(await response.json());
  expect(parsed.success).toBe(true);
  return parsed.data!;
}

/** The register's sums of the month, read through its page. */
async function registerOf(query: string) {
  const outcome = await routeOutcome(() =>
    registerRoute.loader({
      request: pageGet(`/admin/invoices${query}`, admin.cookie),
      context: app.context,
      params: {},
    } as never),
  );
  return outcome;
}

type Items = { itm_det: { txval: number; iamt: number; camt?: number; samt?: number } }[];
const itemSums = (items: Items): Sums =>
  items.reduce(
    (sum, item) => ({
      taxable: sum.taxable + paise(item.itm_det.txval),
      igst: sum.igst + paise(item.itm_det.iamt),
      cgst: sum.cgst + paise(item.itm_det.camt),
      sgst: sum.sgst + paise(item.itm_det.samt),
    }),
    zero(),
  );
const rowSums = (rows: { txval: number; iamt: number; camt: number; samt: number }[]): Sums =>
  itemSums(rows.map((row) => ({ itm_det: row })));

describe(`the GSTR-1 export on ${testDatabaseKind}`, () => {
  it('puts each document in its sheet, and the sheets add up to the register of the month', async () => {
    const json = await portalJson();
    expect(json.gstin).toBe('24ABCDE1234F1Z6');
    expect(json.fp).toBe('112026');

    const b2b = json.b2b.flatMap((buyer) => buyer.inv.flatMap((inv) => inv.itms));
    const b2cl = json.b2cl.flatMap((group) => group.inv.flatMap((inv) => inv.itms));
    const cdnr = json.cdnr.flatMap((buyer) => buyer.nt.flatMap((note) => note.itms));
    const cdnur = json.cdnur.flatMap((note) => note.itms);
    expect(json.b2b.map((buyer) => buyer.ctin).sort()).toEqual(
      [GUJARAT_BUYER, MAHARASHTRA_BUYER].sort(),
    );
    expect(json.b2cl.map((group) => [group.pos, group.inv.map((inv) => inv.inum)])).toEqual([
      ['29', [docs['RT-B2CL-KA']!.number]],
    ]);
    expect(json.cdnr).toEqual([
      expect.objectContaining({
        ctin: GUJARAT_BUYER,
        nt: [expect.objectContaining({ nt_num: docs['CN-B2B']!.number })],
      }),
    ]);
    expect(json.cdnur.map((note) => [note.typ, note.nt_num])).toEqual([
      ['B2CL', docs['CN-B2CL']!.number],
    ]);

    // Per sheet: each equals the documents of its kind.
    expect(itemSums(b2b)).toEqual(ofDocs(docs['RT-B2B-GJ']!, docs['RT-B2B-MH']!));
    expect(itemSums(b2cl)).toEqual(ofDocs(docs['RT-B2CL-KA']!));
    expect(itemSums(cdnr)).toEqual(ofDocs(docs['CN-B2B']!));
    expect(itemSums(cdnur)).toEqual(ofDocs(docs['CN-B2CL']!));
    const b2csExpected = minus(
      ofDocs(docs['RT-B2C-GJ']!, docs['RT-B2C-DL']!),
      ofDocs(docs['CN-B2CS']!),
    );
    expect(rowSums(json.b2cs)).toEqual(b2csExpected);
    expect(json.b2cs.map((row) => [row.sply_ty, row.pos]).sort()).toEqual(
      expect.arrayContaining([
        ['INTER', '07'],
        ['INTRA', '24'],
      ]),
    );
    expect(rowSums(json.hsn.hsn_b2b)).toEqual(minus(itemSums(b2b), itemSums(cdnr)));
    expect(rowSums(json.hsn.hsn_b2c)).toEqual(
      minus(plus(itemSums(b2cl), rowSums(json.b2cs)), itemSums(cdnur)),
    );

    // Overall: invoices less credit notes, as the register sums the month.
    const outcome = await registerOf('?period=2026-11');
    expect(outcome.status).toBe(200);
    const sums = (
      outcome.data as {
        sums: Record<
          'invoices' | 'creditNotes',
          {
            count: number;
            taxablePaise: number;
            igstPaise: number;
            cgstPaise: number;
            sgstPaise: number;
          }
        >;
      }
    ).sums;
    const fromRegister = (kind: 'invoices' | 'creditNotes'): Sums => ({
      taxable: sums[kind].taxablePaise,
      igst: sums[kind].igstPaise,
      cgst: sums[kind].cgstPaise,
      sgst: sums[kind].sgstPaise,
    });
    expect(sums.invoices.count).toBe(5);
    expect(sums.creditNotes.count).toBe(3);
    const exported = minus(
      plus(plus(itemSums(b2b), itemSums(b2cl)), rowSums(json.b2cs)),
      plus(itemSums(cdnr), itemSums(cdnur)),
    );
    expect(exported).toEqual(minus(fromRegister('invoices'), fromRegister('creditNotes')));
    expect(plus(rowSums(json.hsn.hsn_b2b), rowSums(json.hsn.hsn_b2c))).toEqual(exported);
    expect(exported.taxable).toBeGreaterThan(0);
  });

  it('lists each series of the month with its numbers, and no cancelled ones', async () => {
    const json = await portalJson();
    expect(
      json.doc_issue.doc_det.map((det) => [
        det.doc_num,
        det.doc_typ,
        det.docs.map((d) => [d.from, d.to, d.totnum, d.cancel]),
      ]),
    ).toEqual([
      [1, 'Invoices for outward supply', [['RT/26-27/000002', 'RT/26-27/000006', 5, 0]]],
      [5, 'Credit Note', [['CN/26-27/000001', 'CN/26-27/000003', 3, 0]]],
      [8, 'Refund voucher', [['RV/26-27/000001', 'RV/26-27/000001', 1, 0]]],
    ]);
    const rows = await sheet('docs');
    expect(rows).toEqual([
      ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      ['Invoices for outward supply', 'RT/26-27/000002', 'RT/26-27/000006', '5', '0'],
      ['Credit Note', 'CN/26-27/000001', 'CN/26-27/000003', '3', '0'],
      ['Refund voucher', 'RV/26-27/000001', 'RV/26-27/000001', '1', '0'],
    ]);
  });

  it("writes the offline tool's sheets as CSV that parse back to the JSON's figures", async () => {
    const json = await portalJson();
    const b2cs = await sheet('b2cs');
    expect(b2cs[0]).toEqual([
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    expect(b2cs.slice(1).map((row) => row[1])).toEqual(
      expect.arrayContaining(['24-Gujarat', '07-Delhi']),
    );
    const taxable = (rows: string[][], column: number) =>
      rows.slice(1).reduce((sum, row) => sum + paise(Number(row[column])), 0);
    expect(taxable(b2cs, 4)).toBe(rowSums(json.b2cs).taxable);

    const b2b = await sheet('b2b');
    expect(b2b[0]).toEqual([...GSTR1_HEADERS.b2b]);
    expect(b2b[0]!.slice(0, 5)).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
    ]);
    // The legal name with a comma and quotes survives the quoting; dates as the tool writes them.
    expect(b2b.slice(1).find((row) => row[0] === GUJARAT_BUYER)).toEqual(
      expect.arrayContaining(['Rajkot Uniforms, "RU" Pvt Ltd', '02-Nov-2026', '24-Gujarat', 'N']),
    );
    expect(taxable(b2b, 11)).toBe(
      itemSums(json.b2b.flatMap((buyer) => buyer.inv.flatMap((inv) => inv.itms))).taxable,
    );
    for (const name of ['b2cl', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c'] as const) {
      const rows = await sheet(name);
      expect(rows[0]).toEqual([...GSTR1_HEADERS[name]]);
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.every((row) => row.length === rows[0]!.length)).toBe(true);
    }
    const hsn = await sheet('hsn-b2c');
    expect(hsn[0]).toContain('UQC');
    expect(hsn.slice(1).map((row) => row[2])).toEqual(hsn.slice(1).map(() => 'NOS'));
  });

  it('answers a quarter with its last month as the period, and refuses what it cannot file', async () => {
    const quarter = await portalJson('?period=2026-27-Q3');
    expect(quarter.fp).toBe('122026');
    expect(quarter.doc_issue.doc_det[0]!.docs[0]!.totnum).toBe(6);
    const year = await file('b2cs.csv', '?period=2026-27');
    expect(year.status).toBe(400);
    expect(await year.text()).toMatch(/month or a quarter/);
    const bad = await file('b2cs.csv', '?period=2026-13');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/Please choose a month/);
    expect((await file('gstr2.csv', '?period=2026-11')).status).toBe(404);
    const stranger = await routeOutcome(() =>
      gstr1Route.loader({
        request: pageGet('/admin/invoices/gstr1/b2cs.csv?period=2026-11', user.cookie),
        context: app.context,
        params: { file: 'b2cs.csv' },
      } as never),
    );
    // A signed-in customer is sent to /login, as from every admin page (SPEC.md section 2).
    expect(stranger).toMatchObject({ status: 302, location: '/login' });
  });
});

describe(`the register's period on ${testDatabaseKind}`, () => {
  it('shows a month, a quarter or a financial year, and refuses a period it cannot read', async () => {
    const numbers = async (query: string) => {
      const outcome = await registerOf(query);
      expect(outcome.status).toBe(200);
      return (outcome.data as { rows: { number: string }[] }).rows.map((row) => row.number);
    };
    expect(await numbers('?period=2026-10')).toEqual([docs['RT-OCT']!.number]);
    expect(await numbers('?period=2026-11')).toHaveLength(9);
    expect(await numbers('?period=2026-27-Q3')).toHaveLength(10);
    expect(await numbers('?period=2026-27-Q2')).toEqual([]);
    expect(await numbers('?period=2026-27')).toHaveLength(10);
    expect(await numbers('?year=2026-27')).toHaveLength(10);
    expect(await numbers('')).toHaveLength(10);
    for (const bad of ['2026-13', '2026-28', '2026-27-Q5', 'november', '9999-12']) {
      const outcome = await registerOf(`?period=${bad}`);
      expect(outcome.status, bad).toBe(400);
      expect(outcome.data).toMatch(/Please choose a month/);
    }
  });
});
