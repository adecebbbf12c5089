/**
 * Issuing tax invoices, credit notes and refund vouchers (issue 21 item 5, issue 28 item 3).
 *
 * - `issueInvoice`: one invoice per order (the partial unique index on `invoices.order_id`),
 *   for a paid order: a shop order whose status is 'paid', or any order whose succeeded
 *   payments cover its amount (a bespoke order's advance and balance). The document is built
 *   from the order (shop: its lines, each with its product's category's HSN code;
 *   bespoke: its garments, each with its garment type's code; each line's rate is the GST rate
 *   rule in force on the invoice's date for one piece's price, issue 29 item 1), the recipient and
 *   place of supply from the order's contact fields, the supplier from the invoicing settings.
 * - `issueCreditNote`: the documents of a succeeded refund row (at most one credit note and one
 *   refund voucher, by the partial unique indexes on `invoices.payment_id`): the part of the
 *   refund that returns money held beyond the invoice gets a refund voucher (Rule 51), the
 *   rest a credit note referring to the order's invoice (issued first when there is none),
 *   spread over what is left of the invoice's lines (`apportionRefund`); a refund that names
 *   the lines it returns (`refund_lines`, issue 29 item 3) gets a credit note of exactly those
 *   lines, each the returned part of its invoice line (`returnedSplit`).
 * - `linesToReturn`, `invoiceLinesToReturn`: an order's invoice lines with what refunds
 *   returned of each, for the refund form and the refund's guard.
 *
 * Both lock the order row first, so an invoice and a credit note of one order are never built
 * at once, and take their number in the same transaction as the insert (`allocateNumber`).
 * Calling either again answers the document already issued. The receipt vouchers of advances
 * (receipt-vouchers.server.ts, issue 29 item 3) share the lock, header, lines and insert.
 */
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
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
  refundLines,
} from '~/lib/schema.server';
import { PermanentJobError } from '~/lib/jobs/worker.server';
import type { InvoiceKind } from '~/lib/schema-enums';
import { formatRupeesExact } from '~/lib/money';
import { shopDateOf } from '~/lib/shop-time';
import { GARMENTS } from '~/features/measurements/garments';
import { amountInWords } from './amount-in-words';
import type { DocumentLine, InvoiceDocument } from './document';
import type { InvoicingSettings, TaxClass } from './invoicing-settings';
import { getInvoicingSettings } from './invoicing-settings.server';
import { allocateNumber } from './numbering.server';
import { cappedReturnSplit, RETURN_RULE, returnedSplit, toCenti } from './refund-lines';
import { rateRuleFor } from './rate-rules';
import { ledgerSumsOfOrder } from '~/features/orders/ledger-sums.server';
import { ADVANCE_REFUND_TAX_NOTE, advanceRefundLines } from './receipt-voucher';
import { listRateRules } from './rate-rules.server';
import { codFeeInvoiceLine, shippingInvoiceLine } from './shipping-line';
import { getShippingSettings } from '~/features/shipping/shipping.server';
import {
  APPORTION_RULE,
  apportionRefund,
  GST_STATE_CODES,
  placeOfSupply,
  roundingRule,
  splitInclusive,
  sumSplits,
  type TaxSplit,
} from './tax';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An issued invoice, credit note or voucher as its row keeps it. */
export interface IssuedDocument {
  id: number;
  kind: InvoiceKind;
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
export async function lockOrder(tx: Tx, orderId: number) {
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
export async function sourceLines(
  tx: DbOrTx,
  order: typeof orders.$inferSelect,
  settings: InvoicingSettings,
): Promise<
  {
    description: string;
    tax: TaxClass;
    quantity: number;
    unit: string;
    unitPricePaise: number;
    /** The line's value when it is not unit price × quantity (a cut sold by the metre). */
    grossPaise?: number;
    /**
     * Issue 32 item 4: the coupon's discount on the whole line, in paise (0 without one): the
     * invoice shows it before tax and taxes the value after it.
     */
    discountPaise: number;
  }[]
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
      const label = GARMENTS[garment.garmentType].label.toLowerCase();
      // Issue 29 item 1: on the customer's own cloth the garment is a tailoring service, its
      // price the making charge, under the settings' tailoring SAC (decision 025).
      if (garment.customerCloth) {
        return {
          description: `Tailoring service: bespoke ${label} stitched from the customer’s own cloth${garment.fabricName ? ` (${garment.fabricName})` : ''}${options ? `: ${options}` : ''}`,
          tax: settings.tailoring,
          quantity: 1,
          unit: 'NOS',
          unitPricePaise: garment.pricePaise,
          discountPaise: 0,
        };
      }
      return {
        description: `Bespoke ${label} in ${fabric}${options ? `: ${options}` : ''}`,
        tax: settings.garments[garment.garmentType] ?? settings.fallback,
        quantity: 1,
        unit: 'PCS',
        unitPricePaise: garment.pricePaise,
        discountPaise: 0,
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
      lengthCm: orderLines.lengthCm,
      metrePricePaise: orderLines.metrePricePaise,
      uqc: orderLines.uqc,
      discountPaise: orderLines.discountPaise,
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
    // Issue 29 item 2: a cut is invoiced in metres at its price a metre; its value is what
    // the shopper paid for it (the cut's price rounded by `metreLinePaise`, × cuts).
    ...(line.lengthCm && line.metrePricePaise !== null
      ? {
          quantity: (line.lengthCm * line.quantity) / 100,
          unitPricePaise: line.metrePricePaise,
          grossPaise: line.unitPricePaise * line.quantity,
        }
      : { quantity: line.quantity, unitPricePaise: line.unitPricePaise }),
    unit: line.uqc,
    discountPaise: line.discountPaise,
  }));
}

/**
 * One unit's share of a line's discount (issue 32 item 4), in paise, rounded down: the line's
 * discount in proportion of one unit's price to the line's value (a piece: discount ÷ pieces;
 * a cut: its share of a metre).
 */
function unitDiscount(lineDiscountPaise: number, unitPricePaise: number, linePaise: number) {
  if (lineDiscountPaise <= 0 || linePaise <= 0) return 0;
  return Math.min(unitPricePaise, Math.floor((lineDiscountPaise * unitPricePaise) / linePaise));
}

/** The document's header blocks from the settings and the order. */
export function header(settings: InvoicingSettings, order: typeof orders.$inferSelect) {
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
      addressLine2: order.addressLine2,
      landmark: order.landmark,
      district: order.district,
      email: order.email,
      phone: order.phone,
      ...(order.buyerGstin
        ? { gstin: order.buyerGstin, legalName: order.buyerLegalName || order.customerName }
        : {}),
    },
    placeOfSupply: place,
    intraState: place.state === settings.state,
    order: { number: order.number, kind: order.kind },
    reverseCharge: 'No' as const,
    signatory: { name: settings.signatory, for: settings.legalName },
  };
}

/** A document's totals: the sums of its lines' splits. */
export function totalsOf(lines: DocumentLine[]) {
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
async function isPaid(tx: DbOrTx, order: typeof orders.$inferSelect): Promise<boolean> {
  return (await receivedPaise(tx, order)) >= order.amountPaise;
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
  const rules = await listRateRules(tx);
  const issueDate = shopDateOf(now);
  const lines: DocumentLine[] = source.map((line) => {
    // Issue 29 item 1: the rule in force on the invoice's date, by the value of one unit of
    // the line (a piece; for a cut sold by the metre, its price a metre).
    // Issue 32 item 4: the band is chosen on one unit's price after its share of the coupon's
    // discount (rounded down, so the band is never lower than the price paid puts it in).
    const lineGrossPaise = line.grossPaise ?? line.unitPricePaise * line.quantity;
    const chosen = rateRuleFor(rules, line.tax.code, issueDate, {
      piecePaise: line.unitPricePaise,
      inclusive: true,
      discountPaise: unitDiscount(line.discountPaise, line.unitPricePaise, lineGrossPaise),
    });
    if (!chosen) {
      throw new PermanentJobError(
        `No GST rate rule covers HSN/SAC ${line.tax.code} on ${issueDate}: add one in the invoicing settings.`,
      );
    }
    const ratePercent = chosen.rule.ratePercent;
    const split = splitInclusive(lineGrossPaise - line.discountPaise, ratePercent, head.intraState);
    return {
      description: line.description,
      code: line.tax.code,
      quantity: line.quantity,
      unit: line.unit,
      unitPricePaise: line.unitPricePaise,
      ...(line.discountPaise > 0 ? { discountPaise: line.discountPaise } : {}),
      ratePercent,
      ...split,
    };
  });
  // Issue 32 item 2: the shipping charge, a line of its own taxed by the shipping settings' rule.
  const shippingSettings = await getShippingSettings(tx);
  const goodsLines = [...lines];
  const shipping = shippingInvoiceLine(
    order.shippingPaise,
    goodsLines,
    shippingSettings,
    head.intraState,
  );
  if (shipping) lines.push(shipping);
  // Issue 32 item 3: the cash-on-delivery fee, taxed as shipping is.
  const codFee = codFeeInvoiceLine(
    order.codFeePaise,
    goodsLines,
    shippingSettings,
    head.intraState,
  );
  if (codFee) lines.push(codFee);
  const allocated = await allocateNumber(tx, 'invoice', settings.invoicePrefix, now);
  const totals = totalsOf(lines);
  const document: InvoiceDocument = {
    kind: 'invoice',
    title: 'Tax Invoice',
    number: allocated.number,
    issueDate,
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

/** The documents a refund row may get. */
const REFUND_DOCUMENTS = ['credit_note', 'refund_voucher'] as const;

/** What issuing a refund's documents answers. */
export type RefundOutcome =
  | {
      ok: true;
      created: boolean;
      /** The credit note, or the refund voucher when the whole refund is beyond the invoice. */
      issued: IssuedDocument;
      /** Every document of the refund, in issue order (a voucher, then a credit note). */
      documents: IssuedDocument[];
    }
  | Extract<IssueOutcome, { ok: false }>;

function refundAnswer(documents: IssuedDocument[], created: boolean): RefundOutcome {
  const issued = documents.find((doc) => doc.kind === 'credit_note') ?? documents[0]!;
  return { ok: true, created, issued, documents };
}

/**
 * What the customer paid for the order, in paise: its succeeded payments (the ledger's
 * `paidPaise`, refunds not subtracted), and at least its amount once it is paid (a shop order
 * paid before the ledger has no payment row).
 */
async function receivedPaise(tx: DbOrTx, order: typeof orders.$inferSelect): Promise<number> {
  const { paidPaise } = await ledgerSumsOfOrder(tx, order.id);
  return order.status === 'paid' ? Math.max(paidPaise, order.amountPaise) : paidPaise;
}

/** Inserts a document row of `kind` with its allocated number, and answers it issued. */
export async function insertDocument(
  tx: Tx,
  values: {
    kind: IssuedDocument['kind'];
    allocated: Awaited<ReturnType<typeof allocateNumber>>;
    orderId: number;
    refersToId: number | null;
    paymentId: number;
    now: Date;
    document: InvoiceDocument;
  },
): Promise<IssuedDocument> {
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: values.kind,
      number: values.allocated.number,
      series: values.allocated.series,
      financialYear: values.allocated.financialYear,
      sequence: values.allocated.sequence,
      orderId: values.orderId,
      refersToId: values.refersToId,
      paymentId: values.paymentId,
      issuedAt: values.now,
      totalPaise: values.document.totals.totalPaise,
      document: values.document as unknown as Record<string, unknown>,
    })
    .returning();
  return toIssued(row!);
}

/**
 * The credit note of `creditPaise` against `invoice`, spread over what is left of its lines
 * (`left`, gross paise per line) in proportion (`apportionRefund`).
 */
async function creditNote(
  tx: Tx,
  input: {
    invoice: IssuedDocument;
    left: number[];
    creditPaise: number;
    refund: typeof payments.$inferSelect;
    settings: InvoicingSettings;
    now: Date;
  },
): Promise<IssuedDocument> {
  const source = input.invoice.document;
  const parts = apportionRefund(input.creditPaise, input.left);
  const lines: DocumentLine[] = source.lines.map((line, index) => ({
    description: line.description,
    code: line.code,
    quantity: line.quantity,
    unit: line.unit,
    unitPricePaise: line.unitPricePaise,
    ratePercent: line.ratePercent,
    ...splitInclusive(parts[index]!, line.ratePercent, source.intraState),
  }));
  return insertCreditNote(tx, input, lines, 'Refund', APPORTION_RULE);
}

/**
 * What is left of invoice line `index` after the credit notes `notes` against the invoice
 * (their parts of it: `invoiceLine`, or the position on notes that carry every line), each
 * amount in paise.
 */
function leftOfLine(
  line: DocumentLine,
  index: number,
  notes: readonly { document: unknown }[],
): TaxSplit {
  const left: TaxSplit = {
    grossPaise: line.grossPaise,
    taxablePaise: line.taxablePaise,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
  };
  for (const note of notes) {
    (note.document as InvoiceDocument).lines.forEach((noted, position) => {
      if ((noted.invoiceLine ?? position) !== index) return;
      left.grossPaise -= noted.grossPaise;
      left.taxablePaise -= noted.taxablePaise;
      left.cgstPaise -= noted.cgstPaise;
      left.sgstPaise -= noted.sgstPaise;
      left.igstPaise -= noted.igstPaise;
    });
  }
  return left;
}

/**
 * The credit-note lines of a refund that names its lines (issue 29 item 3): exactly the lines
 * in `named`, each the returned part of its invoice line by `returnedSplit`, counted after what
 * earlier refunds (not failed) returned of the line, with the value the refund took at the
 * time (`gross_paise`; the last tax takes any paisa of difference), and never more than
 * earlier credit notes left of the line (`left`, goodwill included: `cappedReturnSplit`).
 * @throws PermanentJobError when a named line is not on the invoice or more than was sold.
 */
async function returnedLines(
  tx: Tx,
  input: {
    invoice: IssuedDocument;
    named: (typeof refundLines.$inferSelect)[];
    refund: typeof payments.$inferSelect;
    left: TaxSplit[];
  },
): Promise<DocumentLine[]> {
  const source = input.invoice.document;
  const lines: DocumentLine[] = [];
  for (const row of input.named) {
    const line = source.lines[row.lineIndex];
    const [earlier] = await tx
      .select({ centi: sql<string>`coalesce(sum(${refundLines.quantityCenti}), 0)` })
      .from(refundLines)
      .innerJoin(payments, eq(payments.id, refundLines.refundId))
      .where(
        and(
          eq(refundLines.orderId, row.orderId),
          eq(refundLines.lineIndex, row.lineIndex),
          lt(refundLines.refundId, row.refundId),
          ne(payments.status, 'failed'),
        ),
      );
    const sold = line ? toCenti(line.quantity) : 0;
    const before = Number(earlier?.centi ?? 0);
    if (!line || before + row.quantityCenti > sold) {
      throw new PermanentJobError(
        `Refund ${input.refund.id} returns more of line ${row.lineIndex + 1} (${row.description}) than invoice ${input.invoice.number} has left.`,
      );
    }
    const split = returnedSplit(line, sold, before, row.quantityCenti, source.intraState);
    const rest = row.grossPaise - split.taxablePaise - split.cgstPaise;
    const taken = { ...split, grossPaise: row.grossPaise };
    taken.sgstPaise = source.intraState ? rest : 0;
    taken.igstPaise = source.intraState ? 0 : rest;
    const capped = cappedReturnSplit(taken, input.left[row.lineIndex]!, source.intraState);
    lines.push({
      description: line.description,
      code: line.code,
      quantity: row.quantityCenti / 100,
      unit: line.unit,
      unitPricePaise: line.unitPricePaise,
      ratePercent: line.ratePercent,
      ...capped,
      invoiceLine: row.lineIndex,
    });
  }
  return lines;
}

/**
 * Numbers and stores a credit note of `lines` against `input.invoice` for `input.refund`, with
 * the invoice's header blocks, the refund's reason (`fallbackReason` when it gave none) and the
 * rounding rule and `spreadRule` (how the refund became these lines) as notes.
 */
async function insertCreditNote(
  tx: Tx,
  input: {
    invoice: IssuedDocument;
    refund: typeof payments.$inferSelect;
    settings: InvoicingSettings;
    now: Date;
  },
  lines: DocumentLine[],
  fallbackReason: string,
  spreadRule: string,
): Promise<IssuedDocument> {
  const source = input.invoice.document;
  const allocated = await allocateNumber(
    tx,
    'credit_note',
    input.settings.creditNotePrefix,
    input.now,
  );
  const totals = totalsOf(lines);
  return insertDocument(tx, {
    kind: 'credit_note',
    allocated,
    orderId: input.invoice.orderId,
    refersToId: input.invoice.id,
    paymentId: input.refund.id,
    now: input.now,
    document: {
      ...source,
      kind: 'credit_note',
      title: 'Credit Note',
      number: allocated.number,
      issueDate: shopDateOf(input.now),
      financialYear: allocated.financialYear,
      refersTo: { number: input.invoice.number, issueDate: source.issueDate },
      reason: input.refund.reason || fallbackReason,
      lines,
      totals,
      amountInWords: amountInWords(totals.totalPaise),
      notes: [roundingRule(source.intraState), spreadRule],
    },
  });
}

/** What a refund voucher says of the tax on its amount. */
const VOUCHER_TAX_NOTE =
  'Tax: nil. No GST was charged on this amount (money received beyond the tax invoice, or an advance not yet invoiced), so none is refunded.';

/**
 * The refund voucher of `voucherPaise` (section 31(3)(e) of the CGST Act; Rule 51 of the CGST
 * Rules 2017, "Refund voucher", text at https://gstgyaan.com/rule-51-of-the-cgst-rules-refund-voucher:
 * the supplier's name, address and GSTIN; a consecutive serial number unique for the
 * financial year; the date of issue; the recipient's name, address and GSTIN/UIN; the number
 * and date of the receipt voucher (issue 29 item 3: the advance's; a payment without one, such
 * as money paid beyond the invoice, by its reference and date); a description of the goods or
 * services; the amount refunded; the rate and amount of tax; whether tax is payable on
 * reverse charge; the signature): in the 'refund_voucher' series on the counter table, with
 * the settings' `refundVoucherPrefix` ('RV' by default).
 */
async function refundVoucher(
  tx: Tx,
  input: {
    order: typeof orders.$inferSelect;
    invoice: IssuedDocument | null;
    voucherPaise: number;
    refund: typeof payments.$inferSelect;
    settings: InvoicingSettings;
    now: Date;
  },
): Promise<IssuedDocument> {
  const { order, invoice, settings } = input;
  const head = header(settings, order);
  const supplied = invoice
    ? invoice.document.lines.map((line) => ({ description: line.description, code: line.code }))
    : (await sourceLines(tx, order, settings)).map((line) => ({
        description: line.description,
        code: line.tax.code,
      }));
  const [payment] = input.refund.refundOfId
    ? await tx.select().from(payments).where(eq(payments.id, input.refund.refundOfId))
    : [];
  // Rule 51 asks for the receipt voucher's number and date: the advance's, when it has one.
  const [receiptVoucher] = payment
    ? await tx
        .select({ number: invoices.number, document: invoices.document })
        .from(invoices)
        .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'receipt_voucher')))
    : [];
  const receiptDocument = receiptVoucher?.document as unknown as InvoiceDocument | undefined;
  // Issue 29 item 3 (decision 025, customer's cloth): an advance taxed as a service on its
  // receipt voucher, refunded before any invoice, has that tax reversed on the refund voucher.
  const taxedAdvance =
    !invoice &&
    receiptDocument &&
    input.voucherPaise <= receiptDocument.totals.totalPaise &&
    receiptDocument.lines.some((item) => item.taxablePaise < item.grossPaise)
      ? advanceRefundLines(input.voucherPaise, receiptDocument.lines, head.intraState)
      : null;
  const line: DocumentLine = {
    description: `Refund of money received for order ${order.number} ${invoice ? 'beyond its tax invoice' : 'before its tax invoice (an advance)'}: ${supplied.map((item) => item.description).join('; ')}`,
    code: [...new Set(supplied.map((item) => item.code))].join(', '),
    quantity: 1,
    unit: 'OTH',
    unitPricePaise: input.voucherPaise,
    grossPaise: input.voucherPaise,
    taxablePaise: input.voucherPaise,
    ratePercent: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
  };
  const allocated = await allocateNumber(
    tx,
    'refund_voucher',
    settings.refundVoucherPrefix,
    input.now,
  );
  const lines = taxedAdvance ?? [line];
  const totals = totalsOf(lines);
  return insertDocument(tx, {
    kind: 'refund_voucher',
    allocated,
    orderId: order.id,
    refersToId: invoice?.id ?? null,
    paymentId: input.refund.id,
    now: input.now,
    document: {
      kind: 'refund_voucher',
      title: 'Refund Voucher',
      number: allocated.number,
      issueDate: shopDateOf(input.now),
      financialYear: allocated.financialYear,
      ...head,
      ...(invoice
        ? { refersTo: { number: invoice.number, issueDate: invoice.document.issueDate } }
        : {}),
      reason: input.refund.reason || 'Refund',
      ...(receiptVoucher
        ? {
            receiptVoucher: {
              number: receiptVoucher.number,
              issueDate: receiptDocument!.issueDate,
            },
          }
        : {}),
      receipt:
        payment && !receiptVoucher
          ? {
              reference: payment.providerPaymentId || payment.reference || `#${payment.id}`,
              date: shopDateOf(payment.settledAt ?? payment.createdAt),
            }
          : undefined,
      recipientGstin: head.recipient.gstin ?? 'unregistered',
      lines,
      totals,
      amountInWords: amountInWords(totals.totalPaise),
      notes:
        lines === taxedAdvance
          ? [ADVANCE_REFUND_TAX_NOTE, roundingRule(head.intraState)]
          : [VOUCHER_TAX_NOTE],
    },
  });
}

/**
 * Issues the documents of refund row `paymentId` at `now` (issue 21 item 6, issue 28 item 3),
 * or answers the ones it has. The order's invoice is issued first when it is paid and has
 * none. Then, with held = what the customer paid − what earlier credit notes and vouchers
 * returned, and left = what the invoice still carries (its total − its credit notes):
 * - the part of the refund that returns money held beyond the invoice (held − left, all of it
 *   when the order has no invoice: an advance) gets a refund voucher (Rule 51), since no supply
 *   was made for it;
 * - the rest lowers the value of the supply: a credit note against the invoice, spread over
 *   its lines.
 * Refuses a row that is not a refund ('not-a-refund') or not yet succeeded
 * ('refund-not-settled'), an unknown one ('not-found').
 * @throws PermanentJobError when the refund is more than the customer paid less what was
 *   refunded (no document can take it, whatever the retries); whatever the database throws
 *   (the transaction rolls back, the numbers are not used).
 */
export async function issueCreditNote(
  db: Db,
  paymentId: number,
  now = new Date(),
): Promise<RefundOutcome> {
  return db.transaction((tx) => creditNoteInTx(tx, paymentId, now));
}

/** {@link issueCreditNote} inside `tx` (the caller's transaction, which may hold the order). */
async function creditNoteInTx(tx: Tx, paymentId: number, now: Date): Promise<RefundOutcome> {
  {
    const [refund] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!refund) return { ok: false, reason: 'not-found' };
    if (refund.kind !== 'refund') return { ok: false, reason: 'not-a-refund' };
    if (refund.status !== 'succeeded') return { ok: false, reason: 'refund-not-settled' };
    const order = await lockOrder(tx, refund.orderId);
    if (!order) return { ok: false, reason: 'not-found' };
    const existing = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, paymentId), inArray(invoices.kind, REFUND_DOCUMENTS)))
      .orderBy(asc(invoices.id));
    if (existing.length > 0) return refundAnswer(existing.map(toIssued), false);
    const invoiced = await invoiceInTx(tx, order, now);
    if (!invoiced.ok && invoiced.reason !== 'not-paid') return invoiced;
    const invoice = invoiced.ok ? invoiced.issued : null;
    const earlier = await tx
      .select({
        kind: invoices.kind,
        refersToId: invoices.refersToId,
        totalPaise: invoices.totalPaise,
        document: invoices.document,
      })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), inArray(invoices.kind, REFUND_DOCUMENTS)));
    const notes = earlier.filter(
      (doc) => doc.kind === 'credit_note' && invoice && doc.refersToId === invoice.id,
    );
    const left = (invoice?.document.lines ?? []).map((line, index) =>
      notes.reduce(
        (rest, note) =>
          rest -
          (note.document as unknown as InvoiceDocument).lines
            .filter((noted, position) => (noted.invoiceLine ?? position) === index)
            .reduce((sum, noted) => sum + noted.grossPaise, 0),
        line.grossPaise,
      ),
    );
    const leftSplits = (invoice?.document.lines ?? []).map((line, index) =>
      leftOfLine(line, index, notes),
    );
    const invoiceLeft = left.reduce((sum, value) => sum + value, 0);
    const held =
      (await receivedPaise(tx, order)) - earlier.reduce((sum, doc) => sum + doc.totalPaise, 0);
    const refundPaise = -refund.amountPaise;
    if (refundPaise > held) {
      throw new PermanentJobError(
        `Refund ${refund.id} of ${formatRupeesExact(refundPaise)} is more than the ${formatRupeesExact(Math.max(0, held))} the customer paid less what was refunded: no credit note or refund voucher can take it. Check the order's payments.`,
      );
    }
    const named = await tx
      .select()
      .from(refundLines)
      .where(eq(refundLines.refundId, refund.id))
      .orderBy(asc(refundLines.lineIndex));
    if (named.length > 0 && !invoice) {
      throw new PermanentJobError(
        `Refund ${refund.id} names lines, but order ${order.number} has no tax invoice to return them from.`,
      );
    }
    // Returned lines are goods given back: all of the refund goes on their credit note, as far
    // as what earlier notes left of the lines carries it (a goodwill note issued after the
    // refund was valued); any rest is money beyond the invoice, on a refund voucher.
    const returned =
      named.length > 0 && invoice
        ? await returnedLines(tx, { invoice, named, refund, left: leftSplits })
        : null;
    const voucherPaise = returned
      ? refundPaise - returned.reduce((sum, line) => sum + line.grossPaise, 0)
      : Math.min(refundPaise, Math.max(0, held - invoiceLeft));
    const creditPaise = refundPaise - voucherPaise;
    const settings = await getInvoicingSettings(tx);
    const documents: IssuedDocument[] = [];
    if (voucherPaise > 0) {
      documents.push(
        await refundVoucher(tx, { order, invoice, voucherPaise, refund, settings, now }),
      );
    }
    if (creditPaise > 0 && invoice) {
      documents.push(
        returned
          ? await insertCreditNote(
              tx,
              { invoice, refund, settings, now },
              returned,
              'Goods returned',
              RETURN_RULE,
            )
          : await creditNote(tx, { invoice, left, creditPaise, refund, settings, now }),
      );
    }
    return refundAnswer(documents, true);
  }
}

/** One line of an order's tax invoice as a refund may return it (issue 29 item 3). */
export interface ReturnableLine {
  /** Its position on the invoice (0-based), the `line_index` of `refund_lines`. */
  index: number;
  description: string;
  /** Unit quantity code ('NOS', 'PCS', 'MTR'…): 'MTR' lines are returned by length. */
  unit: string;
  unitPricePaise: number;
  /** The line's value, GST included. */
  grossPaise: number;
  /** Quantity sold, in hundredths of the unit (100 = one piece, or one metre). */
  soldCenti: number;
  /** Quantity returned by refunds not failed (pending or succeeded), in hundredths. */
  returnedCenti: number;
  /**
   * What of the line's value earlier refunds took, in paise: its parts on the credit notes
   * issued (goodwill shares included) and the returns of it not on a note yet. A return
   * credits at most `grossPaise − creditedPaise` (`returnCredit`, decision 018).
   */
  creditedPaise: number;
}

/** What refunds not failed returned of each line of order `orderId`, hundredths by index. */
async function returnedByLine(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({
      lineIndex: refundLines.lineIndex,
      centi: sql<string>`sum(${refundLines.quantityCenti})`,
    })
    .from(refundLines)
    .innerJoin(payments, eq(payments.id, refundLines.refundId))
    .where(and(eq(refundLines.orderId, orderId), ne(payments.status, 'failed')))
    .groupBy(refundLines.lineIndex);
  return new Map(rows.map((row) => [row.lineIndex, Number(row.centi)]));
}

/**
 * What earlier refunds took of each line of `invoice` (order `orderId`), gross paise by index:
 * the lines' parts on its credit notes, and the returned lines (`refund_lines`) of refunds not
 * failed that have no credit note yet.
 */
async function creditedByLine(
  db: DbOrTx,
  orderId: number,
  invoice: IssuedDocument,
): Promise<Map<number, number>> {
  const notes = await db
    .select({ document: invoices.document })
    .from(invoices)
    .where(and(eq(invoices.kind, 'credit_note'), eq(invoices.refersToId, invoice.id)));
  const credited = new Map<number, number>();
  invoice.document.lines.forEach((line, index) => {
    const taken = line.grossPaise - leftOfLine(line, index, notes).grossPaise;
    if (taken !== 0) credited.set(index, taken);
  });
  const unnoted = await db
    .select({
      lineIndex: refundLines.lineIndex,
      paise: sql<string>`sum(${refundLines.grossPaise})`,
    })
    .from(refundLines)
    .innerJoin(payments, eq(payments.id, refundLines.refundId))
    .where(
      and(
        eq(refundLines.orderId, orderId),
        ne(payments.status, 'failed'),
        sql`not exists (select 1 from ${invoices} where ${invoices.paymentId} = ${payments.id} and ${invoices.kind} = 'credit_note')`,
      ),
    )
    .groupBy(refundLines.lineIndex);
  for (const row of unnoted) {
    credited.set(row.lineIndex, (credited.get(row.lineIndex) ?? 0) + Number(row.paise));
  }
  return credited;
}

function withReturned(
  lines: Omit<ReturnableLine, 'returnedCenti' | 'creditedPaise'>[],
  returned: Map<number, number>,
  credited: Map<number, number> = new Map(),
): ReturnableLine[] {
  return lines.map((line) => ({
    ...line,
    returnedCenti: returned.get(line.index) ?? 0,
    creditedPaise: credited.get(line.index) ?? 0,
  }));
}

function fromInvoice(
  invoice: IssuedDocument,
): Omit<ReturnableLine, 'returnedCenti' | 'creditedPaise'>[] {
  return invoice.document.lines.map((line, index) => ({
    index,
    description: line.description,
    unit: line.unit,
    unitPricePaise: line.unitPricePaise,
    grossPaise: line.grossPaise,
    soldCenti: toCenti(line.quantity),
  }));
}

/**
 * The lines of order `orderId`'s tax invoice with what was returned of each, for the refund
 * form: the issued invoice's lines, or for a paid order whose invoice job has not run yet, the
 * lines it will carry (shop lines or garments, in the invoice's order). An order that is not
 * paid and has no invoice has no lines to return: [].
 */
export async function linesToReturn(db: Db, orderId: number): Promise<ReturnableLine[]> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return [];
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  const returned = await returnedByLine(db, orderId);
  if (invoice) {
    const issued = toIssued(invoice);
    return withReturned(fromInvoice(issued), returned, await creditedByLine(db, orderId, issued));
  }
  if (!(await isPaid(db, order))) return [];
  const settings = await getInvoicingSettings(db);
  const source = await sourceLines(db, order, settings);
  return withReturned(
    source.map((line, index) => ({
      index,
      description: line.description,
      unit: line.unit,
      unitPricePaise: line.unitPricePaise,
      // Issue 32 item 4: what was paid for the line, after the coupon's discount.
      grossPaise: (line.grossPaise ?? line.unitPricePaise * line.quantity) - line.discountPaise,
      soldCenti: toCenti(line.quantity),
    })),
    returned,
  );
}

/**
 * The lines of order `orderId`'s tax invoice with what refunds not failed returned of each,
 * in `tx` with the order locked (the refund's guard): the invoice is issued first, in `tx`,
 * when the order is paid and has none yet (its job then finds it), so a refund's lines are
 * always lines of an issued invoice. Null when the order is not paid and has no invoice.
 */
export async function invoiceLinesToReturn(
  tx: Tx,
  orderId: number,
  now: Date,
): Promise<{ invoiceNumber: string; lines: ReturnableLine[] } | null> {
  const order = await lockOrder(tx, orderId);
  if (!order) return null;
  const invoiced = await invoiceInTx(tx, order, now);
  if (!invoiced.ok) return null;
  await issueOutstandingRefundDocuments(tx, orderId, now);
  return {
    invoiceNumber: invoiced.issued.number,
    lines: withReturned(
      fromInvoice(invoiced.issued),
      await returnedByLine(tx, orderId),
      await creditedByLine(tx, orderId, invoiced.issued),
    ),
  };
}

/**
 * Issues, in `tx`, the documents of order `orderId`'s succeeded refunds that have none yet
 * (their `credit-note.issue` job has not run), oldest first, so a return is valued after the
 * goodwill credited before it (decision 018); their jobs then find them and send them. A
 * refund whose documents can never be issued is left to its job, which fails with the reason.
 */
async function issueOutstandingRefundDocuments(tx: Tx, orderId: number, now: Date) {
  const outstanding = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'refund'),
        eq(payments.status, 'succeeded'),
        sql`not exists (select 1 from ${invoices} where ${invoices.paymentId} = ${payments.id} and ${invoices.kind} in ('credit_note', 'refund_voucher'))`,
      ),
    )
    .orderBy(asc(payments.id));
  for (const refund of outstanding) {
    try {
      await creditNoteInTx(tx, refund.id, now);
    } catch (error) {
      if (!(error instanceof PermanentJobError)) throw error;
    }
  }
}

/** One of an order's documents, for its pages. */
export interface OrderDocument {
  id: number;
  kind: InvoiceKind;
  number: string;
  /** ISO 8601. */
  issuedAt: string;
  totalPaise: number;
}

/** The invoice, credit notes and vouchers of an order, oldest first (for its pages). */
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
