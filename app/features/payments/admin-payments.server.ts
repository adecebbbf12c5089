/**
 * The back office's money on an order (issue 21 items 4 and 6), the intents of
 * /admin/orders/:number: 'record-payment' (cash or UPI at the counter), 'send-payment-link'
 * (Razorpay Payment Links, or the sandbox's own page), 'withdraw-payment-link' (a pending link
 * cancelled, so its amount can be taken at the counter), 'refund' (in full or in part, with a
 * reason) and 'retry-refund' (a refund the provider did not answer, sent again with the same
 * idempotency key). Each runs under a row lock on the order with its audit entry
 * (auditedWrite), and is listed in the authorization table.
 *
 * Rules:
 * - a counter payment or a link above the balance is refused ('This is more than the balance
 *   of ₹X'); pending links and online payments being made count against the balance (issue 28
 *   item 2: "a counter payment counts the pending links, just as a new link does"), so the
 *   link, the counter and the online advance cannot all be taken;
 * - a refund is at most what the customer paid less what was refunded or is being refunded
 *   (issue 28 item 3), and at most what is left of the payment it returns;
 * - a refund names what it returns (issue 29 item 3): the lines of the order's tax invoice and
 *   a quantity (or length) of each, its amount computed here from them (`returnCredit`) and
 *   stored line by line (`refund_lines`), a line never returned beyond what was sold less what
 *   earlier refunds returned; or, only when staff choose 'goodwill', an amount typed, spread
 *   pro rata over the invoice by its credit note; a refund that chooses neither is refused;
 * - a refund comes from one succeeded payment row, at most what is left of it after the
 *   refunds already requested (pending or succeeded); online and link payments are refunded
 *   through the provider (a pending negative row, settled by `refund.processed`), cash and UPI
 *   at the counter in cash (succeeded at once, its credit note queued at once).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import * as z from 'zod';
import { orderNumberField } from '~/lib/form-fields.server';
import { payments, refundLines } from '~/lib/schema.server';
import { formatRupeesExact, readRupees } from '~/lib/money';
import { PaymentProviderError } from '~/lib/payments/payments.server';
import { queueCustomerMessage } from '~/features/customers/customer-messages.server';
import { getMessageSettings } from '~/features/customers/message-settings.server';
import { customers } from '~/lib/schema.server';
import { queueOrderMessage } from '~/features/orders/order-messages.server';
import { orderLinkUrl } from '~/features/orders/order-link.server';
import { invoiceLinesToReturn, type ReturnableLine } from '~/features/invoices/invoices.server';
import {
  formatReturnQuantity,
  readReturnQuantity,
  returnCredit,
} from '~/features/invoices/refund-lines';
import { heldBalanceMessage, METHOD_LABELS, overBalanceMessage } from './ledger';
import {
  balanceOf,
  enqueueCreditNote,
  freePaise,
  heldPaise,
  lockOrderByNumber,
  refundableFrom,
  refundableOfOrder,
  settleIfPaidInFull,
  enqueueReceiptVoucherIfAdvance,
  type LockedOrder,
} from './ledger.server';
import { cancelPendingLinks } from './payments-commands.server';
import { paymentLinkEmail } from './payment-email';
import { makeProviderLink } from './provider-link.server';
import type { Actor } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';
import { auditedWrite } from '~/lib/audited-write.server';
import { shopDateOf } from '~/lib/shop-time';
import { ledgerSite, processWebhook } from './webhook.server';

/** The most one form may ask for: ₹1 crore, far above any order of the shop. */
const MAX_AMOUNT_PAISE = 1_000_000_000;

const RUPEES_PROBLEMS = {
  missing: 'Please enter the amount in rupees.',
  unreadable: 'Please enter the amount in rupees, for example 2500 or 2,500.50.',
  decimals: 'Please enter at most two decimals (paise).',
  notPositive: 'The amount must be more than zero.',
  tooHigh: 'This amount is too large.',
} as const;

/** An amount typed in rupees, read into integer paise, with a message for each problem. */
const rupeesField = z.string({ error: RUPEES_PROBLEMS.missing }).transform((typed, ctx) => {
  const reading = readRupees(typed.slice(0, 40), MAX_AMOUNT_PAISE);
  if (reading.ok) return reading.paise;
  ctx.addIssue({ code: 'custom', message: RUPEES_PROBLEMS[reading.problem] });
  return z.NEVER;
});

/**
 * The 'record-payment' form: a cash or UPI payment taken at the counter, with its reference
 * (required for UPI: the transaction reference) and the amount in rupees.
 */
export const counterPaymentSchema = z
  .object({
    number: orderNumberField,
    method: z.enum(['cash', 'upi'], { error: 'Please choose cash or UPI.' }),
    amount: rupeesField,
    reference: z
      .string()
      .trim()
      .max(100, 'Please keep the reference under 100 characters.')
      .optional()
      .default(''),
  })
  .superRefine((input, ctx) => {
    if (input.method === 'upi' && input.reference === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: 'Please enter the UPI transaction reference.',
      });
    }
  });

/** The 'send-payment-link' form: the amount in rupees (at most the balance). */
export const paymentLinkSchema = z.object({
  number: orderNumberField,
  amount: rupeesField,
});

/** The 'withdraw-payment-link' form: which link row of the order. */
export const withdrawLinkSchema = z.object({
  number: orderNumberField,
  paymentId: z.coerce
    .number({ error: 'This payment link could not be found on the order.' })
    .int('This payment link could not be found on the order.')
    .min(1, 'This payment link could not be found on the order.')
    .max(2_147_483_647, 'This payment link could not be found on the order.'),
});

/** A line's quantity field in the refund form: `return-<index of the invoice line>`. */
const RETURN_FIELD = /^return-(\d{1,3})$/;

/** The refusal of a refund that names no line and is not a chosen goodwill refund (422). */
export const REFUND_BASIS_MESSAGE =
  'Please choose what the refund is for: the lines returned, or a goodwill amount spread over the invoice.';

/** A typed quantity that returns nothing: empty, or zero ('0', '0.00'). */
const returnsNothing = (typed: string) => /^\s*(0*(\.0*)?)?\s*$/.test(typed);

/**
 * The 'refund' form: which payment row, why, and what it is for (`basis`): 'lines' with a
 * quantity typed per invoice line (`return-<index>`: pieces, or metres for a line sold by
 * length; read against the line's unit once the lines are read), or 'goodwill' with an amount
 * in rupees. No basis, lines with no quantity, or goodwill with no amount: refused (422).
 */
export const refundSchema = z.preprocess(
  (raw) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const returns = Object.entries(raw).flatMap(([name, value]) => {
      const match = RETURN_FIELD.exec(name);
      return match && typeof value === 'string'
        ? [{ index: Number(match[1]), typed: value.slice(0, 20) }]
        : [];
    });
    return { ...raw, returns };
  },
  z
    .object({
      number: orderNumberField,
      paymentId: z.coerce
        .number({ error: 'Please choose the payment to refund.' })
        .int('Please choose the payment to refund.')
        .min(1, 'Please choose the payment to refund.')
        .max(2_147_483_647, 'Please choose the payment to refund.'),
      basis: z.enum(['lines', 'goodwill'], { error: REFUND_BASIS_MESSAGE }),
      amount: z.string().optional(),
      returns: z.array(z.object({ index: z.number().int(), typed: z.string() })),
      reason: z
        .string({ error: 'Please give the reason for the refund.' })
        .trim()
        .min(3, 'Please give the reason for the refund.')
        .max(200, 'Please keep the reason under 200 characters.'),
    })
    .transform((input, ctx): RefundInput => {
      const common = { number: input.number, paymentId: input.paymentId, reason: input.reason };
      if (input.basis === 'goodwill') {
        const amount = rupeesField.safeParse(input.amount);
        if (amount.success) return { ...common, basis: 'goodwill', amount: amount.data };
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: amount.error.issues[0]?.message ?? RUPEES_PROBLEMS.missing,
        });
        return z.NEVER;
      }
      const returns = input.returns.filter((line) => !returnsNothing(line.typed));
      if (returns.length > 0) return { ...common, basis: 'lines', returns };
      ctx.addIssue({
        code: 'custom',
        path: ['basis'],
        message: 'Please enter the quantity returned of at least one line.',
      });
      return z.NEVER;
    }),
);

/** A refund as the form asks for it, parsed. */
type RefundInput = { number: string; paymentId: number; reason: string } & (
  | { basis: 'goodwill'; amount: number }
  | { basis: 'lines'; returns: { index: number; typed: string }[] }
);

/** A line a refund returns, valued: what `refund_lines` keeps. */
interface ChosenLine {
  index: number;
  description: string;
  quantityCenti: number;
  grossPaise: number;
}

/**
 * Reads the quantities typed against the invoice's lines (`lines`, with what earlier refunds
 * returned and credited) and values each by `returnCredit`: its share of the invoice line, at
 * most what earlier credit notes (goodwill included) left of it (decision 018).
 * @throws Refusal 'invalid' on a line's field (not a line of the invoice, an unreadable quantity),
 *   409 on it (beyond what is left of the line), 409 when the lines chosen are worth nothing.
 */
function chooseLines(
  lines: readonly ReturnableLine[],
  returns: { index: number; typed: string }[],
): ChosenLine[] {
  const chosen = returns.map(({ index, typed }): ChosenLine => {
    const field = `return-${index}`;
    const line = lines.find((candidate) => candidate.index === index);
    if (!line) throw new Refusal('invalid', 'This line is not on the order’s tax invoice.', field);
    const reading = readReturnQuantity(typed, line.unit);
    if (!reading.ok) throw new Refusal('invalid', reading.message, field);
    const left = line.soldCenti - line.returnedCenti;
    if (reading.centi > left) {
      throw new Refusal(
        'conflict',
        left === 0
          ? `${line.description} is returned in full already.`
          : `Only ${formatReturnQuantity(left, line.unit)} of ${line.description} can still be returned.`,
        field,
      );
    }
    return {
      index,
      description: line.description,
      quantityCenti: reading.centi,
      grossPaise: returnCredit(line, reading.centi),
    };
  });
  if (chosen.every((line) => line.grossPaise === 0)) {
    throw new Refusal(
      'conflict',
      'The lines chosen are worth nothing: there is nothing to refund.',
    );
  }
  return chosen;
}

/** The 'retry-refund' form: a refund the provider did not answer, sent again with its key. */
export const retryRefundSchema = z.object({
  number: orderNumberField,
  refundId: z.coerce
    .number({ error: 'This refund could not be found.' })
    .int('This refund could not be found.')
    .min(1, 'This refund could not be found.')
    .max(2_147_483_647, 'This refund could not be found.'),
});

/** What the intents need from the request context. */
/** What the money commands need of the request's context. */
export type PaymentsContext = Pick<
  AppLoadContext,
  'db' | 'payments' | 'env' | 'catalogue' | 'linkSecret'
>;

const ORDER_GONE = () => new Refusal('not-found', 'This order could not be found.');

/** Refuses money on a cancelled order. */
function assertOpen(order: LockedOrder) {
  if (order.status === 'cancelled') {
    throw new Refusal('conflict', 'This order was cancelled: it takes no payments.');
  }
}

/**
 * Order `number` under its lock, with its balance and what its unpaid links and the online
 * payments being made hold at this moment (issue 28 item 2); undefined for no such order.
 */
async function lockedWithBalance(tx: Parameters<typeof lockOrderByNumber>[0], number: string) {
  const order = await lockOrderByNumber(tx, number);
  if (!order) return undefined;
  return {
    order,
    balance: await balanceOf(tx, order),
    held: await heldPaise(tx, order.id, new Date()),
  };
}

/**
 * Refuses `amountPaise` above the balance, or above what it leaves once the links not yet paid
 * and the online payments being made are counted (issue 28 item 2).
 * @throws Refusal 'conflict' on the 'amount' field, with the free amount and what holds the rest.
 */
function assertWithinBalance(
  amountPaise: number,
  balance: Awaited<ReturnType<typeof balanceOf>>,
  held: Awaited<ReturnType<typeof heldPaise>>,
) {
  if (amountPaise > balance.balancePaise) {
    throw new Refusal('conflict', overBalanceMessage(balance.balancePaise), 'amount');
  }
  if (amountPaise > freePaise(balance, held)) {
    throw new Refusal('conflict', heldBalanceMessage(balance.balancePaise, held), 'amount');
  }
}

/**
 * Records a cash or UPI payment taken at the counter (recorded_by = the administrator), under
 * the order's lock: refused above the balance less the links not yet paid and the online
 * payments being made (issue 28 item 2). When it covers the balance the order becomes paid
 * (invoice job, the customer told) in the same transaction; when it leaves a balance it is an
 * advance, and its receipt-voucher job is queued (issue 29 item 3). A shop order it pays in
 * full takes its stock in the same transaction, as an online payment does (issue 29 item 2):
 * when a product has less than the order wants, nothing is recorded.
 * @throws Refusal 'not-found' (unknown order), 'conflict' (cancelled order, above what is free, stock
 *   short).
 */
export async function recordCounterPayment(
  context: PaymentsContext,
  actor: Actor,
  input: z.output<typeof counterPaymentSchema>,
): Promise<string> {
  const site = await ledgerSite(context as AppLoadContext);
  return auditedWrite(context.db, actor, {
    read: (tx) => lockedWithBalance(tx, input.number),
    missing: ORDER_GONE,
    check: ({ order, balance, held }) => {
      assertOpen(order);
      assertWithinBalance(input.amount, balance, held);
      return undefined;
    },
    write: async (tx, { order }) => {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          kind: 'payment',
          method: input.method,
          status: 'succeeded',
          amountPaise: input.amount,
          reference: input.reference,
          recordedById: actor.id,
          recordedByEmail: actor.email,
          settledAt: new Date(),
        })
        .returning({ id: payments.id });
      const { paidInFull, shortage } = await settleIfPaidInFull(tx, order, site, actor.email);
      if (shortage) {
        // Thrown inside the transaction: the payment row and the cancellation roll back.
        throw new Refusal(
          'conflict',
          `${shortage.message}: the payment was not recorded. Change the order or refund the customer.`,
          'amount',
        );
      }
      await enqueueReceiptVoucherIfAdvance(tx, order, row!.id, paidInFull);
      return { id: row!.id, paidInFull };
    },
    audit: ({ order, balance }, after) => ({
      action: 'payment.record',
      entity: 'order',
      entityId: order.number,
      summary: `Recorded a ${METHOD_LABELS[input.method]} payment of ${formatRupeesExact(input.amount)} on order ${order.number}`,
      before: { balancePaise: balance.balancePaise },
      after: {
        paymentId: after.id,
        method: input.method,
        amountPaise: input.amount,
        reference: input.reference,
        balancePaise: balance.balancePaise - input.amount,
      },
    }),
    answer: ({ order }, after) =>
      `${METHOD_LABELS[input.method]} payment of ${formatRupeesExact(input.amount)} recorded on order ${order.number}.${after.paidInFull ? ' The order is paid in full.' : ''}`,
  });
}

/** Queues `mail` (and WhatsApp) to the order's customer record, or else to the order's e-mail. */
async function tellCustomer(
  context: PaymentsContext,
  order: LockedOrder,
  message: {
    kind: string;
    mail: ReturnType<typeof paymentLinkEmail>;
    statusLabel: string;
    url: string;
  },
) {
  await context.db.transaction(async (tx) => {
    const [record] = order.customerId
      ? await tx.select().from(customers).where(eq(customers.id, order.customerId))
      : [];
    if (record) {
      const settings = await getMessageSettings(tx);
      await queueCustomerMessage(tx, record, {
        kind: message.kind,
        subject: message.mail.subject,
        text: message.mail.text,
        html: message.mail.html,
        whatsapp: {
          name: settings.templates.orderStatus,
          language: settings.language,
          params: [order.customerName, order.number, message.statusLabel, message.url],
          text: `Dear ${order.customerName}, your order ${order.number} is now: ${message.statusLabel}. ${message.url}`,
        },
        orderId: order.id,
      });
      return;
    }
    await queueOrderMessage(tx, order, {
      kind: message.kind,
      mail: message.mail,
      statusLabel: message.statusLabel,
      orderUrl: message.url,
    });
  });
}

/**
 * Sends a payment link for `amount` (at most the balance less the links still pending): the
 * row is stored pending under the order's lock first, then the provider makes the link
 * (Razorpay's short URL, or the sandbox's `/pay/:linkId` page), then the customer is sent it
 * by e-mail and WhatsApp on their channels. A provider refusal fails the row.
 * @throws Refusal 'not-found', 'conflict' (cancelled, paid, above the balance), 'unavailable' (provider refused).
 */
export async function sendPaymentLink(
  context: PaymentsContext,
  actor: Actor,
  input: z.output<typeof paymentLinkSchema>,
): Promise<{ message: string; id: number }> {
  const stored = await auditedWrite(context.db, actor, {
    read: (tx) => lockedWithBalance(tx, input.number),
    missing: ORDER_GONE,
    check: ({ order, balance, held }) => {
      assertOpen(order);
      if (input.amount < 100) {
        throw new Refusal('invalid', 'A payment link must be for at least ₹1.', 'amount');
      }
      assertWithinBalance(input.amount, balance, held);
      return undefined;
    },
    write: async (tx, { order }) => {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          kind: 'payment',
          method: 'payment_link',
          status: 'pending',
          amountPaise: input.amount,
          provider: context.payments.name,
          recordedById: actor.id,
          recordedByEmail: actor.email,
        })
        .returning({ id: payments.id });
      return row;
    },
    audit: ({ order }, row) => ({
      action: 'payment.link',
      entity: 'order',
      entityId: order.number,
      summary: `Sent a payment link for ${formatRupeesExact(input.amount)} on order ${order.number}`,
      before: null,
      after: { paymentId: row.id, amountPaise: input.amount },
    }),
    answer: ({ order }, row) => ({ order, rowId: row.id }),
  });
  const { order, rowId } = stored;
  // The provider brings the customer back to the order's signed link (issue 30 item 2).
  const orderUrl = await orderLinkUrl(
    context.db,
    { publicUrl: context.env.PUBLIC_URL, linkSecret: context.linkSecret },
    order.id,
  );
  const made = await makeProviderLink(context, {
    order,
    rowId,
    amountPaise: input.amount,
    returnUrl: orderUrl,
  });
  if (made.kind === 'refused') {
    throw new Refusal('unavailable', `The payment link could not be made: ${made.reason}`);
  }
  if (made.kind === 'withdrawn') {
    throw new Refusal(
      'conflict',
      'The order was paid in full or cancelled meanwhile: the link was withdrawn, nothing was sent.',
    );
  }
  const { url } = made;
  const { shopName } = await context.catalogue.settings();
  await tellCustomer(context, order, {
    kind: 'order.payment-link',
    mail: paymentLinkEmail(order, input.amount, url, shopName),
    statusLabel: `Payment due ${formatRupeesExact(input.amount)}`,
    url,
  });
  return {
    message: `Payment link for ${formatRupeesExact(input.amount)} sent to ${order.customerName}: ${url}`,
    id: rowId,
  };
}

/** Why a link that is no longer pending cannot be withdrawn (409). */
const NOT_WITHDRAWABLE = {
  succeeded: 'The customer has paid this link already: it cannot be withdrawn.',
  cancelled: 'This link was withdrawn already.',
  failed: 'This link was never made: there is nothing to withdraw.',
} as const;

/**
 * Withdraws a pending payment link at the counter (follow-up to issue 28 item 2: a customer
 * who pays the balance in cash while the shop's link is pending). Under the order's row lock,
 * the same lock a `payment_link.paid` webhook takes, the link's status decides: a pending link
 * is cancelled by `cancelPendingLinks` (the paid-in-full path's mechanism: the row becomes
 * 'cancelled', its `/pay/:linkId` page answers 409, the provider's cancel job is queued), so its
 * amount is free for the counter; a link paid first is refused. Money the provider captures
 * after the withdrawal (paid before the cancel reached it) is still recorded by its webhook.
 * @returns the toast: 'Link withdrawn: ₹X can now be taken at the counter.'
 * @throws Refusal 'not-found' (unknown order, or not a payment link of this order), 'conflict' (the link is
 *   paid, withdrawn already or never made).
 */
export async function withdrawPaymentLink(
  context: PaymentsContext,
  actor: Actor,
  input: z.output<typeof withdrawLinkSchema>,
): Promise<string> {
  return auditedWrite(context.db, actor, {
    read: async (tx) => {
      const order = await lockOrderByNumber(tx, input.number);
      if (!order) return undefined;
      const [link] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.id, input.paymentId),
            eq(payments.orderId, order.id),
            eq(payments.kind, 'payment'),
            eq(payments.method, 'payment_link'),
          ),
        );
      if (!link)
        throw new Refusal('not-found', 'This payment link could not be found on the order.');
      return { order, link };
    },
    missing: ORDER_GONE,
    check: ({ link }) => {
      if (link.status !== 'pending') throw new Refusal('conflict', NOT_WITHDRAWABLE[link.status]);
      return undefined;
    },
    write: async (tx, { order, link }) => {
      const [cancelled] = await cancelPendingLinks(tx, order.id, { paymentId: link.id });
      return cancelled;
    },
    stale: () => new Refusal('conflict', 'This link changed meanwhile. Reload the order.'),
    audit: ({ order, link }) => ({
      action: 'payment.link-withdraw',
      entity: 'order',
      entityId: order.number,
      summary: `Withdrew payment link #${link.id} for ${formatRupeesExact(link.amountPaise)} on order ${order.number}`,
      before: { paymentId: link.id, status: link.status, amountPaise: link.amountPaise },
      after: { paymentId: link.id, status: 'cancelled' },
    }),
    answer: ({ link }) =>
      `Link withdrawn: ${formatRupeesExact(link.amountPaise)} can now be taken at the counter.`,
  });
}

/**
 * Sends a stored pending refund row to the provider with its idempotency key and stores the
 * provider's refund id; the sandbox then delivers its signed `refund.processed` webhook
 * through the webhook path, as Razorpay would. A provider refusal fails the row; no answer
 * leaves it pending, to be retried with the same key (it cannot refund twice).
 * @throws Refusal 'unavailable' when the provider refused or did not answer.
 */
async function sendRefund(
  context: PaymentsContext,
  refund: { id: number; amountPaise: number; idempotencyKey: string; reason: string },
  payment: { providerPaymentId: string },
  orderNumber: string,
): Promise<void> {
  let answer;
  try {
    answer = await context.payments.createRefund({
      paymentId: payment.providerPaymentId,
      amountPaise: -refund.amountPaise,
      idempotencyKey: refund.idempotencyKey,
      notes: { order_number: orderNumber, reason: refund.reason.slice(0, 256) },
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError) && !(error instanceof RangeError)) throw error;
    const refused = !(error instanceof PaymentProviderError) || error.statusCode !== undefined;
    if (refused) {
      await context.db
        .update(payments)
        .set({ status: 'failed' })
        .where(and(eq(payments.id, refund.id), eq(payments.status, 'pending')));
      throw new Refusal('unavailable', `The refund was refused: ${error.message}`);
    }
    throw new Refusal(
      'unavailable',
      'The payment provider did not answer. The refund is kept as pending: use “Retry refund” to send it again (it cannot be refunded twice).',
    );
  }
  await context.db
    .update(payments)
    .set({ providerRefundId: answer.refundId })
    .where(and(eq(payments.id, refund.id), isNull(payments.providerRefundId)));
  const sandbox = context.payments.sandbox;
  if (sandbox) {
    const event = sandbox.refundProcessed({
      refundId: answer.refundId,
      paymentId: payment.providerPaymentId,
      amountPaise: answer.amountPaise,
    });
    await processWebhook(context as AppLoadContext, event.rawBody, event.signature, event.eventId);
  }
}

/**
 * Refunds one succeeded payment of the order, with a reason: for the invoice lines it names
 * (their value computed here, stored in `refund_lines`; the invoice is issued first in this
 * transaction when the order is paid and its job has not run yet), or a goodwill amount. Under
 * the order's lock, so two refunds of the same line at once cannot both return it: a line
 * beyond what was sold less what earlier refunds returned is refused; the amount is refused
 * above what the customer paid less what was refunded or is being refunded
 * (issue 28 item 3), and above what is left of that payment after the refunds requested.
 * Online and link payments go back through the provider (a pending negative row with its
 * idempotency key, then the provider's refund); cash and UPI are refunded in cash at the
 * counter (a succeeded row and its credit-note job at once). `options.capPaise`, when given, is
 * the largest refund this actor may give (the counter's limit in the order settings, issue 31
 * item 2); above it the refund is refused with 'forbidden' (403) and nothing is written.
 * @throws Refusal 'forbidden' (above the actor's cap), 'not-found' (order or payment), 'conflict' (not refundable, above what the order or the
 *   payment has left, another provider's payment, a line beyond what is left of it, lines on
 *   an order with no invoice), 422 (a quantity not readable or not a line of the invoice),
 *   503 (the provider refused or did not answer).
 */
export async function refundPayment(
  context: PaymentsContext,
  actor: Actor,
  input: RefundInput,
  options: { capPaise?: number } = {},
): Promise<{ message: string; id: number }> {
  const stored = await auditedWrite(context.db, actor, {
    read: async (tx) => {
      const order = await lockOrderByNumber(tx, input.number);
      if (!order) return undefined;
      const [payment] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.id, input.paymentId),
            eq(payments.orderId, order.id),
            eq(payments.kind, 'payment'),
          ),
        );
      if (!payment) throw new Refusal('not-found', 'This payment could not be found on the order.');
      let returned: ChosenLine[] = [];
      if (input.basis === 'lines' && payment.status === 'succeeded') {
        const invoiced = await invoiceLinesToReturn(tx, order.id, new Date());
        if (!invoiced) {
          throw new Refusal(
            'conflict',
            'This order has no tax invoice yet (it is not paid in full), so no line can be returned: choose a goodwill refund with an amount instead.',
            'basis',
          );
        }
        returned = chooseLines(invoiced.lines, input.returns);
      }
      return {
        order,
        payment,
        returned,
        amount:
          input.basis === 'goodwill'
            ? input.amount
            : returned.reduce((sum, line) => sum + line.grossPaise, 0),
        refundable: await refundableFrom(tx, order.id, payment.id),
        orderRefundable: await refundableOfOrder(tx, order.id),
      };
    },
    missing: ORDER_GONE,
    check: ({ payment, amount, refundable, orderRefundable }) => {
      if (options.capPaise !== undefined && amount > options.capPaise) {
        throw new Refusal(
          'forbidden',
          `Refunds above ${formatRupeesExact(options.capPaise)} need the owner.`,
          'amount',
        );
      }
      if (payment.status !== 'succeeded') {
        throw new Refusal('conflict', 'Only a payment received can be refunded.', 'paymentId');
      }
      if (amount > refundable) {
        throw new Refusal(
          'conflict',
          refundable === 0
            ? 'This payment is refunded in full already.'
            : `This is more than the ${formatRupeesExact(refundable)} left to refund from this payment.`,
          'amount',
        );
      }
      if (amount > orderRefundable) {
        throw new Refusal(
          'conflict',
          `This is more than the ${formatRupeesExact(Math.max(0, orderRefundable))} the customer paid less what was refunded.`,
          'amount',
        );
      }
      const online = payment.method === 'online' || payment.method === 'payment_link';
      if (online && (!payment.providerPaymentId || payment.provider !== context.payments.name)) {
        throw new Refusal(
          'conflict',
          'This payment was taken through another payment provider: refund it there.',
          'paymentId',
        );
      }
      return undefined;
    },
    write: async (tx, { order, payment, amount, returned }) => {
      const online = payment.method === 'online' || payment.method === 'payment_link';
      const now = new Date();
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          kind: 'refund',
          method: online ? payment.method : 'cash',
          status: online ? 'pending' : 'succeeded',
          amountPaise: -amount,
          provider: online ? payment.provider : null,
          refundOfId: payment.id,
          reason: input.reason,
          idempotencyKey: online ? `refund_${randomUUID()}` : null,
          recordedById: actor.id,
          recordedByEmail: actor.email,
          settledAt: online ? null : now,
        })
        .returning();
      if (returned.length > 0) {
        await tx.insert(refundLines).values(
          returned.map((line) => ({
            refundId: row!.id,
            orderId: order.id,
            lineIndex: line.index,
            description: line.description,
            quantityCenti: line.quantityCenti,
            grossPaise: line.grossPaise,
          })),
        );
      }
      if (!online) await enqueueCreditNote(tx, row!.id);
      return row;
    },
    audit: ({ order, payment, amount, returned }, row) => ({
      action: 'payment.refund',
      entity: 'order',
      entityId: order.number,
      summary: `Refunded ${formatRupeesExact(amount)} of payment ${payment.id} on order ${order.number}${returned.length > 0 ? ` for ${returned.map((line) => line.description).join('; ')}` : ' (goodwill)'}: ${input.reason}`,
      before: { paymentId: payment.id },
      after: {
        refundId: row.id,
        amountPaise: row.amountPaise,
        method: row.method,
        reason: input.reason,
        basis: input.basis,
        lines: returned,
      },
    }),
    answer: ({ order, payment, amount }, row) => ({ order, payment, row, amount }),
  });
  const { order, payment, row, amount } = stored;
  if (row.status === 'pending' && row.idempotencyKey && payment.providerPaymentId) {
    await sendRefund(
      context,
      {
        id: row.id,
        amountPaise: row.amountPaise,
        idempotencyKey: row.idempotencyKey,
        reason: row.reason,
      },
      { providerPaymentId: payment.providerPaymentId },
      order.number,
    );
    return {
      message: `Refund of ${formatRupeesExact(amount)} sent on order ${order.number}. The credit note follows once it is processed.`,
      id: row.id,
    };
  }
  return {
    message: `Refund of ${formatRupeesExact(amount)} recorded on order ${order.number}: hand it back in cash. The credit note follows.`,
    id: row.id,
  };
}

/**
 * Sends again a refund the provider did not answer (pending, no refund id), with the same
 * amount, notes and idempotency key, so the provider refunds it at most once.
 * @throws Refusal 'not-found' (not this order's pending refund), 'unavailable' (as sendRefund).
 */
export async function retryRefund(
  context: PaymentsContext,
  actor: Actor,
  input: z.output<typeof retryRefundSchema>,
): Promise<string> {
  const found = await auditedWrite(context.db, actor, {
    read: async (tx) => {
      const order = await lockOrderByNumber(tx, input.number);
      if (!order) return undefined;
      const [refund] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.id, input.refundId),
            eq(payments.orderId, order.id),
            eq(payments.kind, 'refund'),
            eq(payments.status, 'pending'),
            isNull(payments.providerRefundId),
          ),
        );
      const [payment] = refund?.refundOfId
        ? await tx.select().from(payments).where(eq(payments.id, refund.refundOfId))
        : [];
      if (!refund?.idempotencyKey || !payment?.providerPaymentId) {
        throw new Refusal('not-found', 'This refund is not waiting to be sent again.');
      }
      return { order, refund, providerPaymentId: payment.providerPaymentId };
    },
    missing: ORDER_GONE,
    // The retry changes no row by itself: the provider's answer is stored after it.
    write: async (_tx, before) => before,
    audit: ({ order, refund }) => ({
      action: 'payment.refund-retry',
      entity: 'order',
      entityId: order.number,
      summary: `Sent refund ${refund.id} of ${formatRupeesExact(-refund.amountPaise)} on order ${order.number} again`,
      before: { refundId: refund.id },
      after: { refundId: refund.id },
    }),
    answer: (before) => before,
  });
  await sendRefund(
    context,
    {
      id: found.refund.id,
      amountPaise: found.refund.amountPaise,
      idempotencyKey: found.refund.idempotencyKey!,
      reason: found.refund.reason,
    },
    { providerPaymentId: found.providerPaymentId },
    found.order.number,
  );
  return `Refund of ${formatRupeesExact(-found.refund.amountPaise)} sent again on order ${found.order.number}.`;
}

/**
 * Issue 32 item 3: the 'record-cod-remittance' form: the cash the courier collected on
 * delivery and remitted to the shop, its amount in rupees, the date it reached the shop
 * (YYYY-MM-DD, Kolkata, not in the future) and the courier's remittance reference.
 */
export const codRemittanceSchema = z.object({
  number: orderNumberField,
  amount: rupeesField,
  date: z
    .string({ error: 'Please enter the date the remittance reached the shop.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter the date the remittance reached the shop.')
    .refine((date) => !Number.isNaN(Date.parse(`${date}T12:00:00+05:30`)), {
      message: 'Please enter a real date.',
    }),
  reference: z
    .string({ error: 'Please enter the courier’s remittance reference.' })
    .trim()
    .min(1, 'Please enter the courier’s remittance reference.')
    .max(100, 'Please keep the reference under 100 characters.'),
});

/**
 * Issue 32 item 3: records the courier's remittance of a cash-on-delivery order in the ledger
 * (a succeeded payment, method 'cod', settled on the remittance's date, recorded_by the staff
 * member), under the order's lock with its audit entry. When it covers the balance the order
 * becomes paid and its invoice is issued, as for any paid order (`settleIfPaidInFull`; the
 * stock was held when the order was placed, so none is taken again).
 * @throws Refusal 'not-found' (unknown order), 'conflict' (not a COD order, cancelled, above
 *   the balance), 'invalid' (a date in the future).
 */
export async function recordCodRemittance(
  context: PaymentsContext,
  actor: Actor,
  input: z.output<typeof codRemittanceSchema>,
): Promise<string> {
  const site = await ledgerSite(context as AppLoadContext);
  const settledAt = new Date(`${input.date}T12:00:00+05:30`);
  if (input.date > shopDateOf(new Date())) {
    throw new Refusal('invalid', 'The remittance date cannot be in the future.', 'date');
  }
  return auditedWrite(context.db, actor, {
    read: (tx) => lockedWithBalance(tx, input.number),
    missing: ORDER_GONE,
    check: ({ order, balance, held }) => {
      if (order.paymentMethod !== 'cod') {
        throw new Refusal('conflict', 'This order is not a cash-on-delivery order.');
      }
      assertOpen(order);
      assertWithinBalance(input.amount, balance, held);
      return undefined;
    },
    write: async (tx, { order }) => {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          kind: 'payment',
          method: 'cod',
          status: 'succeeded',
          amountPaise: input.amount,
          reference: input.reference,
          recordedById: actor.id,
          recordedByEmail: actor.email,
          settledAt,
        })
        .returning({ id: payments.id });
      const { paidInFull } = await settleIfPaidInFull(tx, order, site, actor.email);
      return { id: row!.id, paidInFull };
    },
    audit: ({ order, balance }, after) => ({
      action: 'payment.record',
      entity: 'order',
      entityId: order.number,
      summary: `Recorded a cash-on-delivery remittance of ${formatRupeesExact(input.amount)} on order ${order.number}`,
      before: { balancePaise: balance.balancePaise },
      after: {
        paymentId: after.id,
        method: 'cod',
        amountPaise: input.amount,
        reference: input.reference,
        date: input.date,
        balancePaise: balance.balancePaise - input.amount,
      },
    }),
    answer: ({ order }, after) =>
      `Cash-on-delivery remittance of ${formatRupeesExact(input.amount)} recorded on order ${order.number}.${after.paidInFull ? ' The order is paid in full.' : ''}`,
  });
}
