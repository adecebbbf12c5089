/**
 * The invoice register of the back office (issue 21 item 5): every tax invoice and credit
 * note, newest first, filtered by financial year, with the year's sums, and the same rows as
 * a CSV for the accountant. Figures come from each document's issued snapshot.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { paiseToDecimal } from '~/lib/money';
import { invoices, orders } from '~/lib/schema.server';
import type { InvoiceKind } from '~/lib/schema-enums';
import type { InvoiceDocument } from '~/features/invoices/document';
import { countWhere, pagedList } from '~/features/admin/shared/paged-list.server';

/** Rows a register page shows. */
export const REGISTER_PAGE_SIZE = 50;

/** Most rows one CSV export holds (a financial year of this shop is far fewer). */
const MAX_EXPORT_ROWS = 100_000;

/** A financial year as the URL gives it, e.g. '2026-27'; anything else is no filter. */
export function yearParam(value: string | null): string | null {
  return value && /^\d{4}-\d{2}$/.test(value) ? value : null;
}

/** One row of the register. */
export interface RegisterRow {
  id: number;
  kind: InvoiceKind;
  number: string;
  /** The issue date, Kolkata ('YYYY-MM-DD'). */
  issueDate: string;
  orderNumber: string;
  customerName: string;
  placeOfSupply: string;
  /** A credit note's invoice number. */
  refersTo: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** A year's sums: invoices, credit notes, and invoices less credit notes. */
export interface RegisterSums {
  invoices: { count: number; taxablePaise: number; taxPaise: number; totalPaise: number };
  creditNotes: { count: number; taxablePaise: number; taxPaise: number; totalPaise: number };
}

function toRow(row: {
  id: number;
  kind: RegisterRow['kind'];
  number: string;
  orderNumber: string;
  document: unknown;
}): RegisterRow {
  const doc = row.document as InvoiceDocument;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issueDate: doc.issueDate,
    orderNumber: row.orderNumber,
    customerName: doc.recipient.name,
    placeOfSupply: doc.placeOfSupply.code
      ? `${doc.placeOfSupply.state} (${doc.placeOfSupply.code})`
      : doc.placeOfSupply.state,
    refersTo: doc.refersTo?.number ?? null,
    taxablePaise: doc.totals.taxablePaise,
    cgstPaise: doc.totals.cgstPaise,
    sgstPaise: doc.totals.sgstPaise,
    igstPaise: doc.totals.igstPaise,
    totalPaise: doc.totals.totalPaise,
  };
}

function registerQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      orderNumber: orders.number,
      document: invoices.document,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
}

const sumOf = (path: string, kind: 'invoice' | 'credit_note') =>
  sql<string>`coalesce(sum(case when ${invoices.kind} = ${kind} then (${invoices.document} #>> ${`{totals,${path}}`})::bigint else 0 end), 0)`;

/** The register's page `page` for `year` (all years when null), its total, sums and years. */
export async function listInvoiceRegister(
  db: Db,
  options: { year: string | null; page: number },
): Promise<{ rows: RegisterRow[]; total: number; sums: RegisterSums; years: string[] }> {
  const where = options.year ? eq(invoices.financialYear, options.year) : undefined;
  const [page, [sums], years] = await Promise.all([
    pagedList(
      { page: options.page, size: REGISTER_PAGE_SIZE },
      (window) => registerQuery(db, where).limit(window.limit).offset(window.offset),
      () => countWhere(db, invoices, where),
    ),
    db
      .select({
        invoiceCount: sql<string>`count(*) filter (where ${invoices.kind} = 'invoice')`,
        noteCount: sql<string>`count(*) filter (where ${invoices.kind} = 'credit_note')`,
        invoiceTaxable: sumOf('taxablePaise', 'invoice'),
        invoiceTotal: sumOf('totalPaise', 'invoice'),
        noteTaxable: sumOf('taxablePaise', 'credit_note'),
        noteTotal: sumOf('totalPaise', 'credit_note'),
      })
      .from(invoices)
      .where(where),
    db
      .selectDistinct({ year: invoices.financialYear })
      .from(invoices)
      .orderBy(desc(invoices.financialYear)),
  ]);
  const n = (value: string | undefined) => Number(value ?? 0);
  return {
    rows: page.rows.map(toRow),
    total: page.total,
    sums: {
      invoices: {
        count: n(sums?.invoiceCount),
        taxablePaise: n(sums?.invoiceTaxable),
        taxPaise: n(sums?.invoiceTotal) - n(sums?.invoiceTaxable),
        totalPaise: n(sums?.invoiceTotal),
      },
      creditNotes: {
        count: n(sums?.noteCount),
        taxablePaise: n(sums?.noteTaxable),
        taxPaise: n(sums?.noteTotal) - n(sums?.noteTaxable),
        totalPaise: n(sums?.noteTotal),
      },
    },
    years: years.map((row) => row.year),
  };
}

/** How each kind of document reads in the register's CSV. */
const REGISTER_TYPES: Record<RegisterRow['kind'], string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  refund_voucher: 'Refund voucher',
  receipt_voucher: 'Receipt voucher',
};

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text starting with
 * = + - @ (which a spreadsheet would run as a formula) gets a leading apostrophe.
 */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The register of `year` (every year when null) as CSV, oldest first, amounts in rupees to
 * the paisa (credit notes as positive amounts, marked by their type).
 */
export async function invoiceRegisterCsv(db: Db, year: string | null): Promise<string> {
  const where = year ? eq(invoices.financialYear, year) : undefined;
  const rows = (await registerQuery(db, where).limit(MAX_EXPORT_ROWS)).map(toRow).reverse();
  const header = [
    'Type',
    'Number',
    'Date',
    'Order',
    'Customer',
    'Place of supply',
    'Against invoice',
    'Taxable value',
    'CGST',
    'SGST',
    'IGST',
    'Total',
  ];
  const lines = rows.map((row) =>
    [
      REGISTER_TYPES[row.kind],
      row.number,
      row.issueDate,
      row.orderNumber,
      row.customerName,
      row.placeOfSupply,
      row.refersTo ?? '',
      paiseToDecimal(row.taxablePaise),
      paiseToDecimal(row.cgstPaise),
      paiseToDecimal(row.sgstPaise),
      paiseToDecimal(row.igstPaise),
      paiseToDecimal(row.totalPaise),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
