/**
 * Finding an order's tax documents for download (issue 21 item 5: "the shopper downloads it
 * from the account; an admin downloads it from admin"). A shopper reaches only the documents
 * of their own orders (placed from their account, or a bespoke order of the customer record
 * linked to it); anything else is answered as not found, so nobody learns what exists.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { customers, invoices, orders } from '~/lib/schema.server';
import type { InvoiceDocument } from './document';
import { documentFileName } from './invoice-jobs.server';
import { listOrderDocuments, type OrderDocument } from './invoices.server';
import { invoicePdf } from './pdf.server';

/**
 * Whose documents: a shopper's own (by their user id), any order's (the back office), or the
 * one order a signed order link opened (`orderId`, issue 30 item 2).
 */
export type DocumentReader = { userId: string } | { orderId: number } | 'admin';

/** The order with `number`, when `reader` may see it (an unreadable number is no order). */
async function readableOrder(db: Db, reader: DocumentReader, number: string) {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(number)) return null;
  const access: SQL | undefined =
    reader === 'admin'
      ? undefined
      : 'orderId' in reader
        ? eq(orders.id, reader.orderId)
        : or(
            eq(orders.userId, reader.userId),
            inArray(
              orders.customerId,
              db
                .select({ id: customers.id })
                .from(customers)
                .where(eq(customers.userId, reader.userId)),
            ),
          );
  const [order] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.number, number), access));
  return order ?? null;
}

/**
 * The invoice and credit notes of order `number` (oldest first), or null when the order is
 * unknown or not the reader's.
 */
export async function documentsOfOrder(
  db: Db,
  reader: DocumentReader,
  number: string,
): Promise<OrderDocument[] | null> {
  const order = await readableOrder(db, reader, number);
  return order ? listOrderDocuments(db, order.id) : null;
}

/**
 * One document of order `number` as a PDF response (`private, no-store`): `which` is
 * 'invoice' or the id of a credit note, refund voucher or receipt voucher (as the URL gives it). Null when the order is not the
 * reader's, or it has no such document.
 */
export async function documentPdfResponse(
  db: Db,
  reader: DocumentReader,
  number: string,
  which: 'invoice' | string,
): Promise<Response | null> {
  const order = await readableOrder(db, reader, number);
  if (!order) return null;
  let where: SQL | undefined;
  if (which === 'invoice') {
    where = and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice'));
  } else {
    if (!/^[1-9][0-9]{0,9}$/.test(which) || Number(which) > 2_147_483_647) return null;
    where = and(
      eq(invoices.orderId, order.id),
      inArray(invoices.kind, ['credit_note', 'refund_voucher', 'receipt_voucher']),
      eq(invoices.id, Number(which)),
    );
  }
  const [row] = await db.select().from(invoices).where(where);
  if (!row) return null;
  const pdf = await invoicePdf(row.document as unknown as InvoiceDocument);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${documentFileName(row)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
