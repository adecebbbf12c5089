/**
 * The GSTR-1 export's database side (issue 29 item 4): reads the documents issued in a month
 * or GST quarter (Kolkata days, the register's period) with the value and date of the invoice
 * each credit note reduces, and writes the rows of `gstr1.ts` as the offline tool's CSV sheets
 * (UTF-8 with a byte-order mark so a spreadsheet reads ₹ and Gujarati names, RFC 4180
 * quoting, CRLF lines) or as the portal's JSON.
 */
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '~/lib/db.server';
import { invoices } from '~/lib/schema.server';
import { csvCell } from '~/lib/csv';
import { periodWhere } from './register-period.server';
import type { InvoiceDocument } from './document';
import {
  buildGstr1,
  GSTR1_HEADERS,
  gstr1Json,
  gstr1SheetRows,
  type Gstr1Data,
  type Gstr1Json,
  type Gstr1Sheet,
} from './gstr1';
import { getInvoicingSettings } from './invoicing-settings.server';
import { periodDays, type RegisterPeriod } from './register-period';

/** A period GSTR-1 is filed for: a month or a quarter. */
export type ReturnPeriod = Extract<RegisterPeriod, { kind: 'month' | 'quarter' }>;

/**
 * The return period 'MMYYYY' of a month ('2026-11' → '112026') or a quarter (its last month:
 * '2026-27-Q3' → '122026').
 */
function returnPeriodFp(period: ReturnPeriod): string {
  const days = periodDays(period)!;
  const [year, month] = days.to.split('-').map(Number) as [number, number];
  const lastMonth = month === 1 ? 12 : month - 1;
  const lastYear = month === 1 ? year - 1 : year;
  return `${String(lastMonth).padStart(2, '0')}${lastYear}`;
}

/**
 * The receipt vouchers of orders `orderIds`, and the refund vouchers of their advances refunded
 * before any invoice (no `refers_to_id`), whatever their period: what an invoice adjusts (atadj).
 */
async function advancesOf(db: Db, orderIds: number[]): Promise<Map<number, InvoiceDocument[]>> {
  const byOrder = new Map<number, InvoiceDocument[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: invoices.orderId, document: invoices.document })
    .from(invoices)
    .where(
      and(
        inArray(invoices.orderId, orderIds),
        or(
          eq(invoices.kind, 'receipt_voucher'),
          and(eq(invoices.kind, 'refund_voucher'), isNull(invoices.refersToId)),
        ),
      ),
    )
    .orderBy(asc(invoices.id));
  for (const row of rows) {
    const document = row.document as unknown as InvoiceDocument;
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), document]);
  }
  return byOrder;
}

/**
 * The rows of the documents issued in `period`, each invoice with its order's advances
 * (`advancesOf`).
 */
export async function gstr1Data(db: Db, period: ReturnPeriod): Promise<Gstr1Data> {
  const original = alias(invoices, 'original');
  const rows = await db
    .select({
      kind: invoices.kind,
      orderId: invoices.orderId,
      document: invoices.document,
      refersTo: original.document,
    })
    .from(invoices)
    .leftJoin(original, eq(original.id, invoices.refersToId))
    .where(periodWhere(period))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const advances = await advancesOf(
    db,
    rows.filter((row) => row.kind === 'invoice').map((row) => row.orderId),
  );
  return buildGstr1(
    rows.map((row) => {
      const document = row.document as unknown as InvoiceDocument;
      const refersTo = row.refersTo as unknown as InvoiceDocument | null;
      return {
        document,
        ...(refersTo && document.kind === 'credit_note'
          ? {
              refersTo: {
                totalPaise: refersTo.totals.totalPaise,
                issueDate: refersTo.issueDate,
              },
            }
          : {}),
        ...(row.kind === 'invoice' && advances.has(row.orderId)
          ? { advances: advances.get(row.orderId)! }
          : {}),
      };
    }),
  );
}

/** The UTF-8 byte-order mark: spreadsheets read the file as UTF-8 with it. */
const BOM = '\uFEFF';

/** Sheet `sheet` of `data` as a CSV file's text: BOM, header, rows, CRLF line ends. */
export function gstr1Csv(data: Gstr1Data, sheet: Gstr1Sheet): string {
  const lines = [GSTR1_HEADERS[sheet], ...gstr1SheetRows(data, sheet)].map((cells) =>
    cells.map(csvCell).join(','),
  );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * The portal's JSON for `period`, with the supplier's GSTIN from the invoicing settings.
 * @throws ZodError when the settings' GSTIN is not 15 characters (see `gstr1Json`).
 */
export async function gstr1PortalJson(
  db: Db,
  period: ReturnPeriod,
  data: Gstr1Data,
): Promise<Gstr1Json> {
  const settings = await getInvoicingSettings(db);
  return gstr1Json(data, settings.gstin.trim().toUpperCase(), returnPeriodFp(period));
}
