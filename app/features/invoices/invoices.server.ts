/**
 * Issuing tax invoices and credit notes (issue 21 item 5).
 *
 * - `issueInvoice`: one invoice per order (the partial unique index on `invoices.order_id`),
 *   for a paid order: a shop order whose status is 'paid', or any order whose succeeded
 *   payments cover its amount (a bespoke order's advance and balance). The document is built
 *   from the order (shop: its lines, each with its product's category's HSN code and rate;
 *   bespoke: its garments, each with its garment type's code and rate), the recipient and
 *   place of supply from the order's contact fields, the supplier from the invoicing settings.
 * - `issueCreditNote`: one credit note per succeeded refund row (the partial unique index on
 *   `invoices.payment_id`), referring to the order's invoice (issued first when there is none),
 *   the refund spread over what is left of the invoice's lines (`apportionRefund`).
 *
 * Both lock the order row first, so an invoice and a credit note of one order are never built
 * at once, and take their number in the same transaction as the insert (`allocateNumber`).
 * Calling either again answers the document already issued.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import {
  bespokeGarments,
  categories,
  invoices,
  orderLines,
  orders,
  payments,
  products,
} from '~/lib/schema.server';
import { shopDateOf } from '~/lib/shop-time';
import { GARMENTS } from '~/features/measurements/garments';
import { amountInWords } from './amount-in-words';
import type { DocumentLine, InvoiceDocument } from './document';
import type { InvoicingSettings, TaxClass } from './invoicing-settings';
import { getInvoicingSettings } from './invoicing-settings.server';
import { allocateNumber } from './numbering.server';
import {
  APPORTION_RULE,
  apportionRefund,
  GST_STATE_CODES,
  placeOfSupply,
  roundingRule,
  splitInclusive,
  sumSplits,
} from './tax';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An issued invoice or credit note as its row keeps it. */
export interface IssuedDocument {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  orderId: number;
  issuedAt: Date;
  totalPaise: number;
  document: InvoiceDocument;
}

/** What an issue answers: the document, and whether this call created it. */
export type IssueOutcome =
  | { ok: true; created: boolean; issued: IssuedDocument }
  | {
      ok: false;
      reason:
        'not-found' | 'not-paid' | 'nothing-to-invoice' | 'not-a-refund' | 'refund-not-settled';
    };

const toIssued = (row: typeof invoices.$inferSelect): IssuedDocument => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  orderId: row.orderId,
  issuedAt: row.issuedAt,
  totalPaise: row.totalPaise,
  document: row.document as unknown as InvoiceDocument,
});

/** The order, locked for this transaction. */
async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/** A line's tax class by its category slug, or the fallback. */
function classOf(settings: InvoicingSettings, slug: string | null): TaxClass {
  return (
    (slug && Object.hasOwn(settings.categories, slug) && settings.categories[slug]) ||
    settings.fallback
  );
}

/** The lines to invoice, before tax: description, class, quantity, unit and price. */
async function sourceLines(
  tx: Tx,
  order: typeof orders.$inferSelect,
  settings: InvoicingSettings,
): Promise<
  { description: string; tax: TaxClass; quantity: number; unit: string; unitPricePaise: number }[]
> {
  if (order.kind === 'bespoke') {
    const garments = await tx
      .select()
      .from(bespokeGarments)
      .where(eq(bespokeGarments.orderId, order.id))
      .orderBy(asc(bespokeGarments.position), asc(bespokeGarments.id));
    return garments.map((garment) => {
      const fabric = garment.fabricCode
        ? `${garment.fabricName} (${garment.fabricCode})`
        : garment.fabricName;
      const options = garment.options.map((option) => option.name).join(', ');
      return {
        description: `Bespoke ${GARMENTS[garment.garmentType].label.toLowerCase()} in ${fabric}${options ? `: ${options}` : ''}`,
        tax: settings.garments[garment.garmentType] ?? settings.fallback,
        quantity: 1,
        unit: 'PCS',
        unitPricePaise: garment.pricePaise,
      };
    });
  }
  const lines = await tx
    .select({
      name: orderLines.name,
      size: orderLines.size,
      color: orderLines.color,
      quantity: orderLines.quantity,
      unitPricePaise: orderLines.unitPricePaise,
      slug: categories.slug,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  return lines.map((line) => ({
    description: [line.name, line.size && `size ${line.size}`, line.color]
      .filter(Boolean)
      .join(', '),
    tax: classOf(settings, line.slug),
    quantity: line.quantity,
    unit: 'NOS',
    unitPricePaise: line.unitPricePaise,
  }));
}

/** The document's header blocks from the settings and the order. */
function header(settings: InvoicingSettings, order: typeof orders.$inferSelect) {
  const place = placeOfSupply(order.state);
  return {
    supplier: {
      legalName: settings.legalName,
      tradeName: settings.tradeName,
      address: settings.address,
      gstin: settings.gstin,
      state: settings.state,
      stateCode: GST_STATE_CODES[settings.state as keyof typeof GST_STATE_CODES] ?? '',
    },
    recipient: {
      name: order.customerName,
      address: order.address,
      city: order.city,
      state: order.state,
      pincode: order.pincode,
      email: order.email,
      phone: order.phone,
    },
    placeOfSupply: place,
    intraState: place.state === settings.state,
    order: { number: order.number, kind: order.kind },
    reverseCharge: 'No' as const,
    signatory: { name: settings.signatory, for: settings.legalName },
  };
}

function totalsOf(lines: DocumentLine[]) {
  const sum = sumSplits(lines);
  return {
    taxablePaise: sum.taxablePaise,
    cgstPaise: sum.cgstPaise,
    sgstPaise: sum.sgstPaise,
    igstPaise: sum.igstPaise,
    totalPaise: sum.grossPaise,
  };
}

/** Whether the order is paid: a paid shop order, or succeeded payments covering its amount. */
async function isPaid(tx: Tx, order: typeof orders.$inferSelect): Promise<boolean> {
  if (order.status === 'paid') return true;
  const [row] = await tx
    .select({ paid: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.kind, 'payment'),
        eq(payments.status, 'succeeded'),
      ),
    );
  return Number(row?.paid ?? 0) >= order.amountPaise;
}

/** Issues (or finds) the order's invoice inside `tx`, the order row already locked. */
async function invoiceInTx(
  tx: Tx,
  order: typeof orders.$inferSelect,
  now: Date,
): Promise<IssueOutcome> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
  if (existing) return { ok: true, created: false, issued: toIssued(existing) };
  if (!(await isPaid(tx, order))) return { ok: false, reason: 'not-paid' };
  const settings = await getInvoicingSettings(tx);
  const head = header(settings, order);
  const source = await sourceLines(tx, order, settings);
  if (source.length === 0) return { ok: false, reason: 'nothing-to-invoice' };
  const lines: DocumentLine[] = source.map((line) => {
    const split = splitInclusive(
      line.unitPricePaise * line.quantity,
      line.tax.ratePercent,
      head.intraState,
    );
    return {
      description: line.description,
      code: line.tax.code,
      quantity: line.quantity,
      unit: line.unit,
      unitPricePaise: line.unitPricePaise,
      ratePercent: line.tax.ratePercent,
      ...split,
    };
  });
  const allocated = await allocateNumber(tx, 'invoice', settings.invoicePrefix, now);
  const totals = totalsOf(lines);
  const document: InvoiceDocument = {
    kind: 'invoice',
    title: 'Tax Invoice',
    number: allocated.number,
    issueDate: shopDateOf(now),
    financialYear: allocated.financialYear,
    ...head,
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    notes: [roundingRule(head.intraState)],
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      number: allocated.number,
      series: allocated.series,
      financialYear: allocated.financialYear,
      sequence: allocated.sequence,
      orderId: order.id,
      issuedAt: now,
      totalPaise: totals.totalPaise,
      document: document as unknown as Record<string, unknown>,
    })
    .returning();
  return { ok: true, created: true, issued: toIssued(row!) };
}

/**
 * Issues the tax invoice of order `orderId` at `now`, or answers the one it has.
 * Refuses ('not-paid') an order that is not paid, ('nothing-to-invoice') one without lines or
 * garments, and ('not-found') an unknown order.
 * @throws whatever the database throws (the transaction rolls back, the number is not used).
 */
export async function issueInvoice(
  db: Db,
  orderId: number,
  now = new Date(),
): Promise<IssueOutcome> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { ok: false, reason: 'not-found' } as const;
    return invoiceInTx(tx, order, now);
  });
}

/**
 * Issues the credit note of refund row `paymentId` at `now` (its order's invoice first when it
 * has none), or answers the one it has. Refuses a row that is not a refund ('not-a-refund')
 * or not yet succeeded ('refund-not-settled').
 * @throws Error when the refund is more than the invoice has left to credit (the ledger
 *   refuses that earlier; this is the last guard); whatever the database throws.
 */
export async function issueCreditNote(
  db: Db,
  paymentId: number,
  now = new Date(),
): Promise<IssueOutcome> {
  return db.transaction(async (tx) => {
    const [refund] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!refund) return { ok: false, reason: 'not-found' } as const;
    if (refund.kind !== 'refund') return { ok: false, reason: 'not-a-refund' } as const;
    if (refund.status !== 'succeeded') return { ok: false, reason: 'refund-not-settled' } as const;
    const order = await lockOrder(tx, refund.orderId);
    if (!order) return { ok: false, reason: 'not-found' } as const;
    const [existing] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'credit_note')));
    if (existing) return { ok: true, created: false, issued: toIssued(existing) } as const;
    const invoiced = await invoiceInTx(tx, order, now);
    if (!invoiced.ok) return invoiced;
    const invoice = invoiced.issued;
    const earlier = await tx
      .select({ document: invoices.document })
      .from(invoices)
      .where(and(eq(invoices.refersToId, invoice.id), eq(invoices.kind, 'credit_note')));
    const left = invoice.document.lines.map((line, index) =>
      earlier.reduce(
        (rest, note) =>
          rest - ((note.document as unknown as InvoiceDocument).lines[index]?.grossPaise ?? 0),
        line.grossPaise,
      ),
    );
    const refundPaise = -refund.amountPaise;
    const parts = apportionRefund(refundPaise, left);
    const settings = await getInvoicingSettings(tx);
    const source = invoice.document;
    const lines: DocumentLine[] = source.lines.map((line, index) => ({
      description: line.description,
      code: line.code,
      quantity: line.quantity,
      unit: line.unit,
      unitPricePaise: line.unitPricePaise,
      ratePercent: line.ratePercent,
      ...splitInclusive(parts[index]!, line.ratePercent, source.intraState),
    }));
    const allocated = await allocateNumber(tx, 'credit_note', settings.creditNotePrefix, now);
    const totals = totalsOf(lines);
    const document: InvoiceDocument = {
      ...source,
      kind: 'credit_note',
      title: 'Credit Note',
      number: allocated.number,
      issueDate: shopDateOf(now),
      financialYear: allocated.financialYear,
      refersTo: { number: invoice.number, issueDate: source.issueDate },
      reason: refund.reason || 'Refund',
      lines,
      totals,
      amountInWords: amountInWords(totals.totalPaise),
      notes: [roundingRule(source.intraState), APPORTION_RULE],
    };
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'credit_note',
        number: allocated.number,
        series: allocated.series,
        financialYear: allocated.financialYear,
        sequence: allocated.sequence,
        orderId: order.id,
        refersToId: invoice.id,
        paymentId,
        issuedAt: now,
        totalPaise: totals.totalPaise,
        document: document as unknown as Record<string, unknown>,
      })
      .returning();
    return { ok: true, created: true, issued: toIssued(row!) } as const;
  });
}

/** One of an order's documents, for its pages. */
export interface OrderDocument {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  /** ISO 8601. */
  issuedAt: string;
  totalPaise: number;
}

/** The invoice and credit notes of an order, oldest first (for its pages). */
export async function listOrderDocuments(db: DbOrTx, orderId: number): Promise<OrderDocument[]> {
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalPaise: invoices.totalPaise,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  return rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() }));
}
