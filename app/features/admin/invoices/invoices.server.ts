/**
 * The invoice register of the back office (issue 21 item 5, issue 29 item 4): every tax
 * invoice and credit note, newest first, filtered by month, GST quarter or financial year (a
 * {@link RegisterPeriod}, Kolkata days), with the period's sums, and the same rows as a CSV
 * for the accountant. Figures come from each document's issued snapshot.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { data } from 'react-router';
import * as z from 'zod/mini';
import type { Db } from '~/lib/db.server';
import { paiseToDecimal } from '~/lib/money';
import { invoices, orders } from '~/lib/schema.server';
import { csvCell } from '~/lib/csv';
import type { InvoiceKind } from '~/lib/schema-enums';
import type { InvoiceDocument } from '~/features/invoices/document';
import {
  BAD_PERIOD,
  registerPeriodSchema,
  type RegisterPeriod,
} from '~/features/invoices/register-period';
import { countWhere, pagedList } from '~/features/admin/shared/paged-list.server';
import { periodWhere } from '~/features/invoices/register-period.server';

/** Rows a register page shows. */
export const REGISTER_PAGE_SIZE = 50;

/** Most rows one CSV export holds (a financial year of this shop is far fewer). */
const MAX_EXPORT_ROWS = 100_000;

/**
 * The register's period from the URL: `period` ('2026-11', '2026-27-Q3', '2026-27', 'all'),
 * or the older `year` ('2026-27'); neither is every document.
 * @throws a 400 response with {@link BAD_PERIOD} for a value that names no period.
 */
export function registerPeriodFrom(search: URLSearchParams): RegisterPeriod {
  const parsed = z.safeParse(
    registerPeriodSchema,
    search.get('period') ?? search.get('year') ?? undefined,
  );
  if (!parsed.success) throw data(BAD_PERIOD, { status: 400 });
  return parsed.data;
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
  /** The document's GST: CGST + SGST + IGST. */
  taxPaise: number;
  totalPaise: number;
}

/** A kind's sums over a period, in paise (tax = CGST + SGST + IGST). */
interface KindSums {
  count: number;
  taxablePaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** A period's sums: invoices and credit notes, and the invoices net of the credit notes. */
export interface RegisterSums {
  invoices: KindSums;
  creditNotes: KindSums;
  /** Invoices less credit notes, in paise: the total and the GST. */
  net: { totalPaise: number; taxPaise: number };
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
    taxPaise: doc.totals.cgstPaise + doc.totals.sgstPaise + doc.totals.igstPaise,
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

/** The register's page `page` for `period`, its total, the period's sums and the years. */
export async function listInvoiceRegister(
  db: Db,
  options: { period: RegisterPeriod; page: number },
): Promise<{ rows: RegisterRow[]; total: number; sums: RegisterSums; years: string[] }> {
  const where = periodWhere(options.period);
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
        invoiceCgst: sumOf('cgstPaise', 'invoice'),
        invoiceSgst: sumOf('sgstPaise', 'invoice'),
        invoiceIgst: sumOf('igstPaise', 'invoice'),
        invoiceTotal: sumOf('totalPaise', 'invoice'),
        noteTaxable: sumOf('taxablePaise', 'credit_note'),
        noteCgst: sumOf('cgstPaise', 'credit_note'),
        noteSgst: sumOf('sgstPaise', 'credit_note'),
        noteIgst: sumOf('igstPaise', 'credit_note'),
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
  const invoiceSums: KindSums = {
    count: n(sums?.invoiceCount),
    taxablePaise: n(sums?.invoiceTaxable),
    taxPaise: n(sums?.invoiceTotal) - n(sums?.invoiceTaxable),
    cgstPaise: n(sums?.invoiceCgst),
    sgstPaise: n(sums?.invoiceSgst),
    igstPaise: n(sums?.invoiceIgst),
    totalPaise: n(sums?.invoiceTotal),
  };
  const noteSums: KindSums = {
    count: n(sums?.noteCount),
    taxablePaise: n(sums?.noteTaxable),
    taxPaise: n(sums?.noteTotal) - n(sums?.noteTaxable),
    cgstPaise: n(sums?.noteCgst),
    sgstPaise: n(sums?.noteSgst),
    igstPaise: n(sums?.noteIgst),
    totalPaise: n(sums?.noteTotal),
  };
  return {
    rows: page.rows.map(toRow),
    total: page.total,
    sums: {
      invoices: invoiceSums,
      creditNotes: noteSums,
      net: {
        totalPaise: invoiceSums.totalPaise - noteSums.totalPaise,
        taxPaise: invoiceSums.taxPaise - noteSums.taxPaise,
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
 * The register of `period` as CSV, oldest first, amounts in rupees to the paisa (credit
 * notes as positive amounts, marked by their type).
 */
export async function invoiceRegisterCsv(db: Db, period: RegisterPeriod): Promise<string> {
  const where = periodWhere(period);
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
