/**
 * Cash on delivery (issue 32 item 3): placing a COD order, its one-time confirmation code, and
 * the expiry of a COD order left unconfirmed.
 *
 * - Placing: the courier is asked, before the checkout's transaction, whether it collects cash
 *   at the pincode (`quoteCart`'s `codAvailable`: the local provider outside the remote zone,
 *   Shiprocket's serviceability `cod` flag); inside it, `codRefusal` decides every rule again at
 *   the server's figures and the fee joins the amount (`createOrderFromCart`'s `cod` hook).
 * - Confirming: a six-digit code goes to the order's phone on WhatsApp (the notifications
 *   queue, template {@link COD_CODE_TEMPLATE}); only its SHA-256 hash (with the order id) is
 *   kept in `cod_confirmations`, with the wrong tries (at most {@link COD_CODE_ATTEMPTS}) and
 *   its expiry (the settings' hours to confirm). The right code sets `orders.cod_confirmed_at`.
 * - Expiring: the `cod.expire` job, due when the hours are up, cancels the order if it is still
 *   unconfirmed and puts its stock back (a COD order holds its stock from placing).
 *
 * Money in integer paise; times are instants (the messages speak Kolkata time).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppLoadContext } from 'react-router';
import type { Db } from '~/lib/db.server';
import { enqueueJob, type DbOrTx } from '~/lib/jobs/enqueue.server';
import { PermanentJobError, type JobHandlers } from '~/lib/jobs/worker.server';
import { queueNotification } from '~/lib/notifications/queue.server';
import { CourierProviderError } from '~/lib/couriers/couriers.server';
import { Refusal } from '~/lib/refusal';
import { auditedWrite } from '~/lib/audited-write.server';
import type { Actor } from '~/lib/audit.server';
import { orderNumberField } from '~/lib/form-fields.server';
import { codConfirmations, orders } from '~/lib/schema.server';
import { getMessageSettings } from '~/features/customers/message-settings.server';
import { quoteCart } from '~/features/shipping/delivery-quote.server';
import { getShippingSettings } from '~/features/shipping/shipping.server';
import type { CheckoutDetails } from '~/features/checkout/checkout-details';
import type { CartLine } from '~/features/cart/lines';
import { orderLinkUrl } from '~/features/orders/order-link.server';
import type { CodPlacement } from '~/features/orders/orders.server';
import {
  cancelUnconfirmedCodOrder,
  confirmCodOrder,
} from '~/features/orders/orders-commands.server';
import { returnOrderStock } from '~/features/orders/stock.server';
import { COD_CODE_ATTEMPTS, COD_CONFIRMED_MESSAGE, codFeeOf, codRefusal } from './cod-rules';

/** The job that cancels an unconfirmed COD order once its hours are up. */
const COD_EXPIRE_JOB = 'cod.expire';

/**
 * The WhatsApp template of the code: an approved template of this name with the body
 * parameters {{1}} customer name, {{2}} order number, {{3}} the code, {{4}} the order link.
 */
const COD_CODE_TEMPLATE = 'cod_confirmation';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The stored hash of `code` for order `orderId` (hex SHA-256 of "id:code"). */
export function hashCodCode(orderId: number, code: string): string {
  return createHash('sha256').update(`${orderId}:${code}`).digest('hex');
}

/** A fresh six-digit code, '000000' to '999999', from the system's secure random source. */
function newCodCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Whether the courier collects cash on delivery for the shopper's cart (`buyer`: the account's
 * id, or a guest's lines, issue 32 item 5) at `pincode`; false when
 * it cannot deliver there, the cart is empty, or the courier does not answer.
 */
export async function courierServesCod(
  context: Pick<AppLoadContext, 'db' | 'courier'>,
  buyer: string | { lines: readonly CartLine[] },
  pincode: string,
): Promise<boolean> {
  try {
    const answer = await quoteCart(
      context.db,
      context.courier,
      typeof buyer === 'string' ? { userId: buyer, pincode } : { lines: buyer.lines, pincode },
    );
    return Boolean(answer?.deliverable && answer.codAvailable);
  } catch (error) {
    if (error instanceof CourierProviderError) return false;
    throw error;
  }
}

/**
 * The cash-on-delivery hook of `createOrderFromCart` for the shopper's checkout: asks the
 * courier now (outside the order's transaction); inside it, `check` refuses by `codRefusal`
 * and returns the fee, and `placed` sends the code and queues the expiry.
 * @param buyer the account's id, or (issue 32 item 5) a guest's lines.
 * @param now the clock (tests); the code's expiry counts from it.
 *
 * A guest's COD order is confirmed as it is placed, with no code: the COD code proves that the
 * phone's owner wants the order, and the guest checkout has just proved it (a one-time code to
 * that phone, minutes before, features/otp; the order's phone is the verified one). A
 * second code would only make a shopper on a cheap phone wait for another WhatsApp message; the
 * order is never left to expire unconfirmed, and it may be packed at once like one confirmed.
 */
export async function codPlacement(
  context: Pick<AppLoadContext, 'db' | 'courier' | 'env' | 'linkSecret'>,
  buyer: string | { lines: readonly CartLine[] },
  details: Pick<CheckoutDetails, 'pincode' | 'delivery'>,
  now: () => Date = () => new Date(),
): Promise<CodPlacement> {
  const served =
    (details.delivery ?? 'ship') === 'ship' &&
    (await courierServesCod(context, buyer, details.pincode));
  return {
    async check(tx, order) {
      const { cod } = await getShippingSettings(tx);
      const refusal = codRefusal({
        settings: cod,
        deliveryMethod: order.deliveryMethod,
        pincode: order.pincode,
        courierServesCod: served,
        lines: order.lines,
        amountPaise: order.amountPaise,
      });
      if (refusal) throw new Refusal('invalid', refusal, 'payment');
      return codFeeOf(cod);
    },
    async placed(tx, order) {
      if (typeof buyer !== 'string') {
        await confirmCodOrder(tx, order.id, now());
        return;
      }
      await sendCodCode(
        tx,
        { publicUrl: context.env.PUBLIC_URL, linkSecret: context.linkSecret },
        order.id,
        now(),
      );
    },
  };
}

/**
 * Makes a new code for COD order `orderId` (replacing any earlier one, its tries back to 0),
 * stores its hash with its expiry (the settings' hours to confirm, from `now`), queues it to the
 * order's phone on WhatsApp, and queues the order's `cod.expire` job for that time, in `tx`.
 * @returns the code (the caller never shows it: it goes only to the shopper's WhatsApp).
 */
async function sendCodCode(
  tx: DbOrTx,
  site: { publicUrl: string; linkSecret: string },
  orderId: number,
  now: Date,
): Promise<string> {
  const [order] = await tx
    .select({ number: orders.number, customerName: orders.customerName, phone: orders.phone })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found for its COD code`);
  const [{ cod }, messages] = await Promise.all([getShippingSettings(tx), getMessageSettings(tx)]);
  const code = newCodCode();
  const expiresAt = new Date(now.getTime() + cod.confirmHours * 3_600_000);
  const values = { codeHash: hashCodCode(orderId, code), attempts: 0, expiresAt, updatedAt: now };
  await tx
    .insert(codConfirmations)
    .values({ orderId, ...values })
    .onConflictDoUpdate({ target: codConfirmations.orderId, set: values });
  const url = await orderLinkUrl(tx, site, orderId, now);
  await queueNotification(tx, {
    orderId,
    channel: 'whatsapp',
    kind: 'order.cod-code',
    recipient: order.phone,
    subject: `Confirm cash-on-delivery order ${order.number}`,
    body: `Dear ${order.customerName}, your code to confirm cash-on-delivery order ${order.number} is ${code}. Enter it on your order page within ${cod.confirmHours} hours: ${url}`,
    whatsapp: {
      name: COD_CODE_TEMPLATE,
      language: messages.language,
      params: [order.customerName, order.number, code, url],
    },
  });
  await enqueueJob(tx, {
    kind: COD_EXPIRE_JOB,
    payload: { orderId },
    runAt: expiresAt,
    dedupeKey: `order:${orderId}:cod-expire:${expiresAt.getTime()}`,
  });
  return code;
}

/** What entering a code did. */
export type CodConfirmOutcome = { ok: true; message: string } | { ok: false; message: string };

const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Please enter the six-digit code we sent you on WhatsApp.');

/**
 * The shopper enters the code of their COD order `orderId` (the caller has checked the order is
 * theirs, or came by its signed link). The right code confirms it ({@link COD_CONFIRMED_MESSAGE});
 * a wrong one counts a try and says how many are left; after {@link COD_CODE_ATTEMPTS} wrong
 * tries, or past its expiry, no code is taken. A tried code is recorded even though the answer
 * is a refusal (the outcome is returned, not thrown, so the count commits).
 */
export async function confirmCodCode(
  db: Db,
  orderId: number,
  rawCode: unknown,
  now = new Date(),
): Promise<CodConfirmOutcome> {
  const parsed = codeSchema.safeParse(rawCode);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        codConfirmedAt: orders.codConfirmedAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order || order.paymentMethod !== 'cod') {
      return { ok: false, message: 'This order is not a cash-on-delivery order.' };
    }
    if (order.codConfirmedAt) return { ok: true, message: COD_CONFIRMED_MESSAGE };
    if (order.status !== 'created') {
      return { ok: false, message: 'This order was cancelled and can no longer be confirmed.' };
    }
    const [stored] = await tx
      .select()
      .from(codConfirmations)
      .where(eq(codConfirmations.orderId, orderId));
    if (!stored || stored.attempts >= COD_CODE_ATTEMPTS) {
      return {
        ok: false,
        message: 'Too many wrong codes. Please call the shop to confirm your order.',
      };
    }
    if (stored.expiresAt <= now) {
      return { ok: false, message: 'This code has expired, and so has the order.' };
    }
    const given = Buffer.from(hashCodCode(orderId, parsed.data), 'hex');
    if (!timingSafeEqual(given, Buffer.from(stored.codeHash, 'hex'))) {
      const attempts = stored.attempts + 1;
      await tx
        .update(codConfirmations)
        .set({ attempts, updatedAt: now })
        .where(eq(codConfirmations.orderId, orderId));
      const left = COD_CODE_ATTEMPTS - attempts;
      return {
        ok: false,
        message:
          left > 0
            ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'That code is not right, and no tries are left. Please call the shop to confirm your order.',
      };
    }
    await confirmCodOrder(tx, orderId, now);
    await tx.delete(codConfirmations).where(eq(codConfirmations.orderId, orderId));
    return { ok: true, message: COD_CONFIRMED_MESSAGE };
  });
}

const HOW_MESSAGE = 'Please say how the customer confirmed (3 to 200 characters).';

/**
 * The back office's 'confirm-cod-order' form (issue 32 item 3): the order, and how its customer
 * confirmed it to staff ("On the phone, 11:40", "At the counter"), kept in the audit log.
 */
export const staffCodConfirmationSchema = z.object({
  number: orderNumberField,
  how: z.string(HOW_MESSAGE).trim().min(3, HOW_MESSAGE).max(200, HOW_MESSAGE),
});

/**
 * Staff confirm a cash-on-delivery order for its customer, who confirmed it on the phone or at
 * the counter (the code never came, or was tried wrongly five times: "Please call the shop").
 * Sets `cod_confirmed_at` once, under the order's lock, removes the code, and records who did it
 * and how in the audit log ('order.cod-confirm'). An order confirmed already answers so and
 * changes nothing.
 * @returns the toast's text.
 * @throws Refusal 'not-found' (unknown order), 'conflict' (not COD, cancelled or paid).
 */
export async function confirmCodByStaff(
  db: Db,
  actor: Actor,
  input: z.output<typeof staffCodConfirmationSchema>,
  now = new Date(),
): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          paymentMethod: orders.paymentMethod,
          codConfirmedAt: orders.codConfirmedAt,
        })
        .from(orders)
        .where(eq(orders.number, input.number))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This order could not be found.'),
    check: (order) => {
      if (order.paymentMethod !== 'cod') {
        throw new Refusal('conflict', 'This order is not a cash-on-delivery order.');
      }
      if (order.codConfirmedAt) return `Order ${order.number} was confirmed already.`;
      if (order.status !== 'created') {
        throw new Refusal('conflict', 'This order was cancelled and can no longer be confirmed.');
      }
      return undefined;
    },
    write: async (tx, order) => {
      if (!(await confirmCodOrder(tx, order.id, now))) return undefined;
      await tx.delete(codConfirmations).where(eq(codConfirmations.orderId, order.id));
      return { confirmedAt: now.toISOString() };
    },
    stale: () => new Refusal('conflict', 'This order changed meanwhile. Reload and try again.'),
    audit: (order, after) => ({
      action: 'order.cod-confirm',
      entity: 'order',
      entityId: order.number,
      summary: `Confirmed cash-on-delivery order ${order.number} for the customer: ${input.how}`,
      before: { codConfirmedAt: null },
      after: { codConfirmedAt: after.confirmedAt, how: input.how },
    }),
    answer: (order) => `Order ${order.number} is confirmed for cash on delivery.`,
  });
}

/**
 * Cancels COD order `orderId` when it is still unconfirmed and its code's time is up at `now`,
 * putting its stock back in the same transaction. @returns whether it was cancelled.
 */
export async function expireUnconfirmedCodOrder(
  db: Db,
  orderId: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx: Tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) return false;
    const [stored] = await tx
      .select({ expiresAt: codConfirmations.expiresAt })
      .from(codConfirmations)
      .where(eq(codConfirmations.orderId, orderId));
    if (stored && stored.expiresAt > now) return false;
    const { cod } = await getShippingSettings(tx);
    const cancelled = await cancelUnconfirmedCodOrder(
      tx,
      orderId,
      `Cash on delivery not confirmed within ${cod.confirmHours} hours`,
    );
    if (!cancelled) return false;
    await returnOrderStock(tx, orderId);
    await tx.delete(codConfirmations).where(eq(codConfirmations.orderId, orderId));
    return true;
  });
}

const expirePayload = z.object({ orderId: z.number().int().positive() });

/** The handlers { 'cod.expire' }; register them with the worker in the composition root. */
export function codJobHandlers(): JobHandlers {
  return {
    [COD_EXPIRE_JOB]: async (raw, { db, now }) => {
      const parsed = expirePayload.safeParse(raw);
      if (!parsed.success) throw new PermanentJobError('This job does not name an order.');
      await expireUnconfirmedCodOrder(db, parsed.data.orderId, now);
    },
  };
}
