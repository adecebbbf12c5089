/**
 * Orders (issue "Cart, wishlist, checkout" 4, 7, 8): created from the shopper's stored cart
 * at the server's prices (integer paise), then paid or cancelled through the payment
 * provider. Statuses only move forward:
 *
 *   created → paid | cancelled;  cancelled → paid;  paid: final.
 *
 * One purchase, one order (issue 29 item 6): a shopper has at most one open shop order (created,
 * not paid); checking out again reuses it, updated to the cart. A failed payment is an entry
 * on the timeline and leaves the order awaiting payment ('failed' is kept only for orders
 * stored before, and is treated as 'created'); the owner pays it again or cancels it, and the
 * `order.expire` job (features/payments/order-expiry.server.ts) cancels it when unpaid for the
 * hours the settings set. (A failed attempt or a closed widget does not stop Razorpay from taking
 * a later payment for the same provider order; money received always makes the order paid,
 * exactly once.) Paying, cancelling and expiring a shop order write its ledger too, so they live
 * in features/payments/shop-payments.server.ts (issue 30 item 4), which changes the order
 * through the orders' commands (orders-commands.server.ts); every provider event is recorded in
 * `payment_events` in the same transaction as the change it makes, so a repeated webhook or a
 * confirmation racing its webhook changes nothing twice.
 *
 * Each change is also written to the order's timeline (`order_events`) in the same
 * transaction; after payment the shop moves the order through its fulfilment steps
 * (features/admin/orders/orders.server). Orders placed before the timeline existed show their
 * `created_at` and `paid_at` instead.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '~/lib/db.server';
import { placeholderFor } from '~/features/media/images.server';
import {
  bespokeGarments,
  customers,
  orderEvents,
  orderLines,
  orders,
  payments,
} from '~/lib/schema.server';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import { clearBoughtFromCart, getCartLines, priceLines } from '../cart/cart.server';
import type { CartLine } from '../cart/lines';
import { takeOrderStock } from './stock.server';
import type { PaymentProviderName } from '~/lib/payments/payments.server';
import type { CheckoutDetails } from '~/features/checkout/checkout-details';
import type { FulfilmentStatus, OrderEventKind, OrderTimelineEntry } from './fulfilment';
import { getOrderSettings } from './order-settings.server';
import { shippingForOrder } from '~/features/shipping/shipping.server';
import { Refusal } from '~/lib/refusal';
import { ledgerSumsOf, ledgerSumsOfOrder } from './ledger-sums.server';
import {
  clearUsedCartCoupon,
  recordRedemption,
  redeemCartCoupon,
} from '~/features/coupons/coupons-commands.server';

export type OrderStatus = 'created' | 'paid' | 'failed' | 'cancelled';

/** One order as its owner sees it. */
export interface OrderSummary {
  id: number;
  number: string;
  status: OrderStatus;
  amountPaise: number;
  createdAt: string;
  itemCount: number;
  /** The fulfilment step reached; null until the shop confirms a paid order. */
  fulfilmentStatus: FulfilmentStatus | null;
  /** 'shop' (from the cart) or 'bespoke' (made by the shop; garments instead of lines). */
  kind: 'shop' | 'bespoke';
  /**
   * Succeeded payments received so far, in paise (an advance on a bespoke order; refunds not
   * subtracted: `ledgerSums`); a bespoke order still 'created' with some paid reads 'Part paid'.
   */
  paidPaise: number;
}

/** One line of an order as it was bought (prices in integer paise). */
export interface OrderLine {
  /** Null once the product is deleted: the name is then shown without a link. */
  productId: number | null;
  name: string;
  /** The product's photo at the time of buying; null when it had none. */
  imageKey: string | null;
  /** The photo's low-resolution placeholder (a data URL), or null. */
  imagePlaceholder: string | null;
  /** '' when the product has no sizes (likewise `color`). */
  size: string;
  color: string;
  /** The price of one piece, or of one cut (`lengthCm` at `metrePricePaise`). */
  unitPricePaise: number;
  quantity: number;
  /** Issue 29 item 2: a cut sold by the metre: its length (cm) and price a metre; else null. */
  lengthCm: number | null;
  metrePricePaise: number | null;
}

/**
 * One order with what both its owner's page and the back office's show: the customer and
 * delivery address, the payment provider, the lines and the timeline (oldest first). The
 * back office's `AdminOrder` extends it, with `Entry` carrying who made each step.
 */
export interface OrderDetail<
  Entry extends OrderTimelineEntry = OrderTimelineEntry,
> extends OrderSummary {
  customerName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  /** Issue 32 item 1: line 2, landmark and the PIN code's district ('' on older orders). */
  addressLine2: string;
  landmark: string;
  district: string;
  provider: PaymentProviderName;
  providerOrderId: string | null;
  /** ISO 8601, or null when not paid. */
  paidAt: string | null;
  lines: OrderLine[];
  /** What happened to the order, oldest first. */
  timeline: Entry[];
  /** Issue 32 item 4: the coupon's code and its discount on the goods (paise); null without. */
  discount: { code: string; paise: number } | null;
  /** Issue 32 item 2: the shipping charge in paise (in `amountPaise`) and the delivery. */
  shippingPaise: number;
  deliveryMethod: 'ship' | 'pickup';
  /**
   * Issue 32 item 3: 'cod' for cash on delivery, its fee in paise (in `amountPaise`, 0 without)
   * and when the shopper confirmed it with its one-time code (ISO 8601, null until then).
   */
  paymentMethod: 'online' | 'cod';
  codFeePaise: number;
  codConfirmedAt: string | null;
}

const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * A human order number, e.g. 'RT-261122-7KQ4M' (date, then 5 unambiguous characters); shop
 * and bespoke orders share it (features/bespoke/bespoke-orders.server).
 */
export function newOrderNumber(now = new Date()): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  const suffix = Array.from(
    { length: 5 },
    () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)],
  ).join('');
  return `RT-${date}-${suffix}`;
}

/** Statuses of a shop order not paid and not cancelled: it may still be paid (issue 29 item 6). */
export const AWAITING_PAYMENT: OrderStatus[] = ['created', 'failed'];

/**
 * A shop order still awaiting payment, as a condition on `orders`: not paid, not cancelled,
 * nothing received on its ledger (also the orders' commands' condition for cancelling one).
 * Issue 32 item 3: a cash-on-delivery order is not one: it is paid to the courier, expires
 * only unconfirmed (features/cod), and is never reused by a later checkout.
 */
export const awaitingPayment = and(
  eq(orders.kind, 'shop'),
  eq(orders.paymentMethod, 'online'),
  inArray(orders.status, AWAITING_PAYMENT),
  sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id}
    and ${payments.kind} = 'payment' and ${payments.status} = 'succeeded')`,
);

/**
 * The orders account `userId` owns, as a condition on `orders`: its own (`user_id`), and
 * (issue 32 item 5 "it joins the shopper's account if they register with that phone or e-mail
 * later") the guest orders (`user_id` null) of the customer record linked to the account. The
 * customer issue's linking rules decide when a record joins an account (customers.server.ts);
 * read here, a guest order follows its record in and out of an account with no write, whichever
 * path links it (sign-in, staff's link, a merge).
 */
export function ownedBy(userId: string): SQL {
  return sql`(${orders.userId} = ${userId} or (${orders.userId} is null and ${orders.customerId} = (select ${customers.id} from ${customers} where ${customers.userId} = ${userId})))`;
}

/** The job that cancels an unpaid shop order once its time is up (order-expiry.server.ts). */
export const EXPIRE_ORDER_JOB = 'order.expire';

/**
 * Issue 32 item 3: what a cash-on-delivery checkout adds to {@link createOrderFromCart}
 * (features/cod builds it; the orders sit below it).
 */
export interface CodPlacement {
  /**
   * Checks the COD rules at the server's figures, inside the checkout's transaction.
   * @param order the cart's lines (a cut of cloth has `lengthCm`), the delivery, and the amount
   *   in paise before the fee (goods less discount, plus shipping).
   * @returns the COD fee in paise. @throws Refusal 'invalid' when COD may not be used.
   */
  check(
    tx: Tx,
    order: {
      lines: readonly { name: string; lengthCm: number | null }[];
      deliveryMethod: 'ship' | 'pickup';
      pincode: string;
      amountPaise: number;
    },
  ): Promise<number>;
  /** Runs in the transaction once the order, its lines and its held stock exist. */
  placed(tx: Tx, order: { id: number; number: string }): Promise<void>;
}

/**
 * Issue 32 item 5: a guest buyer (no account): the customer record found or made for the phone
 * (`customerForGuest`), the phone a one-time code verified (E.164; it is the order's phone,
 * whatever the form says), and the lines of the guest's cart from the browser (checked by
 * `cartLinesSchema`; only their product, size, colour, length and quantity are read: the
 * server prices them).
 */
interface GuestBuyer {
  customerId: number;
  phone: string;
  lines: readonly CartLine[];
}

/** Who checks out: a signed-in shopper (their stored cart) or a guest (issue 32 item 5). */
export type OrderBuyer = { userId: string } | { guest: GuestBuyer };

/**
 * Creates an order from the shopper's stored cart at the catalogue's current prices, or
 * reuses the shopper's open one (issue 29 item 6: "a second attempt at paying the same cart
 * reuses the open order"): its lines, amount and delivery details become the cart's and the
 * form's, and its provider order is kept only while the amount and provider are the same (a
 * provider order is made for one amount). One shopper's checkouts run one at a time (a
 * transaction-scoped advisory lock on the account), so two submissions at once leave one
 * order. A new order gets its `order.expire` job, due when the settings' hours are up.
 * @returns the order, with its stored provider order id (null when one must be made).
 * @throws Refusal 'cart-empty' ('Cart is empty'), 'invalid' when a product is no longer for
 *   sale, 'conflict' when a line cannot be served or the coupon applied to the cart no longer
 *   applies (issue 32 item 4: the coupon's discount is checked again here, split over the lines
 *   in `order_lines.discount_paise`, and taken off `amount_paise`; its use is recorded in this
 *   transaction, features/coupons/coupons-commands.server.ts).
 *
 * Issue 32 item 3: with `cod`, the order is placed for cash on delivery: `cod.check` decides
 * the rules again and adds its fee (`orders.cod_fee_paise`, in the amount); the order is
 * `payment_method = 'cod'` with no provider order; its stock is taken now (held until it is
 * delivered, or released when it expires unconfirmed), what it bought leaves the cart, and
 * `cod.placed` sends its confirmation code. @throws Refusal 'conflict' when stock ran short.
 *
 * Issue 32 item 5: with `guest` instead of `userId`, the lines are the guest's (priced here by
 * the same rules), the lock is per phone, the order is stored with `user_id` null, its
 * `customer_id` the guest's record and its phone the verified one; the guest's open order of
 * that phone is reused as a shopper's is. A guest has no stored coupon (`cart_coupons` is per
 * account), so a guest order carries none. The guest's cart lives in the browser, which clears
 * it after the answer.
 */
export async function createOrderFromCart(
  db: Db,
  input: OrderBuyer & {
    details: CheckoutDetails;
    provider: PaymentProviderName;
    cod?: CodPlacement;
  },
): Promise<{ id: number; number: string; amountPaise: number; providerOrderId: string | null }> {
  const userId = 'userId' in input ? input.userId : null;
  const guest = 'guest' in input ? input.guest : null;
  return db.transaction(async (tx) => {
    const lockKey = userId !== null ? `checkout:${userId}` : `checkout-guest:${guest!.phone}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
    const cart = await priceLines(
      tx as unknown as Db,
      userId !== null ? await getCartLines(tx as unknown as Db, userId) : guest!.lines,
    );
    if (cart.lines.length === 0) throw new Refusal('cart-empty', 'Cart is empty');
    const unavailable = cart.lines.find((line) => !line.available);
    if (unavailable) {
      throw new Refusal(
        'invalid',
        `${unavailable.name} is no longer available. Please remove it from your cart.`,
      );
    }
    // Issue 29 item 2: a length off the product's steps, or more than its stock, is refused.
    const unservable = cart.lines.find((line) => line.problem !== null);
    if (unservable) {
      throw new Refusal('conflict', `${unservable.problem}. Please change your cart.`);
    }
    // Issue 32 item 4: the code applied to the cart, checked again at the server's prices with
    // the coupon's row locked until this transaction ends; its discount comes off the goods.
    const coupon = userId !== null ? await redeemCartCoupon(tx, userId, cart.lines) : null;
    const discountPaise = coupon?.quote.discountPaise ?? 0;
    const { details } = input;
    const contact = {
      amountPaise: cart.totalPaise - discountPaise,
      discountPaise,
      couponCode: coupon?.quote.code ?? null,
      customerName: details.name,
      email: details.email,
      phone: guest ? guest.phone : details.phone,
      address: details.address,
      city: details.city,
      state: details.state,
      pincode: details.pincode,
      provider: input.provider,
      buyerGstin: details.gstin || null,
      buyerLegalName: (details.gstin && details.gstinName) || null,
      // Issue 32 item 1: the rest of the address.
      addressLine2: details.addressLine2 ?? '',
      landmark: details.landmark ?? '',
      district: details.district ?? '',
    };
    // Issue 32 item 2: the shipping charge (the shop's tariff for the cart's weight to the
    // pincode, free from the threshold, nothing to collect from the shop) joins the amount.
    // The threshold compares the goods after any coupon discount: a discount applied before
    // this block has lowered `contact.amountPaise` already.
    const shipping = await shippingForOrder(tx, {
      delivery: details.delivery ?? 'ship',
      pincode: details.pincode,
      lines: cart.lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        lengthCm: line.lengthCm || null,
      })),
      goodsPaise: contact.amountPaise,
    });
    contact.amountPaise += shipping.shippingPaise;
    // Issue 32 item 3: cash on delivery, checked again here, and its fee.
    const codFeePaise = input.cod
      ? await input.cod.check(tx, {
          lines: cart.lines.map((line) => ({ name: line.name, lengthCm: line.lengthCm || null })),
          deliveryMethod: shipping.deliveryMethod,
          pincode: details.pincode,
          amountPaise: contact.amountPaise,
        })
      : 0;
    contact.amountPaise += codFeePaise;
    const payment = {
      paymentMethod: input.cod ? ('cod' as const) : ('online' as const),
      codFeePaise,
      codConfirmedAt: null,
    };
    const returned = {
      id: orders.id,
      number: orders.number,
      amountPaise: orders.amountPaise,
      providerOrderId: orders.providerOrderId,
    };
    const [open] = await tx
      .select({ id: orders.id, amountPaise: orders.amountPaise, provider: orders.provider })
      .from(orders)
      .where(
        and(
          userId !== null
            ? eq(orders.userId, userId)
            : and(isNull(orders.userId), eq(orders.phone, guest!.phone)),
          awaitingPayment,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1)
      .for('update');
    let order: Awaited<ReturnType<typeof createOrderFromCart>> | undefined;
    if (open) {
      const sameAmount =
        open.amountPaise === contact.amountPaise && open.provider === input.provider && !input.cod;
      [order] = await tx
        .update(orders)
        .set({
          ...contact,
          ...shipping,
          ...payment,
          ...(guest ? { customerId: guest.customerId } : {}),
          status: 'created',
          ...(sameAmount ? {} : { providerOrderId: null }),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, open.id))
        .returning(returned);
      await tx.delete(orderLines).where(eq(orderLines.orderId, open.id));
    } else {
      [order] = await tx
        .insert(orders)
        .values({
          ...contact,
          ...shipping,
          ...payment,
          number: newOrderNumber(),
          userId,
          ...(guest ? { customerId: guest.customerId } : {}),
          status: 'created',
          currency: 'INR',
        })
        .returning(returned);
      await addOrderEvent(tx, order!.id, 'created');
      const { unpaidExpiryHours } = await getOrderSettings(tx);
      if (!input.cod)
        await enqueueJob(tx, {
          kind: EXPIRE_ORDER_JOB,
          payload: { orderId: order!.id },
          runAt: new Date(Date.now() + unpaidExpiryHours * 3_600_000),
          dedupeKey: `order:${order!.id}:expire`,
        });
    }
    if (userId !== null) await recordRedemption(tx, order!.id, userId, coupon);
    await tx.insert(orderLines).values(
      cart.lines.map((line, index) => ({
        orderId: order!.id,
        productId: line.productId,
        name: line.name,
        imageKey: line.imageKey,
        size: line.size,
        color: line.color,
        unitPricePaise: line.unitPricePaise,
        quantity: line.quantity,
        lengthCm: line.lengthCm ? line.lengthCm : null,
        metrePricePaise: line.lengthCm ? line.metrePricePaise : null,
        uqc: line.uqc,
        variantId: line.variantId,
        sku: line.sku,
        discountPaise: coupon?.quote.lineDiscounts[index] ?? 0,
      })),
    );
    if (input.cod) {
      const shortage = await takeOrderStock(tx, order!.id);
      if (shortage) {
        throw new Refusal(
          'conflict',
          `${shortage.name} is no longer in stock as your cart asks. Please change your cart.`,
        );
      }
      if (userId !== null) {
        await clearBoughtFromCart(tx, order!.id, userId);
        await clearUsedCartCoupon(tx, order!.id, userId);
      }
      await input.cod.placed(tx, order!);
    }
    return order!;
  });
}

/**
 * Stores the provider's order id on our order, unless one is stored already (two checkouts
 * of one order at once each made one: the first stored wins).
 * @returns the provider order id the order now has (this one or the one stored first).
 */
export async function attachProviderOrder(
  db: Db,
  orderId: number,
  providerOrderId: string,
): Promise<string> {
  const [stored] = await db
    .update(orders)
    .set({ providerOrderId, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), sql`${orders.providerOrderId} is null`))
    .returning({ providerOrderId: orders.providerOrderId });
  if (stored?.providerOrderId) return stored.providerOrderId;
  const [row] = await db
    .select({ providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.providerOrderId ?? providerOrderId;
}

/** The outcome of recording a payment. */
export type PaymentOutcome =
  /** This call made the order paid: clear the cart and send the e-mail. */
  | { kind: 'paid'; orderId: number; userId: string | null }
  /** Already paid with this payment (a replay or the other path got there first). */
  | { kind: 'already-paid'; orderId: number }
  /** The event was handled before. */
  | { kind: 'duplicate' }
  /** The order moved to failed. */
  | { kind: 'failed'; orderId: number }
  /** Nothing to do (unknown order, or a failure after payment). */
  | { kind: 'ignored'; reason: string }
  /**
   * Issue 29 item 2: the money arrived but the stock had gone to another payer: the order is
   * cancelled, the payment kept in its ledger for staff to refund (decision "stock and lengths").
   */
  | { kind: 'sold-out'; orderId: number; message: string };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Writes one entry of an order's timeline (inside the transaction making the change). */
async function addOrderEvent(tx: Tx, orderId: number, kind: Exclude<OrderEventKind, 'fulfilment'>) {
  await tx.insert(orderEvents).values({ orderId, kind });
}

/** An owner's order by number with what is needed to verify a payment for it. */
export async function findOwnOrder(
  db: Db,
  userId: string,
  number: string,
): Promise<{
  id: number;
  status: OrderStatus;
  providerOrderId: string | null;
  amountPaise: number;
} | null> {
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      providerOrderId: orders.providerOrderId,
      amountPaise: orders.amountPaise,
    })
    .from(orders)
    .where(and(eq(orders.number, number), ownedBy(userId)));
  return order ?? null;
}

/** An order by its provider order id (Razorpay's callback carries only that). */
export async function findByProviderOrder(
  db: Db,
  providerOrderId: string,
): Promise<{ id: number; number: string; userId: string | null } | null> {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, userId: orders.userId })
    .from(orders)
    .where(eq(orders.providerOrderId, providerOrderId));
  return row ?? null;
}

/** The number of an order by id, or null. */
export async function orderNumberOf(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.number ?? null;
}

/** What paying a cancelled order is told (issue 17 item 9). */
export const CANCELLED_ORDER_MESSAGE =
  'This order was cancelled and cannot be paid. Please place a new order from your cart.';

/**
 * The owner's shop order awaiting payment, to pay again from its page (issue 29 item 6 "Pay
 * now"): locked, its last activity set to now (its expiry counts from there), and its provider
 * order forgotten when it was made by another provider. The amount is the order's, which the
 * server computed from its lines; the browser never sends one.
 * @throws Refusal 'not-found' (not theirs, or not a shop order), 'conflict' (paid or cancelled).
 */
export async function reopenOrderForPayment(
  db: Db,
  userId: string,
  number: string,
  provider: PaymentProviderName,
): Promise<{
  id: number;
  number: string;
  amountPaise: number;
  providerOrderId: string | null;
  details: CheckoutDetails;
}> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.number, number), ownedBy(userId), eq(orders.kind, 'shop')))
      .for('update');
    if (!row) throw new Refusal('not-found', 'Order not found');
    if (row.status === 'paid') throw new Refusal('conflict', 'This order is already paid');
    if (row.paymentMethod === 'cod') {
      throw new Refusal('conflict', 'This order is paid in cash on delivery, to the courier.');
    }
    if (row.status === 'cancelled') throw new Refusal('conflict', CANCELLED_ORDER_MESSAGE);
    const providerOrderId = row.provider === provider ? row.providerOrderId : null;
    await tx
      .update(orders)
      .set({ provider, providerOrderId, updatedAt: new Date() })
      .where(eq(orders.id, row.id));
    return {
      id: row.id,
      number: row.number,
      amountPaise: row.amountPaise,
      providerOrderId,
      details: {
        name: row.customerName,
        email: row.email,
        phone: row.phone,
        address: row.address,
        city: row.city,
        state: row.state as CheckoutDetails['state'],
        pincode: row.pincode,
        addressLine2: row.addressLine2,
        landmark: row.landmark,
        district: row.district,
      },
    };
  });
}

/** A timeline entry with who made it (the back office shows the administrator's e-mail). */
export interface RecordedOrderEvent extends OrderTimelineEntry {
  actorEmail: string | null;
}

/**
 * An order's timeline, oldest first, from `order_events`; an order placed before the timeline
 * existed gets its placing (`created_at`) and payment (`paid_at`) from the order itself.
 */
async function orderTimeline(
  db: Db,
  order: { id: number; createdAt: Date; paidAt: Date | null },
): Promise<RecordedOrderEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const entries: RecordedOrderEvent[] = rows.map((row) => ({
    kind: row.kind,
    fulfilmentStatus: row.fulfilmentStatus,
    note: row.note,
    actorEmail: row.actorEmail,
    at: row.createdAt.toISOString(),
  }));
  const has = (kind: OrderEventKind) => rows.some((row) => row.kind === kind);
  const fallback = (kind: OrderEventKind, at: Date): RecordedOrderEvent => ({
    kind,
    fulfilmentStatus: null,
    note: '',
    actorEmail: null,
    at: at.toISOString(),
  });
  if (!has('created')) entries.unshift(fallback('created', order.createdAt));
  if (order.paidAt && !has('paid')) entries.push(fallback('paid', order.paidAt));
  // Stable: entries at the same instant keep their recorded order.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * How many pieces an order bought (a bespoke order: its garments), as a column of a select
 * from `orders`. The outer `id` is written with its table: Drizzle leaves the columns of a
 * one-table select unqualified, and a bare "id" inside the subquery would be the line's own.
 */
export const orderItemCount = sql<number>`(case when ${orders}.${sql.identifier('kind')} = 'bespoke'
  then (select count(*)::int from ${bespokeGarments} where ${bespokeGarments.orderId} = ${orders}.${sql.identifier('id')})
  else (select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders}.${sql.identifier('id')}) end)`;

const summaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  amountPaise: orders.amountPaise,
  createdAt: orders.createdAt,
  fulfilmentStatus: orders.fulfilmentStatus,
  itemCount: orderItemCount,
  kind: orders.kind,
};

/**
 * A shopper's orders, newest first, without the shop orders cancelled unpaid (abandoned or
 * expired, issue 29 item 6: nothing was bought; their pages stay reachable by number).
 */
export async function listOrders(db: Db, userId: string): Promise<OrderSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(orders)
    .where(
      and(
        ownedBy(userId),
        sql`not (${orders.kind} = 'shop' and ${orders.status} = 'cancelled' and ${orders.paidAt} is null)`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const sums = await ledgerSumsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    paidPaise: sums.get(row.id)!.paidPaise,
  }));
}

/**
 * How many orders a shopper has placed (issue 29 item 6): shop orders once paid, bespoke orders
 * unless cancelled. A shop order awaiting payment, abandoned or expired is not counted.
 */
export async function countOrders(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        ownedBy(userId),
        sql`(${orders.status} = 'paid' or (${orders.kind} = 'bespoke' and ${orders.status} <> 'cancelled'))`,
      ),
    );
  return row?.count ?? 0;
}

/** A row of `orders` as stored. */
export type OrderRow = typeof orders.$inferSelect;

/**
 * The one order matching `where` (a condition on `orders`), or null: its `detail` with the
 * timeline as recorded (each entry with the administrator's e-mail, or null), and its stored
 * `row` for what only one audience adds. Callers choose what each audience receives.
 */
export async function findOrderDetail(
  db: Db,
  where: SQL | undefined,
): Promise<{ detail: OrderDetail<RecordedOrderEvent>; row: OrderRow } | null> {
  const [row] = await db.select().from(orders).where(where);
  if (!row) return null;
  const [lines, timeline, { paidPaise }] = await Promise.all([
    orderLinesOf(db, row.id),
    orderTimeline(db, row),
    ledgerSumsOfOrder(db, row.id),
  ]);
  return {
    row,
    detail: {
      id: row.id,
      number: row.number,
      status: row.status,
      amountPaise: row.amountPaise,
      createdAt: row.createdAt.toISOString(),
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      fulfilmentStatus: row.fulfilmentStatus,
      kind: row.kind,
      paidPaise,
      customerName: row.customerName,
      email: row.email,
      phone: row.phone,
      address: row.address,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      addressLine2: row.addressLine2,
      landmark: row.landmark,
      district: row.district,
      provider: row.provider,
      providerOrderId: row.providerOrderId,
      paidAt: row.paidAt?.toISOString() ?? null,
      paymentMethod: row.paymentMethod,
      codFeePaise: row.codFeePaise,
      codConfirmedAt: row.codConfirmedAt?.toISOString() ?? null,
      lines,
      timeline,
      discount:
        row.couponCode && row.discountPaise > 0
          ? { code: row.couponCode, paise: row.discountPaise }
          : null,
      shippingPaise: row.shippingPaise,
      deliveryMethod: row.deliveryMethod,
    },
  };
}

/** One of a shopper's orders with its lines, or null (also for another shopper's order). */
export async function getOrder(
  db: Db,
  userId: string,
  number: string,
): Promise<OrderDetail | null> {
  const found = await findOrderDetail(db, and(eq(orders.number, number), ownedBy(userId)));
  if (!found) return null;
  return {
    ...found.detail,
    // The shopper sees what happened, not which administrator did it.
    timeline: found.detail.timeline.map(({ kind, fulfilmentStatus, note, at }) => ({
      kind,
      fulfilmentStatus,
      note,
      at,
    })),
  };
}

/** The details of the shopper's latest order, to prefill the checkout form. */
export async function lastOrderDetails(
  db: Db,
  userId: string,
): Promise<Partial<CheckoutDetails> | null> {
  const [row] = await db
    .select({
      name: orders.customerName,
      email: orders.email,
      phone: orders.phone,
      address: orders.address,
      city: orders.city,
      state: orders.state,
      pincode: orders.pincode,
      addressLine2: orders.addressLine2,
      landmark: orders.landmark,
      district: orders.district,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return (row as Partial<CheckoutDetails> | undefined) ?? null;
}

/**
 * Before an account is deleted: its unpaid orders without payments go; the others stay for the shop's
 * books without the name, e-mail, phone and street address, its line 2 and landmark (city,
 * district, state and PIN remain).
 */
export async function anonymiseOrdersOf(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(orders).where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, ['created', 'failed', 'cancelled']),
        // An order with money on its ledger (a bespoke order's advance) stays for the books.
        sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id})`,
      ),
    );
    await tx
      .update(orders)
      .set({
        customerName: 'Deleted customer',
        email: '',
        phone: '',
        address: '',
        addressLine2: '',
        landmark: '',
        userId: null,
        updatedAt: new Date(),
      })
      .where(eq(orders.userId, userId));
  });
}

/** The lines of one order in the order they were bought, with each image's placeholder. */
function orderLinesOf(db: Db, orderId: number): Promise<OrderLine[]> {
  return db
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      imageKey: orderLines.imageKey,
      imagePlaceholder: placeholderFor(orderLines.imageKey),
      size: orderLines.size,
      color: orderLines.color,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: orderLines.quantity,
      lengthCm: orderLines.lengthCm,
      metrePricePaise: orderLines.metrePricePaise,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
}

/**
 * When the owner's shop order awaiting payment will be cancelled if still unpaid (its last
 * payment attempt plus the settings' hours, issue 29 item 6), ISO 8601; null when the order is
 * not theirs or not awaiting payment.
 */
export async function unpaidOrderExpiry(
  db: Db,
  userId: string,
  number: string,
): Promise<string | null> {
  const [row] = await db
    .select({ updatedAt: orders.updatedAt })
    .from(orders)
    .where(and(eq(orders.number, number), ownedBy(userId), awaitingPayment));
  if (!row) return null;
  const { unpaidExpiryHours } = await getOrderSettings(db);
  return new Date(row.updatedAt.getTime() + unpaidExpiryHours * 3_600_000).toISOString();
}
