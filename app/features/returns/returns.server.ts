/**
 * Returns and exchanges of ready-to-wear (issue 32 item 7): the shopper's request from their
 * order page, staff's approval (a drop at the shop, or a reverse pickup) or refusal, the goods
 * marked received, and a return's refund of exactly its line through the ledger's line refunds
 * (`refundPayment` of features/payments, which issues the credit note: no second refund path).
 * The one door to `return_requests`.
 *
 * Races: each move is one `UPDATE … WHERE status = <the state it leaves>`, so two approvals or
 * two "received" at once move the request once and the second is refused (409); the refund of
 * the line runs under the order's lock in `refundPayment`, which refuses a line returned in full
 * already, so two refunds at once return it once. At most one open request a line (a partial
 * unique index): a second asked at once is refused.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { courierCustomer } from '~/lib/couriers/common.server';
import type { Actor } from '~/lib/audit.server';
import { auditedWrite } from '~/lib/audited-write.server';
import { Refusal } from '~/lib/refusal';
import { orderNumberField } from '~/lib/form-fields.server';
import {
  orderLines,
  orders,
  payments,
  productVariants,
  returnPhotos,
  returnRequests,
  shipmentEvents,
  shipments,
} from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import {
  isPrivatePhotoId,
  preparePhotos,
  removePrivatePhotos,
  writePrivatePhotos,
  type PreparedPhoto,
} from '~/features/media/private-photos.server';
import { MediaRejectedError } from '~/features/media/images.server';
import { getShippingSettings } from '~/features/shipping/shipping.server';
import { getSiteSettings } from '~/features/site/settings.server';
import escapeHtml from 'escape-html';
import type { Tx } from '~/lib/audited-write.server';
import { orderButton, orderMail } from '~/features/orders/order-email';
import { orderLinkUrl } from '~/features/orders/order-link.server';
import { ownedBy } from '~/features/orders/orders.server';
import { queueOrderMessage } from '~/features/orders/order-messages.server';
import type { OrderMailSite } from '~/features/orders/orders-commands.server';
import { CourierProviderError, type CourierProvider } from '~/lib/couriers/couriers.server';
import { refundPayment, type PaymentsContext } from '~/features/payments/admin-payments.server';
import { refundableFrom } from '~/features/payments/ledger.server';
import { returnVariantStock, takeVariantStock } from '~/features/catalog/catalog-commands.server';
import { createExchangeOrder } from '~/features/orders/exchange-order.server';
import {
  RETURN_KINDS,
  RETURN_PHOTO_LIMIT,
  RETURN_REASONS,
  returnEligibility,
  type Eligibility,
  type ReturnKind,
  type ReturnStatus,
} from './eligibility';

/** When the goods reached the shopper: the first 'delivered' (or 'collected') event, or null. */
async function deliveredAt(db: Db, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${shipmentEvents.at})` })
    .from(shipmentEvents)
    .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
    .where(
      and(
        eq(shipments.orderId, orderId),
        inArray(shipmentEvents.stage, ['delivered', 'collected']),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** A request as the order pages show it. */
export interface ReturnRequestView {
  id: number;
  orderLineId: number;
  /** The line's name with its size, e.g. 'Oxford shirt, size 40'. */
  lineName: string;
  kind: ReturnKind;
  reason: string;
  note: string;
  status: ReturnStatus;
  method: 'drop' | 'pickup' | null;
  awb: string | null;
  exchangeSize: string | null;
  refusalReason: string | null;
  /** The ₹0 order an exchange made, by its number; null before (or for a return). */
  exchangeOrderNumber: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** The shopper's photos, oldest first: served to the owner and staff only. Px. */
  photos: { id: string; width: number; height: number }[];
}

/** One line of the order with what the shopper may do with it. */
export interface ReturnableLineView {
  lineId: number;
  name: string;
  size: string;
  quantity: number;
  eligibility: Eligibility;
  /** The other sizes of the product in stock (an exchange's choice); [] without sizes. */
  sizes: { variantId: number; size: string }[];
  requests: ReturnRequestView[];
}

function viewOf(
  row: typeof returnRequests.$inferSelect,
  line: { name: string; size: string; exchangeOrderNumber: string | null },
  photos: ReturnRequestView['photos'],
): ReturnRequestView {
  return {
    id: row.id,
    orderLineId: row.orderLineId,
    lineName: line.size ? `${line.name}, size ${line.size}` : line.name,
    kind: row.kind,
    reason: row.reason,
    note: row.note,
    status: row.status,
    method: row.method,
    awb: row.awb,
    exchangeSize: row.exchangeSize,
    refusalReason: row.refusalReason,
    exchangeOrderNumber: line.exchangeOrderNumber,
    createdAt: row.createdAt.toISOString(),
    photos,
  };
}

/** The requests made on order `orderId`, oldest first. */
export async function returnRequestsOf(db: Db, orderId: number): Promise<ReturnRequestView[]> {
  const rows = await db
    .select({
      request: returnRequests,
      name: orderLines.name,
      size: orderLines.size,
      exchangeOrderNumber: sql<
        string | null
      >`(select o.number from orders o where o.id = ${returnRequests.exchangeOrderId})`,
    })
    .from(returnRequests)
    .innerJoin(orderLines, eq(orderLines.id, returnRequests.orderLineId))
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.id));
  const photos =
    rows.length === 0
      ? []
      : await db
          .select({
            id: returnPhotos.id,
            requestId: returnPhotos.requestId,
            width: returnPhotos.width,
            height: returnPhotos.height,
          })
          .from(returnPhotos)
          .where(
            inArray(
              returnPhotos.requestId,
              rows.map((row) => row.request.id),
            ),
          )
          .orderBy(asc(returnPhotos.createdAt), asc(returnPhotos.id));
  return rows.map((row) =>
    viewOf(
      row.request,
      row,
      photos
        .filter((photo) => photo.requestId === row.request.id)
        .map(({ id, width, height }) => ({ id, width, height })),
    ),
  );
}

/**
 * Checks the photos sent with a request (the form's `photos` files), before anything is saved:
 * at most {@link RETURN_PHOTO_LIMIT}, each decoded and re-encoded (features/media).
 * @throws Refusal on `photos`: 'invalid' for too many, the pipeline's code ('too-large',
 *   'unsupported-media', 'invalid') with its message for a refused file.
 */
export async function prepareReturnPhotos(files: readonly File[]): Promise<PreparedPhoto[]> {
  if (files.length > RETURN_PHOTO_LIMIT) {
    throw new Refusal('invalid', `Please attach at most ${RETURN_PHOTO_LIMIT} photos.`, 'photos');
  }
  const buffers = await Promise.all(
    files.map(async (file) => Buffer.from(await file.arrayBuffer())),
  );
  return preparePhotos(buffers).catch((error: unknown) => {
    throw error instanceof MediaRejectedError
      ? new Refusal(error.code, error.message, 'photos')
      : error;
  });
}

/** The storage prefix of return photos; the public media route never serves it. */
const RETURN_PHOTO_PREFIX = 'private/returns/';

/**
 * Stores the prepared photos (features/media `preparePhotos`) of the shopper's request
 * `requestId` ({@link prepareReturnPhotos} checked them).
 * @throws StorageWriteError when the storage cannot write (nothing of these photos is kept);
 *   whatever the database throws, after removing the files again.
 */
export async function storeReturnPhotos(
  db: Db,
  storage: Storage,
  requestId: number,
  photos: readonly PreparedPhoto[],
): Promise<void> {
  const written = await writePrivatePhotos(storage, RETURN_PHOTO_PREFIX, photos);
  if (written.length === 0) return;
  await db
    .insert(returnPhotos)
    .values(
      written.map((photo) => ({
        id: photo.id,
        requestId,
        storageKey: photo.key,
        contentType: 'image/webp',
        width: photo.width,
        height: photo.height,
      })),
    )
    .catch(async (error: unknown) => {
      await removePrivatePhotos(storage, written);
      throw error;
    });
}

/**
 * Deletes the photos of an account's return requests before the account goes (as its fitting
 * photos, issue 20 item 3: the requests stay with the orders the books keep; the pictures of
 * the person and their goods do not). Files are removed after the rows; a file that cannot be
 * removed is logged and left (nothing links to it any more).
 * @throws whatever the database throws (the account deletion stops then).
 */
export async function deleteReturnPhotosOfUser(
  db: Db,
  storage: Storage,
  userId: string,
): Promise<void> {
  const photos = await db
    .delete(returnPhotos)
    .where(
      inArray(
        returnPhotos.requestId,
        db
          .select({ id: returnRequests.id })
          .from(returnRequests)
          .innerJoin(orders, eq(orders.id, returnRequests.orderId))
          .where(ownedBy(userId)),
      ),
    )
    .returning({ key: returnPhotos.storageKey });
  for (const photo of photos) {
    await storage.delete(photo.key).catch((error: unknown) => {
      console.error('returns: could not remove a photo file', photo.key, error);
    });
  }
}

/**
 * A return photo's bytes, when `viewer` may see it: staff any photo, a signed-in shopper
 * (`userId`) only those of the orders their account owns (`ownedBy` of features/orders: their
 * own, and the guest orders of their linked customer record), a signed link's holder (`orderId`) only those of
 * its order. Null for anything else (a malformed or
 * unknown id, someone else's photo, a file gone from storage), which the routes answer with
 * the same 404.
 */
export async function readReturnPhoto(
  db: Db,
  storage: Storage,
  photoId: string,
  viewer: { staff: true } | { userId: string } | { orderId: number },
): Promise<{ data: Buffer; contentType: string } | null> {
  if (!isPrivatePhotoId(photoId)) return null;
  const [row] = await db
    .select({ key: returnPhotos.storageKey, contentType: returnPhotos.contentType })
    .from(returnPhotos)
    .innerJoin(returnRequests, eq(returnRequests.id, returnPhotos.requestId))
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(and(eq(returnPhotos.id, photoId), 'staff' in viewer ? undefined : ownerOrder(viewer)))
    .limit(1);
  if (!row) return null;
  const data = await storage.get(row.key);
  return data ? { data, contentType: row.contentType } : null;
}

/** A request staff still have to act on, as the dashboard lists it. */
export interface WaitingReturn {
  id: number;
  /** The order's number, for the link to its page. */
  number: string;
  customerName: string;
  /** The line's name with its size. */
  lineName: string;
  kind: ReturnKind;
  /** 'requested' (to approve or refuse) or 'approved' (the goods on their way back). */
  status: 'requested' | 'approved';
  /** ISO 8601. */
  createdAt: string;
}

/**
 * The requests awaiting staff, oldest first (the dashboard's "Returns to handle", so a new
 * request is seen the day it is made): asked and not decided, or approved and not received.
 */
export async function returnsAwaitingStaff(db: Db, limit = 20): Promise<WaitingReturn[]> {
  const rows = await db
    .select({
      id: returnRequests.id,
      number: orders.number,
      customerName: orders.customerName,
      name: orderLines.name,
      size: orderLines.size,
      kind: returnRequests.kind,
      status: returnRequests.status,
      createdAt: returnRequests.createdAt,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(orderLines, eq(orderLines.id, returnRequests.orderLineId))
    .where(inArray(returnRequests.status, ['requested', 'approved']))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    customerName: row.customerName,
    lineName: row.size ? `${row.name}, size ${row.size}` : row.name,
    kind: row.kind,
    status: row.status as WaitingReturn['status'],
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The lines of a shop order with their eligibility (`returnEligibility`, the shipping
 * settings' window, the delivered time), requests and the sizes an exchange may choose; []
 * for a bespoke order (its lines are garments, never returnable).
 */
export async function returnsOfOrder(
  db: Db,
  order: { id: number; kind: 'shop' | 'bespoke'; status: string },
  now = new Date(),
): Promise<{ windowDays: number; lines: ReturnableLineView[] }> {
  const settings = await getShippingSettings(db);
  if (order.kind !== 'shop') return { windowDays: settings.returnWindowDays, lines: [] };
  const [lines, requests, delivered] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    returnRequestsOf(db, order.id),
    deliveredAt(db, order.id),
  ]);
  const productIds = [
    ...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : []))),
  ];
  const variants =
    productIds.length === 0
      ? []
      : await db
          .select()
          .from(productVariants)
          .where(
            and(
              inArray(productVariants.productId, productIds),
              eq(productVariants.isActive, true),
              sql`(${productVariants.stock} is null or ${productVariants.stock} > 0)`,
            ),
          )
          .orderBy(asc(productVariants.position), asc(productVariants.id));
  return {
    windowDays: settings.returnWindowDays,
    lines: lines.map((line) => {
      const own = requests.filter((request) => request.orderLineId === line.id);
      return {
        lineId: line.id,
        name: line.name,
        size: line.size,
        quantity: line.quantity,
        eligibility: returnEligibility({
          order,
          line,
          deliveredAt: delivered,
          requests: own.map((request) => request.status),
          windowDays: settings.returnWindowDays,
          now,
        }),
        sizes: variants
          .filter((variant) => variant.productId === line.productId && variant.size !== line.size)
          .map((variant) => ({ variantId: variant.id, size: variant.size })),
        requests: own,
      };
    }),
  };
}

/**
 * Whose order a shopper's request is made on: an order the account `userId` owns (features/orders
 * `ownedBy`: its own, and the guest orders of its linked customer record) by its number, or the
 * order a signed link opened (`orderId`, the guest's order page /o/:token).
 */
export type ReturnOwner = { userId: string; number: string } | { orderId: number };

/** The condition on `orders` that picks `owner`'s order (every order the account owns, without a number). */
function ownerOrder(owner: ReturnOwner | { userId: string }) {
  if ('orderId' in owner) return eq(orders.id, owner.orderId);
  const owned = ownedBy(owner.userId);
  return 'number' in owner ? and(eq(orders.number, owner.number), owned) : owned;
}

const idField = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

/**
 * The shopper's "Return or exchange" form (`intent` request-return): `lineId`, `kind` (return
 * or exchange), `reason` (one of RETURN_REASONS), an optional `note` (up to 500 characters),
 * and for an exchange `variantId`, the size wanted.
 */
export const returnRequestSchema = z
  .object({
    lineId: idField('Please choose the item to return.'),
    kind: z.enum(RETURN_KINDS, 'Please choose a return or an exchange.'),
    reason: z.enum(RETURN_REASONS, 'Please choose a reason from the list.'),
    note: z
      .string()
      .trim()
      .max(500, 'Please keep the note under 500 characters.')
      .optional()
      .default(''),
    variantId: z.string().max(12).optional(),
  })
  .transform((input, context) => {
    if (input.kind === 'return') return { ...input, variantId: null };
    const variant = idField('Please choose the size you want instead.').safeParse(input.variantId);
    if (!variant.success) {
      context.addIssue({
        code: 'custom',
        path: ['variantId'],
        message: 'Please choose the size you want instead.',
      });
      return z.NEVER;
    }
    return { ...input, variantId: variant.data };
  });

/**
 * Records the shopper's request for one line of `owner`'s order:
 * refused with the rule's words when the line may not be returned (`returnEligibility`), or
 * when the exchange's size is not another size of the same product in stock.
 * @throws Refusal 'not-found' (not their order, or not its line), 'conflict' (not eligible, a
 *   request already open, the size not available).
 */
export async function requestReturn(
  db: Db,
  owner: ReturnOwner,
  input: z.output<typeof returnRequestSchema>,
  now = new Date(),
): Promise<{ message: string; id: number }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, kind: orders.kind, status: orders.status })
      .from(orders)
      .where(ownerOrder(owner))
      .for('update');
    if (!order) throw new Refusal('not-found', 'Order not found');
    const { lines } = await returnsOfOrder(tx as unknown as Db, order, now);
    const line = lines.find((candidate) => candidate.lineId === input.lineId);
    if (!line) throw new Refusal('not-found', 'This item is not on the order.', 'lineId');
    if (!line.eligibility.ok) throw new Refusal('conflict', line.eligibility.reason, 'lineId');
    const size =
      input.variantId === null
        ? null
        : line.sizes.find((candidate) => candidate.variantId === input.variantId);
    if (size === undefined) {
      throw new Refusal('conflict', 'This size is not available for an exchange.', 'variantId');
    }
    const [row] = await tx
      .insert(returnRequests)
      .values({
        orderId: order.id,
        orderLineId: line.lineId,
        kind: input.kind,
        reason: input.reason,
        note: input.note,
        exchangeVariantId: size?.variantId ?? null,
        exchangeSize: size?.size ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: returnRequests.id });
    if (!row) {
      throw new Refusal('conflict', 'A return or exchange of this item is already under way.');
    }
    return {
      message:
        input.kind === 'return'
          ? `We have your return request for ${line.name}. We will reply soon.`
          : `We have your exchange request for ${line.name}. We will reply soon.`,
      id: row.id,
    };
  });
}

/** The shopper's "Withdraw request" (`intent` withdraw-return): `requestId`. */
export const returnWithdrawalSchema = z.object({
  requestId: idField('Please choose the request to withdraw.'),
});

/**
 * Withdraws the shopper's own request `requestId` on `owner`'s order while staff have not
 * decided it; the line may be asked again later, within the window.
 * @throws Refusal 'not-found' (not a request of their order), 'conflict' (decided already,
 *   or withdrawn: two presses at once withdraw it once).
 */
export async function withdrawReturn(
  db: Db,
  owner: ReturnOwner,
  requestId: number,
): Promise<{ message: string }> {
  const [own] = await db
    .select({ id: returnRequests.id, name: orderLines.name })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(orderLines, eq(orderLines.id, returnRequests.orderLineId))
    .where(and(eq(returnRequests.id, requestId), ownerOrder(owner)));
  if (!own) throw new Refusal('not-found', 'This request is not on the order.');
  const [row] = await db
    .update(returnRequests)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(returnRequests.id, own.id), eq(returnRequests.status, 'requested')))
    .returning({ id: returnRequests.id });
  if (!row) {
    throw new Refusal(
      'conflict',
      'This request can no longer be withdrawn: we have answered it already.',
    );
  }
  return { message: `Your request for ${own.name} is withdrawn.` };
}

/**
 * Staff's decision on a request (`intent` decide-return): `number`, `requestId`, `decision`
 * approve (with `method` drop or pickup) or refuse (with a `reason` of 3 to 200 characters,
 * shown to the shopper).
 */
export const returnDecisionSchema = z
  .object({
    number: orderNumberField,
    requestId: idField('This request could not be found.'),
    decision: z.enum(['approve', 'refuse'], 'Please approve or refuse the request.'),
    method: z.enum(['drop', 'pickup'], 'Please choose how the goods come back.').optional(),
    reason: z.string().trim().max(200, 'Please keep the reason under 200 characters.').optional(),
  })
  .superRefine((input, context) => {
    if (input.decision === 'approve' && !input.method) {
      context.addIssue({
        code: 'custom',
        path: ['method'],
        message: 'Please choose how the goods come back.',
      });
    }
    if (input.decision === 'refuse' && (input.reason ?? '').length < 3) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Please give the reason the customer will read.',
      });
    }
  });

/** `number` and `requestId`: the form of "Mark received" and "Refund the line". */
export const returnStepSchema = z.object({
  number: orderNumberField,
  requestId: idField('This request could not be found.'),
});

/** The request `requestId` of order `number`, or a 404 refusal. */
async function requestOfOrder(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  input: {
    number: string;
    requestId: number;
  },
) {
  const [row] = await tx
    .select({ request: returnRequests, orderNumber: orders.number })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(and(eq(returnRequests.id, input.requestId), eq(orders.number, input.number)));
  return row?.request;
}

const GONE = () => new Refusal('not-found', 'This request could not be found.');
const MOVED = () =>
  new Refusal('conflict', 'This request was changed by someone else: reload the page.');

/** The shopper's words for each step they are told of (e-mail, and WhatsApp if chosen). */
function stepWords(
  row: typeof returnRequests.$inferSelect,
  line: string,
): { label: string; words: string } | null {
  const what = row.kind === 'return' ? 'return' : 'size exchange';
  switch (row.status) {
    case 'approved':
      return {
        label: 'Return approved',
        words:
          row.method === 'pickup'
            ? `Your ${what} of ${line} is approved. The courier will collect it from you (AWB ${row.awb}).`
            : `Your ${what} of ${line} is approved. Please bring it to the shop, with its tags.`,
      };
    case 'refused':
      return {
        label: 'Return refused',
        words: `We cannot accept the ${what} of ${line}: ${row.refusalReason}`,
      };
    case 'refunded':
      return {
        label: 'Return refunded',
        words: `We received ${line} and refunded it. The credit note follows.`,
      };
    case 'exchanged':
      return {
        label: 'Exchange sent',
        words: `We received ${line}; your new size follows as a new order, at no charge.`,
      };
    default:
      return null;
  }
}

/**
 * Queues the shopper's message of a request's new state `row`, in `tx`, through the order
 * messages (their chosen channels, the order's signed link); once per request and state.
 */
async function tellShopper(tx: Tx, row: typeof returnRequests.$inferSelect, site: OrderMailSite) {
  const [found] = await tx
    .select({ order: orders, name: orderLines.name, size: orderLines.size })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.id, row.orderLineId))
    .where(eq(orders.id, row.orderId));
  if (!found) return;
  const line = found.size ? `${found.name}, size ${found.size}` : found.name;
  const step = stepWords(row, line);
  if (!step) return;
  const orderUrl = await orderLinkUrl(tx, site, found.order.id, new Date());
  await queueOrderMessage(tx, found.order, {
    kind: 'order.return',
    mail: orderMail({
      order: found.order,
      shopName: site.shopName,
      subject: `Your order ${found.order.number}: ${step.label}`,
      orderUrl,
      text: [step.words, '', `Your order: ${orderUrl}`],
      html: `<p style="margin:0 0 16px">${escapeHtml(step.words)}</p>
${orderButton(orderUrl, 'See your order')}`,
    }),
    statusLabel: step.label,
    orderUrl,
    dedupeKey: `return:${row.id}:${row.status}`,
  });
}

/**
 * Moves request `input.requestId` from `from` to the decision's state in one guarded UPDATE,
 * audited ('return.<action>').
 */
async function moveRequest(
  db: Db,
  actor: Actor,
  input: { number: string; requestId: number },
  from: ReturnStatus,
  change: Partial<typeof returnRequests.$inferInsert> & { status: ReturnStatus },
  words: { action: string; message: string },
  site?: OrderMailSite,
): Promise<{ message: string; id: number }> {
  return auditedWrite(db, actor, {
    read: (tx) => requestOfOrder(tx, input),
    missing: GONE,
    check: (request) => {
      if (request.status !== from) throw MOVED();
      return undefined;
    },
    write: async (tx, request) => {
      const [row] = await tx
        .update(returnRequests)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(returnRequests.id, request.id), eq(returnRequests.status, from)))
        .returning();
      if (row && site) await tellShopper(tx, row, site);
      return row;
    },
    stale: MOVED,
    audit: (before, after) => ({
      action: `return.${words.action}`,
      entity: 'order',
      entityId: input.number,
      summary: `${words.message} (request ${before.id}, ${before.kind}) on order ${input.number}`,
      before: { status: before.status },
      after: {
        status: after.status,
        method: after.method,
        awb: after.awb,
        refusalReason: after.refusalReason,
      },
    }),
    answer: (_before, after) => ({ message: words.message, id: after.id }),
  });
}

/**
 * Books the reverse pickup of request `requestId` (still 'requested') with the courier: from
 * the customer's delivery address to the shop, the line's goods; resolves to its AWB.
 * @throws Refusal 'not-found', 'conflict' (decided already), 'unavailable' (the courier did not
 *   book it: nothing is changed).
 */
async function bookReversePickup(
  db: Db,
  courier: CourierProvider,
  input: { number: string; requestId: number },
  now: Date,
): Promise<string> {
  const [found] = await db
    .select({ request: returnRequests, order: orders, line: orderLines })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(orderLines, eq(orderLines.id, returnRequests.orderLineId))
    .where(and(eq(returnRequests.id, input.requestId), eq(orders.number, input.number)));
  if (!found) throw GONE();
  if (found.request.status !== 'requested') throw MOVED();
  const [site, settings] = await Promise.all([getSiteSettings(db), getShippingSettings(db)]);
  const { order, line } = found;
  try {
    const booked = await courier.createReturnShipment({
      returnNumber: `${order.number}-R${found.request.id}`,
      orderDate: now,
      customer: courierCustomer(order),
      shop: {
        name: site.shopName,
        email: site.email,
        phone: site.phone.replace(/[^\d+]/g, ''),
        address: site.address.street,
        city: site.address.city,
        state: site.address.region,
        pincode: site.address.postalCode,
      },
      items: [
        {
          name: line.name,
          sku: line.sku ?? `${order.number}-${line.id}`,
          units: line.quantity,
          unitPricePaise: line.unitPricePaise,
        },
      ],
      weightGrams: settings.defaultWeightGrams.piece * line.quantity,
      subTotalPaise: line.unitPricePaise * line.quantity,
    });
    return booked.awb;
  } catch (error) {
    if (error instanceof CourierProviderError) {
      throw new Refusal(
        'unavailable',
        `The courier did not book the reverse pickup (${error.message}). Try again, or choose a drop at the shop.`,
      );
    }
    throw error;
  }
}

/**
 * Approves (with how the goods come back) or refuses (with the reason the shopper reads) a
 * request still 'requested'. A reverse pickup is booked with `courier` first
 * (`createReturnShipment`) and its AWB kept on the request; when the courier does not book it,
 * nothing changes.
 * @throws Refusal 'not-found', 'conflict' (decided already, or at the same moment),
 *   'unavailable' (the courier did not book the pickup).
 */
export async function decideReturn(
  db: Db,
  actor: Actor,
  input: z.output<typeof returnDecisionSchema>,
  courier: CourierProvider,
  options: { site?: OrderMailSite; now?: Date } = {},
): Promise<{ message: string; id: number }> {
  const { site, now = new Date() } = options;
  const decided = { decidedByEmail: actor.email, decidedAt: now };
  if (input.decision === 'refuse') {
    return moveRequest(
      db,
      actor,
      input,
      'requested',
      { status: 'refused', refusalReason: input.reason ?? '', ...decided },
      { action: 'refuse', message: 'Request refused: the customer sees the reason.' },
      site,
    );
  }
  if (input.method === 'pickup') {
    const awb = await bookReversePickup(db, courier, input, now);
    return moveRequest(
      db,
      actor,
      input,
      'requested',
      { status: 'approved', method: 'pickup', awb, ...decided },
      {
        action: 'approve',
        message: `Request approved: reverse pickup booked, AWB ${awb}.`,
      },
      site,
    );
  }
  return moveRequest(
    db,
    actor,
    input,
    'requested',
    { status: 'approved', method: 'drop', ...decided },
    { action: 'approve', message: 'Request approved: the customer brings it to the shop.' },
    site,
  );
}

/**
 * Marks the goods of an approved request received at the shop, once (a second "received" at
 * once is refused: the UPDATE moves it from 'approved' only). A return then waits for "Refund
 * the line"; an exchange is finished in the same transaction: the returned size goes back on
 * its stock, the size asked for is taken from its stock (refused when it sold out since), and
 * a ₹0 order of it is made for the customer (`createExchangeOrder`), linked to the request.
 * @throws Refusal 'not-found', 'conflict' (not approved, or moved at the same moment; the size
 *   out of stock).
 */
export async function receiveReturn(
  db: Db,
  actor: Actor,
  input: z.output<typeof returnStepSchema>,
  options: { site?: OrderMailSite; now?: Date } = {},
): Promise<{ message: string; id: number }> {
  const { site, now = new Date() } = options;
  const [kind] = await db
    .select({ kind: returnRequests.kind })
    .from(returnRequests)
    .where(eq(returnRequests.id, input.requestId));
  if (kind?.kind !== 'exchange') {
    return moveRequest(
      db,
      actor,
      input,
      'approved',
      { status: 'received', receivedAt: now },
      { action: 'receive', message: 'Marked received. Refund the line to finish the return.' },
    );
  }
  return auditedWrite(db, actor, {
    read: async (tx) => {
      const request = await requestOfOrder(tx, input);
      if (!request) return undefined;
      const [line] = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.id, request.orderLineId));
      const [variant] = request.exchangeVariantId
        ? await tx
            .select()
            .from(productVariants)
            .where(eq(productVariants.id, request.exchangeVariantId))
        : [];
      return { request, line, variant };
    },
    missing: GONE,
    check: ({ request, line, variant }) => {
      if (request.status !== 'approved') throw MOVED();
      if (!line || !variant || variant.productId !== line.productId) {
        throw new Refusal('conflict', 'The size asked for is no longer sold: refuse or refund.');
      }
      return undefined;
    },
    write: async (tx, { request, line, variant }) => {
      const [moved] = await tx
        .update(returnRequests)
        .set({ status: 'exchanged', receivedAt: now, updatedAt: now })
        .where(and(eq(returnRequests.id, request.id), eq(returnRequests.status, 'approved')))
        .returning({ id: returnRequests.id });
      if (!moved) return undefined;
      const pieces = line!.quantity;
      if (variant!.stock !== null && !(await takeVariantStock(tx, variant!.id, pieces))) {
        throw new Refusal(
          'conflict',
          `Size ${variant!.size} is out of stock: the exchange cannot be made now.`,
        );
      }
      if (line!.variantId !== null) await returnVariantStock(tx, line!.variantId, pieces);
      const created = await createExchangeOrder(
        tx,
        request.orderId,
        {
          productId: line!.productId,
          name: line!.name,
          imageKey: line!.imageKey,
          color: line!.color,
          uqc: line!.uqc,
          variantId: variant!.id,
          size: variant!.size,
          sku: variant!.sku,
          quantity: pieces,
        },
        now,
      );
      const [linked] = await tx
        .update(returnRequests)
        .set({ exchangeOrderId: created.id })
        .where(eq(returnRequests.id, request.id))
        .returning();
      if (site && linked) await tellShopper(tx, linked, site);
      return created;
    },
    stale: MOVED,
    audit: ({ request }, created) => ({
      action: 'return.exchange',
      entity: 'order',
      entityId: input.number,
      summary: `Received the exchange (request ${request.id}) on order ${input.number}: order ${created.number} at no charge for size ${request.exchangeSize}`,
      before: { status: request.status },
      after: { status: 'exchanged', exchangeOrder: created.number },
    }),
    answer: ({ request }, created) => ({
      message: `Exchange made: order ${created.number} sends size ${request.exchangeSize} at no charge.`,
      id: request.id,
    }),
  });
}

/**
 * Refunds the line of a received return through the ledger's line refunds: the whole line
 * (all its pieces), from the largest payment received on the order, with the request's reason;
 * the credit note follows as for any line refund. Then the request is 'refunded' with its
 * refund row. Under the order's lock in `refundPayment`, so two refunds at once return the line
 * once (the second: "returned in full already"). `capPaise`: the counter's refund limit.
 * @throws Refusal 'not-found', 'conflict' (not received, not a return, no payment to refund
 *   from, the line returned already), and `refundPayment`'s refusals.
 */
export async function refundReturn(
  context: PaymentsContext,
  actor: Actor,
  input: z.output<typeof returnStepSchema>,
  options: { capPaise?: number; site?: OrderMailSite } = {},
): Promise<{ message: string; id: number }> {
  const db = context.db;
  const found = await db.transaction((tx) => requestOfOrder(tx, input));
  if (!found) throw GONE();
  if (found.kind !== 'return' || found.status !== 'received') {
    throw new Refusal('conflict', 'Only a return received at the shop can be refunded.');
  }
  const lines = await db
    .select({ id: orderLines.id, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, found.orderId))
    .orderBy(asc(orderLines.id));
  const index = lines.findIndex((line) => line.id === found.orderLineId);
  if (index < 0) throw GONE();
  const received = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, found.orderId),
        eq(payments.kind, 'payment'),
        eq(payments.status, 'succeeded'),
      ),
    );
  const left = await Promise.all(
    received.map(async (payment) => ({
      id: payment.id,
      left: await db.transaction((tx) => refundableFrom(tx, found.orderId, payment.id)),
    })),
  );
  const from = left.sort((a, b) => b.left - a.left || b.id - a.id)[0];
  if (!from || from.left <= 0) {
    throw new Refusal('conflict', 'No payment was received on this order to refund.');
  }
  const refund = await refundPayment(
    context,
    actor,
    {
      number: input.number,
      paymentId: from.id,
      reason: `Return: ${found.reason}`.slice(0, 200),
      basis: 'lines',
      returns: [{ index, typed: String(lines[index]!.quantity) }],
    },
    { capPaise: options.capPaise },
  );
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(returnRequests)
      .set({ status: 'refunded', refundId: refund.id, updatedAt: new Date() })
      .where(and(eq(returnRequests.id, found.id), eq(returnRequests.status, 'received')))
      .returning();
    if (row && options.site) await tellShopper(tx, row, options.site);
  });
  return { message: refund.message, id: found.id };
}
