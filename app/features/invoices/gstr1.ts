/**
 * GSTR-1 data of a month or quarter from the issued documents (issue 29 item 4), pure: the
 * rows of the GST offline tool's sheets and the JSON the GST portal takes. Built from each
 * document's snapshot (`invoices.document`), rate-wise per line, never from live orders, so
 * the figures are the register's.
 *
 * Where each document goes (Rule 59(4) of the CGST Rules; GSTR-1 tables 4, 5, 7, 9B, 12, 13):
 * - an invoice to a buyer with a GSTIN (`recipient.gstin`): **b2b** (table 4A);
 * - an invoice to an unregistered buyer, inter-state, whose value is above the B2CL limit in
 *   force on its date: **b2cl** (table 5). The limit is ₹2,50,000 up to 31 July 2024 and
 *   ₹1,00,000 from 1 August 2024 (Notification 12/2024-Central Tax of 10 July 2024, amending
 *   Rule 59(4); GSTN advisory of 3 September 2024, summarised at
 *   https://cashflo.io/magazine/gst-alert-reduced-b2c-invoice-reporting-threshold-in-gstr-1);
 * - every other invoice to an unregistered buyer: **b2cs** (table 7), summed by place of
 *   supply and rate, net of the credit notes against such invoices (b2cs takes no notes);
 * - a credit note to a registered buyer: **cdnr** (table 9B); to an unregistered one against
 *   a B2CL invoice: **cdnur** (type 'B2CL'); against a small B2C invoice: netted in b2cs;
 * - **hsn**: by HSN/SAC, UQC and rate, invoices less credit notes, in two parts, B2B and B2C,
 *   as table 12 asks from the May 2025 return period (GSTN advisory on the Phase-III table 12,
 *   https://gstlearn.com/2025/04/30/phase-iii-implementation-of-table-12-in-gstr-1-gstr-1a-effective-april-2025-everything-you-must-know/).
 *   A credit note of returned lines lowers the quantity of what it returns as well as the
 *   value; a goodwill note lowers the value only (`quantityCounted`). The UQC is the line's
 *   `uqc` when the document has one, else its `unit`, else 'NOS'; a services line (SAC, '99…')
 *   is 'NA' with quantity 0, as the portal takes services
 *   (https://knowledgebase.bison.co.in/view_article.php?id=1135);
 * - **at** and **atadj** (table 11A and 11B, JSON `at` and `txpd`): the advances taxed on
 *   receipt, i.e. the services lines of receipt vouchers (tailoring on the customer's cloth;
 *   goods advances carry no tax, Notification 66/2017-Central Tax, and are not reported),
 *   summed by place of supply, rate and supply type, without their tax ("Gross Advance
 *   Received"). at: the receipt vouchers issued in the period less the refund vouchers of
 *   advances refunded before any invoice issued in it. atadj: for each invoice issued in the
 *   period, the taxed advances of its order (its receipt vouchers less those refunds, whenever
 *   issued): the tax paid on receipt that the invoice's tax now covers. An advance invoiced in
 *   the same period appears in both, netting to nothing (docs/decisions/025-customers-cloth.md);
 * - **docs** (table 13): each series with its first and last number in the period and how many
 *   were issued; the shop never cancels a number, so cancelled = 0. Refund vouchers (and receipt
 *   vouchers, when the shop issues them) appear only here.
 *
 * The CSV column headers are those of the GSTN offline tool's Excel template ("GSTR1 Excel
 * Workbook Template", sheets b2b, b2cl, b2cs, cdnr, cdnur, at, atadj, hsn(b2b), hsn(b2c), docs;
 * the at and atadj headers as its "Advance Received (11B)" and "Advance Adjusted (11B)"
 * summaries print them, https://scribd.com/document/631021834/gstr1-xls; described
 * at https://www.scribd.com/document/722922326/CHAND-MAR-24-GSTR-1). Dates in the sheets are
 * 'dd-MMM-yyyy' (05-Nov-2026), in the JSON 'dd-mm-yyyy'; places of supply are '24-Gujarat' in
 * the sheets and '24' in the JSON; amounts are rupees to the paisa.
 * HSN descriptions are left empty: the portal fills them from its HSN master.
 */
import * as z from 'zod/mini';
import type { DocumentLine, InvoiceDocument } from './document';

/** The B2CL limits: an inter-state B2C invoice above `limitPaise` from `from` on. */
const B2CL_LIMITS: readonly { from: string; limitPaise: number }[] = [
  { from: '2024-08-01', limitPaise: 1_00_000_00 },
  { from: '2017-07-01', limitPaise: 2_50_000_00 },
];

/** The B2CL limit in paise in force on Kolkata day `date` ('YYYY-MM-DD'). */
export function b2clLimitPaise(date: string): number {
  return (B2CL_LIMITS.find((limit) => date >= limit.from) ?? B2CL_LIMITS.at(-1)!).limitPaise;
}

/** A document as the export reads it, with the value and date of the invoice a note reduces. */
export interface Gstr1Source {
  document: InvoiceDocument;
  /** A credit note: the total (paise) and date of the invoice it refers to. */
  refersTo?: { totalPaise: number; issueDate: string };
  /**
   * An invoice: its order's receipt vouchers and the refund vouchers of advances refunded
   * before it (issued in any period), whose taxed part the invoice adjusts (atadj).
   */
  advances?: InvoiceDocument[];
}

/** The sheets of the export, in the offline tool's order. */
export const GSTR1_SHEETS = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'at',
  'atadj',
  'hsn-b2b',
  'hsn-b2c',
  'docs',
] as const;
export type Gstr1Sheet = (typeof GSTR1_SHEETS)[number];

/** The columns of both HSN sheets (Table 12: B2B and B2C alike). */
const HSN_HEADERS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
];

/** The column headers of each sheet (GSTN offline tool template). */
export const GSTR1_HEADERS: Readonly<Record<Gstr1Sheet, readonly string[]>> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  at: [
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Gross Advance Received',
    'Cess Amount',
  ],
  atadj: [
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Gross Advance Adjusted',
    'Cess Amount',
  ],
  'hsn-b2b': HSN_HEADERS,
  'hsn-b2c': HSN_HEADERS,
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/** Sums in paise: taxable value and each tax. */
interface TaxSums {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** One rate of one document (b2b, b2cl, cdnr, cdnur). */
interface RateRow extends TaxSums {
  ratePercent: number;
}

/** One document with its rates. */
interface DocumentRows {
  number: string;
  issueDate: string;
  valuePaise: number;
  /** '24' */
  posCode: string;
  /** '24-Gujarat' */
  pos: string;
  intraState: boolean;
  gstin: string;
  name: string;
  rates: RateRow[];
}

/** A b2cs row: place of supply, rate and supply type, summed. */
interface B2csRow extends TaxSums {
  posCode: string;
  pos: string;
  ratePercent: number;
  intraState: boolean;
}

/** An hsn row: code, UQC and rate, summed (quantity and value included). */
interface HsnRow extends TaxSums {
  code: string;
  uqc: string;
  ratePercent: number;
  quantity: number;
  valuePaise: number;
}

/**
 * An at or atadj row (table 11A, 11B): the taxed advances of one place of supply, rate and
 * supply type; `taxablePaise` is the advance without its tax (the sheets' "Gross Advance").
 */
interface AdvanceRow extends TaxSums {
  posCode: string;
  pos: string;
  ratePercent: number;
  intraState: boolean;
}

/** A docs row: one series in the period. */
interface DocsRow {
  /** The table 13 number: 1 invoices, 5 credit notes, 6 receipt vouchers, 8 refund vouchers. */
  docNum: number;
  nature: string;
  from: string;
  to: string;
  count: number;
}

/** The export's rows, in paise, before they are written as CSV or JSON. */
export interface Gstr1Data {
  b2b: DocumentRows[];
  b2cl: DocumentRows[];
  b2cs: B2csRow[];
  cdnr: DocumentRows[];
  cdnur: DocumentRows[];
  at: AdvanceRow[];
  atadj: AdvanceRow[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  docs: DocsRow[];
}

/** The documents of table 13 the shop issues, by `InvoiceDocument.kind`. */
const DOC_NATURES: Readonly<Record<string, { docNum: number; nature: string }>> = {
  invoice: { docNum: 1, nature: 'Invoices for outward supply' },
  credit_note: { docNum: 5, nature: 'Credit Note' },
  receipt_voucher: { docNum: 6, nature: 'Receipt voucher' },
  refund_voucher: { docNum: 8, nature: 'Refund voucher' },
};

const emptySums = (): TaxSums => ({ taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 });

function addTo(target: TaxSums, line: TaxSums, sign: 1 | -1) {
  target.taxablePaise += sign * line.taxablePaise;
  target.igstPaise += sign * line.igstPaise;
  target.cgstPaise += sign * line.cgstPaise;
  target.sgstPaise += sign * line.sgstPaise;
}

/** The recipient's GSTIN of a document, upper case, or '' for an unregistered buyer. */
function gstinOf(document: InvoiceDocument): string {
  const value = document.recipient.gstin ?? '';
  return value.trim().toUpperCase();
}

/** The place of supply as the sheets write it: '24-Gujarat'. */
function posOf(document: InvoiceDocument): string {
  const { code, state } = document.placeOfSupply;
  return code ? `${code}-${state}` : state;
}

/** The line's UQC: its `uqc` when the document has one, else its unit, else 'NOS'. */
function uqcOf(line: DocumentLine): string {
  const withUqc = line as DocumentLine & { uqc?: string };
  return (withUqc.uqc || line.unit || 'NOS').toUpperCase();
}

/**
 * The quantity a document line counts in table 12 (hsn), before its sign: an invoice line its
 * quantity; a credit note's line the quantity it returns when it names its invoice line
 * (`invoiceLine`: goods given back, decision 018), so 1 PCS or 1.50 MTR returned lowers the
 * code's quantity; a goodwill note's line (spread over the invoice, no line named, and notes
 * from before returns were named) 0, since it lowers the value of the supply and no goods come
 * back. Net of returns, as the HSN summary of outward supplies is supplies less credit notes
 * (e.g. https://zstatic.zohostatic.com/in/books/kb/reports/hsn-wise-summary-of-outward-supplies.html).
 */
function quantityCounted(document: InvoiceDocument, line: DocumentLine): number {
  if (document.kind === 'invoice') return line.quantity;
  return line.invoiceLine === undefined ? 0 : line.quantity;
}

/** Adds quantities kept to the hundredth (pieces, or metres to the centimetre) without drift. */
const addQuantity = (sum: number, quantity: number) => Math.round((sum + quantity) * 100) / 100;

function documentRows(document: InvoiceDocument): DocumentRows {
  const rates = new Map<number, RateRow>();
  for (const line of document.lines) {
    const row = rates.get(line.ratePercent) ?? { ratePercent: line.ratePercent, ...emptySums() };
    addTo(row, line, 1);
    rates.set(line.ratePercent, row);
  }
  return {
    number: document.number,
    issueDate: document.issueDate,
    valuePaise: document.totals.totalPaise,
    posCode: document.placeOfSupply.code,
    pos: posOf(document),
    intraState: document.intraState,
    gstin: gstinOf(document),
    name: document.recipient.legalName || document.recipient.name,
    rates: [...rates.values()].sort((a, b) => a.ratePercent - b.ratePercent),
  };
}

/** Whether an unregistered buyer's invoice of `valuePaise` on `date` is B2C large. */
const isLarge = (intraState: boolean, valuePaise: number, date: string) =>
  !intraState && valuePaise > b2clLimitPaise(date);

/**
 * The GSTR-1 rows of `sources`: the invoices, credit notes and vouchers issued in the period
 * (see the module comment for where each goes). Documents of another kind are left out of
 * every table but docs.
 */
export function buildGstr1(sources: readonly Gstr1Source[]): Gstr1Data {
  const result: Gstr1Data = {
    b2b: [],
    b2cl: [],
    b2cs: [],
    cdnr: [],
    cdnur: [],
    at: [],
    atadj: [],
    hsnB2b: [],
    hsnB2c: [],
    docs: [],
  };
  const at = new Map<string, AdvanceRow>();
  const atadj = new Map<string, AdvanceRow>();
  const b2cs = new Map<string, B2csRow>();
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };
  const series = new Map<string, { kind: string; numbers: string[] }>();
  const sorted = [...sources].sort((a, b) =>
    a.document.number < b.document.number ? -1 : a.document.number > b.document.number ? 1 : 0,
  );
  for (const { document, refersTo, advances } of sorted) {
    const prefix = document.number.slice(0, document.number.lastIndexOf('/') + 1);
    const key = `${document.kind} ${prefix}`;
    const entry = series.get(key) ?? { kind: document.kind, numbers: [] };
    entry.numbers.push(document.number);
    series.set(key, entry);
    if (document.kind === 'receipt_voucher') addAdvance(at, document, 1);
    else if (document.kind === 'refund_voucher' && !document.refersTo) {
      addAdvance(at, document, -1);
    }
    if (document.kind === 'invoice') {
      for (const advance of advances ?? []) {
        if (advance.kind === 'receipt_voucher') addAdvance(atadj, advance, 1);
        else if (advance.kind === 'refund_voucher' && !advance.refersTo) {
          addAdvance(atadj, advance, -1);
        }
      }
    }
    if (document.kind !== 'invoice' && document.kind !== 'credit_note') continue;
    const sign = document.kind === 'invoice' ? 1 : -1;
    const registered = gstinOf(document) !== '';
    const rows = documentRows(document);
    if (document.kind === 'invoice') {
      if (registered) result.b2b.push(rows);
      else if (isLarge(document.intraState, rows.valuePaise, document.issueDate)) {
        result.b2cl.push(rows);
      } else addB2cs(b2cs, rows, 1);
    } else if (registered) result.cdnr.push(rows);
    else if (refersTo && isLarge(document.intraState, refersTo.totalPaise, refersTo.issueDate)) {
      result.cdnur.push(rows);
    } else addB2cs(b2cs, rows, -1);
    const summary = registered ? hsn.b2b : hsn.b2c;
    for (const line of document.lines) {
      const service = line.code.startsWith('99');
      const uqc = service ? 'NA' : uqcOf(line);
      const hsnKey = `${line.code}|${uqc}|${line.ratePercent}`;
      const row = summary.get(hsnKey) ?? {
        code: line.code,
        uqc,
        ratePercent: line.ratePercent,
        quantity: 0,
        valuePaise: 0,
        ...emptySums(),
      };
      if (!service)
        row.quantity = addQuantity(row.quantity, sign * quantityCounted(document, line));
      row.valuePaise += sign * line.grossPaise;
      addTo(row, line, sign);
      summary.set(hsnKey, row);
    }
  }
  const byPlaceAndRate = (a: B2csRow | AdvanceRow, b: B2csRow | AdvanceRow) =>
    a.posCode.localeCompare(b.posCode) || a.ratePercent - b.ratePercent;
  result.b2cs = [...b2cs.values()].sort(byPlaceAndRate);
  // A place and rate whose advances were all refunded (or adjusted to nothing) has no row.
  const nonZero = (row: AdvanceRow) => row.taxablePaise !== 0;
  result.at = [...at.values()].filter(nonZero).sort(byPlaceAndRate);
  result.atadj = [...atadj.values()].filter(nonZero).sort(byPlaceAndRate);
  const byCode = (a: HsnRow, b: HsnRow) =>
    a.code.localeCompare(b.code) || a.uqc.localeCompare(b.uqc) || a.ratePercent - b.ratePercent;
  result.hsnB2b = [...hsn.b2b.values()].sort(byCode);
  result.hsnB2c = [...hsn.b2c.values()].sort(byCode);
  result.docs = [...series.values()]
    .filter((entry) => Object.hasOwn(DOC_NATURES, entry.kind))
    .map((entry) => ({
      ...DOC_NATURES[entry.kind]!,
      from: entry.numbers[0]!,
      to: entry.numbers.at(-1)!,
      count: entry.numbers.length,
    }))
    .sort((a, b) => a.docNum - b.docNum || a.from.localeCompare(b.from));
  return result;
}

function addB2cs(target: Map<string, B2csRow>, rows: DocumentRows, sign: 1 | -1) {
  for (const rate of rows.rates) {
    const key = `${rows.posCode}|${rate.ratePercent}|${rows.intraState}`;
    const row = target.get(key) ?? {
      posCode: rows.posCode,
      pos: rows.pos,
      ratePercent: rate.ratePercent,
      intraState: rows.intraState,
      ...emptySums(),
    };
    addTo(row, rate, sign);
    target.set(key, row);
  }
}

/**
 * Adds (sign 1) or takes away (-1) the taxed lines of a receipt voucher or of the refund
 * voucher of an advance (a services line with tax: goods advances carry none and are not
 * reported, Notification 66/2017-Central Tax) to `target`, by place of supply, rate and type.
 */
function addAdvance(target: Map<string, AdvanceRow>, document: InvoiceDocument, sign: 1 | -1) {
  for (const line of document.lines) {
    if (!line.code.startsWith('99') || line.ratePercent === 0) continue;
    const key = `${document.placeOfSupply.code}|${line.ratePercent}|${document.intraState}`;
    const row = target.get(key) ?? {
      posCode: document.placeOfSupply.code,
      pos: posOf(document),
      ratePercent: line.ratePercent,
      intraState: document.intraState,
      ...emptySums(),
    };
    addTo(row, line, sign);
    target.set(key, row);
  }
}

/** Paise as the sheets and the JSON write rupees: 123456 → 1234.56 (a number). */
const rupees = (paise: number) => Math.round(paise) / 100;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-05' → '05-Nov-2026' (the sheets). */
function sheetDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** '2026-11-05' → '05-11-2026' (the JSON). */
function jsonDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

/** A sheet's cells: text or a number (amounts in rupees, rates in percent). */
export type Cell = string | number;

/** The rows of sheet `sheet` (without its header), ready for CSV. */
export function gstr1SheetRows(data: Gstr1Data, sheet: Gstr1Sheet): Cell[][] {
  const perRate = (rows: DocumentRows[], cells: (doc: DocumentRows, rate: RateRow) => Cell[]) =>
    rows.flatMap((doc) => doc.rates.map((rate) => cells(doc, rate)));
  const hsnRows = (rows: HsnRow[]) =>
    rows.map((row) => [
      row.code,
      '',
      row.uqc,
      row.quantity,
      rupees(row.valuePaise),
      row.ratePercent,
      rupees(row.taxablePaise),
      rupees(row.igstPaise),
      rupees(row.cgstPaise),
      rupees(row.sgstPaise),
      0,
    ]);
  switch (sheet) {
    case 'b2b':
      return perRate(data.b2b, (doc, rate) => [
        doc.gstin,
        doc.name,
        doc.number,
        sheetDate(doc.issueDate),
        rupees(doc.valuePaise),
        doc.pos,
        'N',
        '',
        'Regular B2B',
        '',
        rate.ratePercent,
        rupees(rate.taxablePaise),
        0,
      ]);
    case 'b2cl':
      return perRate(data.b2cl, (doc, rate) => [
        doc.number,
        sheetDate(doc.issueDate),
        rupees(doc.valuePaise),
        doc.pos,
        '',
        rate.ratePercent,
        rupees(rate.taxablePaise),
        0,
        '',
      ]);
    case 'b2cs':
      return data.b2cs.map((row) => [
        'OE',
        row.pos,
        '',
        row.ratePercent,
        rupees(row.taxablePaise),
        0,
        '',
      ]);
    case 'cdnr':
      return perRate(data.cdnr, (doc, rate) => [
        doc.gstin,
        doc.name,
        doc.number,
        sheetDate(doc.issueDate),
        'C',
        doc.pos,
        'N',
        'Regular B2B',
        rupees(doc.valuePaise),
        '',
        rate.ratePercent,
        rupees(rate.taxablePaise),
        0,
      ]);
    case 'cdnur':
      return perRate(data.cdnur, (doc, rate) => [
        'B2CL',
        doc.number,
        sheetDate(doc.issueDate),
        'C',
        doc.pos,
        rupees(doc.valuePaise),
        '',
        rate.ratePercent,
        rupees(rate.taxablePaise),
        0,
      ]);
    case 'at':
    case 'atadj':
      return data[sheet].map((row) => [row.pos, '', row.ratePercent, rupees(row.taxablePaise), 0]);
    case 'hsn-b2b':
      return hsnRows(data.hsnB2b);
    case 'hsn-b2c':
      return hsnRows(data.hsnB2c);
    case 'docs':
      return data.docs.map((row) => [row.nature, row.from, row.to, row.count, 0]);
  }
}

const amount = z.number().check(z.refine((value) => Number.isFinite(value)));
const itemDetail = z.object({
  rt: z.number(),
  txval: amount,
  iamt: amount,
  camt: z.optional(amount),
  samt: z.optional(amount),
  csamt: amount,
});
const items = z.array(z.object({ num: z.number(), itm_det: itemDetail }));
const pos = z.string().check(z.regex(/^\d{2}$/));
const date = z.string().check(z.regex(/^\d{2}-\d{2}-\d{4}$/));
const hsnItem = z.object({
  num: z.number(),
  hsn_sc: z.string().check(z.minLength(2)),
  desc: z.string(),
  uqc: z.string(),
  qty: z.number(),
  rt: z.number(),
  txval: amount,
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});

/** The JSON's `at` (advances received) and `txpd` (advances adjusted): table 11A and 11B. */
const advanceSection = z.array(
  z.object({
    pos,
    sply_ty: z.enum(['INTRA', 'INTER']),
    itms: z.array(
      z.object({
        rt: z.number(),
        ad_amt: amount,
        iamt: amount,
        camt: amount,
        samt: amount,
        csamt: amount,
      }),
    ),
  }),
);

/**
 * The shape of the GSTR-1 JSON the portal takes (its 'returns/gstr1' save schema, the parts
 * this shop fills): `gstin`, `fp` ('MMYYYY', the month or the quarter's last month), `b2b`,
 * `b2cl`, `b2cs`, `cdnr`, `cdnur`, `at` and `txpd` (advances received and adjusted, each
 * place of supply and supply type with its rates), `hsn` (`hsn_b2b` and `hsn_b2c`) and
 * `doc_issue`.
 */
export const gstr1JsonSchema = z.object({
  gstin: z.string().check(z.length(15)),
  fp: z.string().check(z.regex(/^(0[1-9]|1[0-2])\d{4}$/)),
  b2b: z.array(
    z.object({
      ctin: z.string().check(z.length(15)),
      inv: z.array(
        z.object({
          inum: z.string().check(z.maxLength(16)),
          idt: date,
          val: amount,
          pos,
          rchrg: z.literal('N'),
          inv_typ: z.literal('R'),
          itms: items,
        }),
      ),
    }),
  ),
  b2cl: z.array(
    z.object({
      pos,
      inv: z.array(
        z.object({ inum: z.string().check(z.maxLength(16)), idt: date, val: amount, itms: items }),
      ),
    }),
  ),
  b2cs: z.array(
    z.object({
      sply_ty: z.enum(['INTRA', 'INTER']),
      pos,
      typ: z.literal('OE'),
      rt: z.number(),
      txval: amount,
      iamt: amount,
      camt: amount,
      samt: amount,
      csamt: amount,
    }),
  ),
  cdnr: z.array(
    z.object({
      ctin: z.string().check(z.length(15)),
      nt: z.array(
        z.object({
          ntty: z.literal('C'),
          nt_num: z.string().check(z.maxLength(16)),
          nt_dt: date,
          val: amount,
          pos,
          rchrg: z.literal('N'),
          inv_typ: z.literal('R'),
          itms: items,
        }),
      ),
    }),
  ),
  cdnur: z.array(
    z.object({
      typ: z.literal('B2CL'),
      ntty: z.literal('C'),
      nt_num: z.string().check(z.maxLength(16)),
      nt_dt: date,
      val: amount,
      pos,
      itms: items,
    }),
  ),
  at: advanceSection,
  txpd: advanceSection,
  hsn: z.object({ hsn_b2b: z.array(hsnItem), hsn_b2c: z.array(hsnItem) }),
  doc_issue: z.object({
    doc_det: z.array(
      z.object({
        doc_num: z.number(),
        doc_typ: z.string(),
        docs: z.array(
          z.object({
            num: z.number(),
            from: z.string(),
            to: z.string(),
            totnum: z.number(),
            cancel: z.number(),
            net_issue: z.number(),
          }),
        ),
      }),
    ),
  }),
});
export type Gstr1Json = z.infer<typeof gstr1JsonSchema>;

function jsonItems(doc: DocumentRows) {
  return doc.rates.map((rate, index) => ({
    num: index + 1,
    itm_det: {
      rt: rate.ratePercent,
      txval: rupees(rate.taxablePaise),
      iamt: rupees(rate.igstPaise),
      ...(doc.intraState ? { camt: rupees(rate.cgstPaise), samt: rupees(rate.sgstPaise) } : {}),
      csamt: 0,
    },
  }));
}

/** at / txpd: one entry per place of supply and supply type, its rates as items. */
function advanceItems(rows: AdvanceRow[]) {
  const groups = new Map<string, AdvanceRow[]>();
  for (const row of rows) {
    const key = `${row.posCode}|${row.intraState}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => ({
    pos: group[0]!.posCode,
    sply_ty: group[0]!.intraState ? ('INTRA' as const) : ('INTER' as const),
    itms: group.map((row) => ({
      rt: row.ratePercent,
      ad_amt: rupees(row.taxablePaise),
      iamt: rupees(row.igstPaise),
      camt: rupees(row.cgstPaise),
      samt: rupees(row.sgstPaise),
      csamt: 0,
    })),
  }));
}

function byGstin(rows: DocumentRows[]): Map<string, DocumentRows[]> {
  const groups = new Map<string, DocumentRows[]>();
  for (const row of rows) groups.set(row.gstin, [...(groups.get(row.gstin) ?? []), row]);
  return groups;
}

/**
 * The portal's JSON of `data` for supplier `gstin` and return period `fp` ('MMYYYY').
 * @throws ZodError when the result does not fit {@link gstr1JsonSchema} (a supplier GSTIN that
 *   is not 15 characters, a place of supply without its code).
 */
export function gstr1Json(data: Gstr1Data, gstin: string, fp: string): Gstr1Json {
  const hsnItems = (rows: HsnRow[]) =>
    rows.map((row, index) => ({
      num: index + 1,
      hsn_sc: row.code,
      desc: '',
      uqc: row.uqc,
      qty: row.quantity,
      rt: row.ratePercent,
      txval: rupees(row.taxablePaise),
      iamt: rupees(row.igstPaise),
      camt: rupees(row.cgstPaise),
      samt: rupees(row.sgstPaise),
      csamt: 0,
    }));
  const b2clByPos = new Map<string, DocumentRows[]>();
  for (const row of data.b2cl)
    b2clByPos.set(row.posCode, [...(b2clByPos.get(row.posCode) ?? []), row]);
  const json = {
    gstin,
    fp,
    b2b: [...byGstin(data.b2b)].map(([ctin, rows]) => ({
      ctin,
      inv: rows.map((doc) => ({
        inum: doc.number,
        idt: jsonDate(doc.issueDate),
        val: rupees(doc.valuePaise),
        pos: doc.posCode,
        rchrg: 'N' as const,
        inv_typ: 'R' as const,
        itms: jsonItems(doc),
      })),
    })),
    b2cl: [...b2clByPos].map(([code, rows]) => ({
      pos: code,
      inv: rows.map((doc) => ({
        inum: doc.number,
        idt: jsonDate(doc.issueDate),
        val: rupees(doc.valuePaise),
        itms: jsonItems(doc),
      })),
    })),
    b2cs: data.b2cs.map((row) => ({
      sply_ty: row.intraState ? ('INTRA' as const) : ('INTER' as const),
      pos: row.posCode,
      typ: 'OE' as const,
      rt: row.ratePercent,
      txval: rupees(row.taxablePaise),
      iamt: rupees(row.igstPaise),
      camt: rupees(row.cgstPaise),
      samt: rupees(row.sgstPaise),
      csamt: 0,
    })),
    cdnr: [...byGstin(data.cdnr)].map(([ctin, rows]) => ({
      ctin,
      nt: rows.map((doc) => ({
        ntty: 'C' as const,
        nt_num: doc.number,
        nt_dt: jsonDate(doc.issueDate),
        val: rupees(doc.valuePaise),
        pos: doc.posCode,
        rchrg: 'N' as const,
        inv_typ: 'R' as const,
        itms: jsonItems(doc),
      })),
    })),
    cdnur: data.cdnur.map((doc) => ({
      typ: 'B2CL' as const,
      ntty: 'C' as const,
      nt_num: doc.number,
      nt_dt: jsonDate(doc.issueDate),
      val: rupees(doc.valuePaise),
      pos: doc.posCode,
      itms: jsonItems(doc),
    })),
    at: advanceItems(data.at),
    txpd: advanceItems(data.atadj),
    hsn: { hsn_b2b: hsnItems(data.hsnB2b), hsn_b2c: hsnItems(data.hsnB2c) },
    doc_issue: {
      doc_det: [...new Set(data.docs.map((row) => row.docNum))].map((docNum) => {
        const rows = data.docs.filter((row) => row.docNum === docNum);
        return {
          doc_num: docNum,
          doc_typ: rows[0]!.nature,
          docs: rows.map((row, index) => ({
            num: index + 1,
            from: row.from,
            to: row.to,
            totnum: row.count,
            cancel: 0,
            net_issue: row.count,
          })),
        };
      }),
    },
  };
  return gstr1JsonSchema.parse(json);
}
