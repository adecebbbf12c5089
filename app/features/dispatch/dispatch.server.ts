/**
 * Dispatch, separate from the workshop (issue 32 item 6): the one door to `shipments` and
 * `shipment_events`. A shop order paid in full (`canDispatch`) stands at "to pack" until staff
 * first move it; then its shipment row holds its stage, which moves forward only
 * (`movesForward`): by hand in the back office (audited, 'order.dispatch'), by "Ship" (which
 * books the courier through `CourierProvider.createShipment` and stores the AWB and tracking
 * URL), and by the courier's tracking webhooks (each event id stored once: a replay changes
 * nothing). The customer is told of the milestones (shipped with its tracking link, out for
 * delivery, delivered, ready for pickup with the shop's hours) through the order messages'
 * queue, once per stage. Money is integer paise; times are instants (shown in Kolkata time).
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Db } from '~/lib/db.server';
import { courierCustomer } from '~/lib/couriers/common.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { orderLines, orders, shipmentEvents, shipments } from '~/lib/schema.server';
import type { Actor } from '~/lib/audit.server';
import { auditedWrite, type Tx } from '~/lib/audited-write.server';
import { Refusal } from '~/lib/refusal';
import {
  CourierProviderError,
  type CourierProvider,
  type Shipment,
  type TrackingWebhookEvent,
} from '~/lib/couriers/types';
import type { MailMessage } from '~/lib/mail.server';
import { orderButton, orderMail } from '~/features/orders/order-email';
import { orderLinkUrl } from '~/features/orders/order-link.server';
import { queueOrderMessage } from '~/features/orders/order-messages.server';
import type { OrderMailSite } from '~/features/orders/orders-commands.server';
import { pickupPlaceWords } from '~/features/shipping/pickup';
import { getShippingSettings, parcelWeightGrams } from '~/features/shipping/shipping.server';
import { getSiteSettings } from '~/features/site/settings.server';
import {
  canDispatch,
  DISPATCH_STEPS,
  isDispatchMilestone,
  manualStages,
  movesForward,
  stageOfCourierStatus,
  stagesOf,
  type DispatchMethod,
  type DispatchStage,
} from './stages';

/** The order columns dispatch reads. */
const orderColumns = {
  id: orders.id,
  number: orders.number,
  kind: orders.kind,
  status: orders.status,
  fulfilmentStatus: orders.fulfilmentStatus,
  deliveryMethod: orders.deliveryMethod,
  userId: orders.userId,
  customerId: orders.customerId,
  customerName: orders.customerName,
  email: orders.email,
  phone: orders.phone,
  address: orders.address,
  addressLine2: orders.addressLine2,
  landmark: orders.landmark,
  city: orders.city,
  district: orders.district,
  state: orders.state,
  pincode: orders.pincode,
  amountPaise: orders.amountPaise,
  shippingPaise: orders.shippingPaise,
  createdAt: orders.createdAt,
  paymentMethod: orders.paymentMethod,
  codConfirmedAt: orders.codConfirmedAt,
};

type DispatchOrder = { [K in keyof typeof orderColumns]: (typeof orders.$inferSelect)[K] };
type ShipmentRow = typeof shipments.$inferSelect;

/**
 * An order with its shipment (null before the first move), the paths still open to it and its
 * stage. A shop order's path is its delivery method; a bespoke order may take either until its
 * first move chooses (issue 32 item 6: "Bespoke orders keep the workshop's stages until ready,
 * then pickup or dispatch").
 */
interface DispatchState {
  order: DispatchOrder;
  shipment: ShipmentRow | null;
  methods: DispatchMethod[];
  stage: DispatchStage;
}

/** The path of `state` that a move to `to` takes (the first open one holding it). */
function methodFor(state: DispatchState, to: DispatchStage): DispatchMethod {
  return state.methods.find((method) => stagesOf(method).includes(to)) ?? state.methods[0]!;
}

/** Reads an order and its shipment (both locked when `lock`); undefined when not found. */
async function readState(
  db: DbOrTx,
  where: SQL,
  lock: boolean,
): Promise<DispatchState | undefined> {
  const orderQuery = db.select(orderColumns).from(orders).where(where);
  const [order] = lock ? await orderQuery.for('update') : await orderQuery;
  if (!order) return undefined;
  const shipmentQuery = db.select().from(shipments).where(eq(shipments.orderId, order.id));
  const [shipment] = lock ? await shipmentQuery.for('update') : await shipmentQuery;
  return {
    order,
    shipment: shipment ?? null,
    methods: shipment
      ? [shipment.method]
      : order.kind === 'bespoke'
        ? ['ship', 'pickup']
        : [order.deliveryMethod],
    stage: shipment?.stage ?? 'to_pack',
  };
}

const NOT_FOUND = 'This order could not be found.';
const label = (stage: DispatchStage) => DISPATCH_STEPS[stage].label;

/** Refuses a move of `state` to `to`: an order not dispatchable, or not a forward move. */
function assertMove(state: DispatchState, to: DispatchStage, manual: boolean): void {
  if (!canDispatch(state.order)) {
    throw new Refusal(
      'conflict',
      'Only an order paid in full, or a cash-on-delivery order its customer confirmed, can be dispatched.',
    );
  }
  if (state.stage === to) {
    throw new Refusal('conflict', `This order is already at “${label(to)}”.`, 'stage');
  }
  const method = methodFor(state, to);
  const allowed = manual
    ? manualStages(method, state.stage).includes(to)
    : movesForward(method, state.stage, to);
  if (!allowed) {
    throw new Refusal(
      'conflict',
      movesForward(method, state.stage, to)
        ? `“${label(to)}” follows “Shipped”: ship the parcel first.`
        : `This order is at “${label(state.stage)}”; it cannot move to “${label(to)}”. Dispatch only moves forward.`,
      'stage',
    );
  }
}

/** The courier's booking stored on a shipped order. */
type Booking = Pick<Shipment, 'shipmentId' | 'awb' | 'courierName' | 'trackingUrl'> & {
  provider: string;
};

/**
 * Writes `state`'s move to `stage` in `tx`: the shipment row (made on the first move), its
 * event, and the customer's message for a milestone.
 */
async function writeStage(
  tx: DbOrTx,
  state: DispatchState,
  stage: DispatchStage,
  event: Omit<typeof shipmentEvents.$inferInsert, 'shipmentId' | 'stage'>,
  site: OrderMailSite,
  booking?: Booking,
): Promise<ShipmentRow> {
  const now = new Date();
  const booked = booking && {
    provider: booking.provider,
    providerShipmentId: booking.shipmentId,
    awb: booking.awb,
    courierName: booking.courierName,
    trackingUrl: booking.trackingUrl,
  };
  const [row] = state.shipment
    ? await tx
        .update(shipments)
        .set({ stage, updatedAt: now, ...booked })
        .where(eq(shipments.id, state.shipment.id))
        .returning()
    : await tx
        .insert(shipments)
        .values({ orderId: state.order.id, method: methodFor(state, stage), stage, ...booked })
        .returning();
  await tx.insert(shipmentEvents).values({ ...event, shipmentId: row!.id, stage });
  await tellCustomer(tx, state.order, row!, site);
  return row!;
}

/** What the customer's message says of a stage: the label, with the AWB and link once shipped. */
function stageWords(shipment: Pick<ShipmentRow, 'stage' | 'awb' | 'courierName' | 'trackingUrl'>) {
  const words = label(shipment.stage);
  if (shipment.stage === 'shipped' && shipment.awb && shipment.trackingUrl) {
    return `${words} by ${shipment.courierName ?? 'courier'}, AWB ${shipment.awb}. Track it: ${shipment.trackingUrl}`;
  }
  return words;
}

/**
 * The e-mail of a dispatch milestone: the stage in words, its description, the tracking link
 * when there is one, and the order's link.
 */
function dispatchEmail(
  order: Pick<DispatchOrder, 'number' | 'customerName' | 'email'>,
  shipment: Pick<ShipmentRow, 'stage' | 'awb' | 'courierName' | 'trackingUrl'>,
  words: string,
  shopName: string,
  orderUrl: string,
): MailMessage {
  const step = DISPATCH_STEPS[shipment.stage];
  const intro = `Here is news of your order ${order.number}: ${words}`;
  const tracking = shipment.trackingUrl && shipment.stage !== 'ready_for_pickup';
  return orderMail({
    order,
    shopName,
    subject: `Your order ${order.number}: ${step.label}`,
    orderUrl,
    text: [
      intro,
      step.description,
      ...(tracking ? ['', `Track your parcel: ${shipment.trackingUrl}`] : []),
      '',
      `Your order: ${orderUrl}`,
    ],
    html: `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px">${escapeHtml(step.description)}</p>
${tracking ? orderButton(shipment.trackingUrl!, 'Track your parcel') : ''}
${orderButton(orderUrl, 'See your order')}`,
  });
}

/** Queues the milestone's message (once per order and stage), or nothing for other stages. */
async function tellCustomer(
  tx: DbOrTx,
  order: DispatchOrder,
  shipment: ShipmentRow,
  site: OrderMailSite,
): Promise<void> {
  if (!isDispatchMilestone(shipment.stage)) return;
  // A bespoke order's "Ready for pickup" was the workshop's own message (with any balance due).
  if (shipment.stage === 'ready_for_pickup' && order.kind === 'bespoke') return;
  const orderUrl = await orderLinkUrl(tx, site, order.id, new Date());
  // Issue 32 item 2: an order the shopper collects says where the shop is and its hours.
  const words =
    stageWords(shipment) +
    (shipment.stage === 'ready_for_pickup'
      ? pickupPlaceWords(await getSiteSettings(tx as unknown as Db))
      : '');
  await queueOrderMessage(tx, order, {
    kind: 'order.dispatch',
    mail: dispatchEmail(order, shipment, words, site.shopName, orderUrl),
    statusLabel: words,
    orderUrl,
    dedupeKey: `dispatch:${order.id}:${shipment.stage}`,
  });
}

/**
 * Moves order `input.number` to dispatch stage `input.stage` by hand (the back office's Dispatch
 * section): forward only, never to 'shipped' (that is `shipOrder`), with its event, the audit
 * entry ('order.dispatch', stage before and after) and the customer's milestone message, in one
 * transaction. Resolves to the toast's message and the order's number.
 * @throws Refusal 'not-found' for an unknown order; 'conflict' for an order that may not be
 *   dispatched (`canDispatch`) or a stage that is not a later one staff may set.
 */
export async function moveDispatch(
  db: Db,
  actor: Actor,
  input: { number: string; stage: DispatchStage },
  site: OrderMailSite,
): Promise<{ message: string; id: string }> {
  return auditedWrite(db, actor, {
    read: (tx) => readState(tx, eq(orders.number, input.number), true),
    missing: () => new Refusal('not-found', NOT_FOUND),
    check: (state) => {
      assertMove(state, input.stage, true);
      return undefined;
    },
    write: (tx, state) =>
      writeStage(tx, state, input.stage, { source: 'staff', actorEmail: actor.email }, site),
    audit: (state) => ({
      action: 'order.dispatch',
      entity: 'order',
      entityId: state.order.number,
      summary: `Moved order ${state.order.number} to ${label(input.stage)} (from ${label(state.stage)})`,
      before: { dispatchStage: state.stage },
      after: { dispatchStage: input.stage },
    }),
    answer: (state) => ({
      message: `Order ${state.order.number} is now at ${label(input.stage)}.${
        isDispatchMilestone(input.stage) && state.order.email ? ' The customer is being told.' : ''
      }`,
      id: state.order.number,
    }),
  });
}

/** Refuses to ship `state`: not dispatchable, collected at the shop, or shipped already. */
function assertShippable(state: DispatchState): void {
  if (!state.methods.includes('ship')) {
    throw new Refusal('conflict', 'This order is collected from the shop: it is not shipped.');
  }
  assertMove(state, 'shipped', false);
}

/**
 * "Ship" (issue 32 item 6): books the parcel of order `input.number` with `courier`
 * (`createShipment`: the order's address, lines, weight from the shipping settings, the shop's
 * pincode as pickup), then in one transaction stores its provider, shipment id, AWB, courier
 * and tracking URL, moves it to 'shipped' with its event, the audit entry ('order.dispatch')
 * and the customer's message carrying the tracking link. The courier is called outside the
 * transaction; the order is checked again under its lock before the booking is stored.
 * @throws Refusal 'not-found' for an unknown order; 'conflict' for an order that may not be
 *   dispatched, one collected at the shop, or one shipped already; 'unavailable' when the
 *   courier refuses or does not answer.
 */
export async function shipOrder(
  db: Db,
  courier: CourierProvider,
  actor: Actor,
  input: { number: string },
  site: OrderMailSite,
): Promise<{ message: string; id: string }> {
  const where = eq(orders.number, input.number);
  const before = await readState(db, where, false);
  if (!before) throw new Refusal('not-found', NOT_FOUND);
  assertShippable(before);
  const { order } = before;
  const [lines, settings, siteSettings] = await Promise.all([
    db
      .select({
        productId: orderLines.productId,
        name: orderLines.name,
        sku: orderLines.sku,
        quantity: orderLines.quantity,
        unitPricePaise: orderLines.unitPricePaise,
        lengthCm: orderLines.lengthCm,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    getShippingSettings(db),
    getSiteSettings(db),
  ]);
  const weighed = lines.flatMap((line) =>
    line.productId === null
      ? []
      : [{ productId: line.productId, quantity: line.quantity, lengthCm: line.lengthCm }],
  );
  let booked: Shipment;
  try {
    booked = await courier.createShipment({
      orderNumber: order.number,
      orderDate: order.createdAt,
      customer: courierCustomer(order),
      // A bespoke order's garments are one parcel of its value.
      items:
        lines.length > 0
          ? lines.map((line, index) => ({
              name: line.name,
              sku: line.sku ?? `${order.number}-${index + 1}`,
              units: line.quantity,
              unitPricePaise: line.unitPricePaise,
            }))
          : [
              {
                name: `Order ${order.number}`,
                sku: order.number,
                units: 1,
                unitPricePaise: order.amountPaise,
              },
            ],
      weightGrams:
        weighed.length > 0
          ? await parcelWeightGrams(db, weighed, settings)
          : settings.defaultWeightGrams.piece,
      subTotalPaise: order.amountPaise - order.shippingPaise,
      // Cash on delivery (issue 32 item 3): the courier collects what is still unpaid.
      cod: order.paymentMethod === 'cod' && order.status !== 'paid',
      pickupPincode: siteSettings.address.postalCode,
    });
  } catch (error) {
    if (error instanceof CourierProviderError) {
      throw new Refusal(
        'unavailable',
        `The courier did not book this parcel (${error.message}). Please try again in a moment.`,
      );
    }
    throw error;
  }
  return auditedWrite(db, actor, {
    read: (tx) => readState(tx, where, true),
    missing: () => new Refusal('not-found', NOT_FOUND),
    check: (state) => {
      assertShippable(state);
      return undefined;
    },
    write: (tx, state) =>
      writeStage(tx, state, 'shipped', { source: 'staff', actorEmail: actor.email }, site, {
        ...booked,
        provider: courier.name,
      }),
    audit: (state, row) => ({
      action: 'order.dispatch',
      entity: 'order',
      entityId: state.order.number,
      summary: `Shipped order ${state.order.number} by ${row.courierName}, AWB ${row.awb}`,
      before: { dispatchStage: state.stage },
      after: { dispatchStage: 'shipped', awb: row.awb, courier: row.courierName },
    }),
    answer: (state, row) => ({
      message: `Order ${state.order.number} is shipped by ${row.courierName}, AWB ${row.awb}.`,
      id: state.order.number,
    }),
  });
}

/** What a courier's tracking event did. */
export type CourierEventOutcome = 'unknown-awb' | 'replayed' | 'recorded' | 'moved';

/**
 * Applies one verified tracking event of the courier (the webhook, issue 32 item 6 "The courier's
 * webhooks move the stages. They are idempotent, like the payment webhooks") in one transaction:
 * the shipment with its AWB is locked, the event stored once by its `eventId` (a replay is
 * 'replayed' and changes nothing), and the stage its status words stand for
 * (`stageOfCourierStatus`) applied when it moves forward, with the customer's milestone message.
 * Resolves to what happened; an AWB the shop does not know is 'unknown-awb' (nothing written).
 */
export async function applyCourierEvent(
  db: Db,
  event: TrackingWebhookEvent,
  site: OrderMailSite,
): Promise<CourierEventOutcome> {
  const stage = stageOfCourierStatus(event.status);
  return db.transaction(async (tx: Tx) => {
    const [shipment] = await tx
      .select({ orderId: shipments.orderId })
      .from(shipments)
      .where(eq(shipments.awb, event.awb.slice(0, 64)));
    if (!shipment) return 'unknown-awb';
    const state = (await readState(tx, eq(orders.id, shipment.orderId), true))!;
    const [stored] = await tx
      .insert(shipmentEvents)
      .values({
        shipmentId: state.shipment!.id,
        eventId: event.eventId.slice(0, 200),
        source: 'courier',
        stage,
        status: event.status.slice(0, 200),
        location: event.location.slice(0, 200),
        at: event.at,
      })
      .onConflictDoNothing()
      .returning({ id: shipmentEvents.id });
    if (!stored) return 'replayed';
    if (stage === null || !movesForward(state.methods[0]!, state.stage, stage)) return 'recorded';
    const [row] = await tx
      .update(shipments)
      .set({ stage, updatedAt: new Date() })
      .where(eq(shipments.id, state.shipment!.id))
      .returning();
    await tellCustomer(tx, state.order, row!, site);
    return 'moved';
  });
}

/** One entry of a shipment's timeline, oldest first. */
export interface DispatchEntry {
  /** The stage reached, or null for courier words that moved nothing. */
  stage: DispatchStage | null;
  /** The courier's words ('' for staff's moves). */
  status: string;
  location: string;
  /** ISO 8601. */
  at: string;
  source: 'staff' | 'courier';
}

/** The timeline of shipment `shipmentId`. */
async function entriesOf(db: DbOrTx, shipmentId: number): Promise<DispatchEntry[]> {
  const rows = await db
    .select({
      stage: shipmentEvents.stage,
      status: shipmentEvents.status,
      location: shipmentEvents.location,
      at: shipmentEvents.at,
      source: shipmentEvents.source,
    })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/** The back office's Dispatch section of one order. */
export interface DispatchPanel {
  number: string;
  kind: 'shop' | 'bespoke';
  /** The path, or null while a bespoke order may still be shipped or collected. */
  method: DispatchMethod | null;
  /** Whether the order may be dispatched now (`canDispatch`). */
  dispatchable: boolean;
  stage: DispatchStage;
  /** The stages staff may set by hand from here. */
  next: DispatchStage[];
  /** Whether "Ship" is offered (by courier, paid, not shipped yet). */
  canShip: boolean;
  awb: string | null;
  courierName: string | null;
  trackingUrl: string | null;
  entries: DispatchEntry[];
}

/**
 * The Dispatch section of order `orderId`; null for an unknown order, or a bespoke order before
 * the workshop has it ready (and never moved by dispatch).
 */
export async function dispatchPanel(db: Db, orderId: number): Promise<DispatchPanel | null> {
  const state = await readState(db, eq(orders.id, orderId), false);
  if (!state) return null;
  const { order } = state;
  if (order.kind === 'bespoke' && !state.shipment && order.fulfilmentStatus !== 'ready') {
    return null;
  }
  const dispatchable = canDispatch(order);
  const next = state.methods.flatMap((method) => manualStages(method, state.stage));
  return {
    number: order.number,
    kind: order.kind,
    method: state.methods.length === 1 ? state.methods[0]! : null,
    dispatchable,
    stage: state.stage,
    next: dispatchable ? [...new Set(next)] : [],
    canShip:
      dispatchable &&
      state.methods.includes('ship') &&
      movesForward('ship', state.stage, 'shipped'),
    awb: state.shipment?.awb ?? null,
    courierName: state.shipment?.courierName ?? null,
    trackingUrl: state.shipment?.trackingUrl ?? null,
    entries: state.shipment ? await entriesOf(db, state.shipment.id) : [],
  };
}

/** What the shopper's order page shows of the dispatch: the stage and, once shipped, tracking. */
export interface OrderTracking {
  method: DispatchMethod;
  stage: DispatchStage;
  awb: string | null;
  courierName: string | null;
  trackingUrl: string | null;
}

/** The dispatch of order `orderId` for its shopper, or null before staff first moved it. */
export async function orderTracking(db: Db, orderId: number): Promise<OrderTracking | null> {
  const [row] = await db
    .select({
      method: shipments.method,
      stage: shipments.stage,
      awb: shipments.awb,
      courierName: shipments.courierName,
      trackingUrl: shipments.trackingUrl,
    })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  return row ?? null;
}

/** The public tracking page of an AWB: no personal data beyond the delivery city. */
export interface AwbTracking {
  awb: string;
  courierName: string;
  city: string;
  stage: DispatchStage;
  method: DispatchMethod;
  entries: DispatchEntry[];
}

/** The tracking of AWB `awb` (`/track/:awb`), or null for an AWB the shop never issued. */
export async function trackingOfAwb(db: Db, awb: string): Promise<AwbTracking | null> {
  const [row] = await db
    .select({
      id: shipments.id,
      awb: shipments.awb,
      courierName: shipments.courierName,
      stage: shipments.stage,
      method: shipments.method,
      city: orders.city,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.awb, awb));
  if (!row || !row.awb) return null;
  return {
    awb: row.awb,
    courierName: row.courierName ?? '',
    city: row.city,
    stage: row.stage,
    method: row.method,
    entries: (await entriesOf(db, row.id)).map(({ stage, status, location, at, source }) => ({
      stage,
      status,
      location,
      at,
      source,
    })),
  };
}

/** The booking of order `number` that prints the courier's label, or null before it ships. */
export async function shipmentOfOrder(
  db: Db,
  number: string,
): Promise<{ shipmentId: string; awb: string } | null> {
  const [row] = await db
    .select({ shipmentId: shipments.providerShipmentId, awb: shipments.awb })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(orders.number, number));
  return row?.awb && row.shipmentId ? { shipmentId: row.shipmentId, awb: row.awb } : null;
}
