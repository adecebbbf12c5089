/**
 * Fabric for the workshop (issue 31 item 7): when a bespoke order is confirmed, each garment
 * cut from a catalogue fabric whose stock the shop tracks (sold by the metre, `stock` in
 * centimetres) reserves its length: the garment's `consumption_cm`, which is its garment type's
 * default length from the bespoke settings ("Fabric used" on /admin/style-options) at the time
 * it was quoted. Staff change a garment's reserved length while it is open
 * ({@link setGarmentFabricLength}). When the garment's ticket leaves 'measured' (its cutting
 * starts, or a move skips past it), the reservation is consumed: the stock loses the length in
 * the move's transaction ({@link consumeAtCutting}, the one call `moveTicket` makes).
 *
 * Garments of the customer's own cloth, of an in-store fabric code, or of a catalogue fabric
 * whose stock is not tracked reserve nothing. The stock and its reservations are the
 * catalogue's (features/catalog/fabric-stock.server.ts, which also says why a reservation
 * beyond what is available is made with a warning rather than refused).
 */
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { recordAudit, type Actor } from '~/lib/audit.server';
import type { Tx } from '~/lib/audited-write.server';
import { Refusal } from '~/lib/refusal';
import { bespokeGarments, fabricReservations, orders, products } from '~/lib/schema.server';
import type { WorkStage } from '~/lib/schema-enums';
import { getBespokeSettings } from '~/features/bespoke/bespoke-settings.server';
import { garmentLabel } from '~/features/bespoke/style-groups';
import {
  consumeFabric,
  lowStockFabrics,
  reserveFabric,
  setReservationLength,
  type Consumed,
} from '~/features/catalog/fabric-stock.server';

/** A length in centimetres as the workshop says it: 240 → '2.4 m', 350 → '3.5 m'. */
function metresWords(lengthCm: number): string {
  return `${(lengthCm / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} m`;
}

/** The garments of order `orderId` that may hold fabric and hold none yet, fabric id order. */
async function garmentsToReserve(tx: Tx, orderId: number, garmentIds?: readonly number[]) {
  const rows = await tx
    .select({
      id: bespokeGarments.id,
      garmentType: bespokeGarments.garmentType,
      productId: bespokeGarments.fabricProductId,
      lengthCm: bespokeGarments.consumptionCm,
    })
    .from(bespokeGarments)
    .innerJoin(products, eq(products.id, bespokeGarments.fabricProductId))
    .leftJoin(fabricReservations, eq(fabricReservations.garmentId, bespokeGarments.id))
    .where(
      and(
        eq(bespokeGarments.orderId, orderId),
        eq(bespokeGarments.customerCloth, false),
        eq(products.saleUnit, 'metre'),
        isNotNull(products.stock),
        isNull(fabricReservations.id),
      ),
    )
    // Products locked in id order, so two orders sharing fabrics never wait on each other.
    .orderBy(asc(bespokeGarments.fabricProductId), asc(bespokeGarments.id));
  return rows.filter(
    (row) =>
      row.lengthCm > 0 && row.productId !== null && (!garmentIds || garmentIds.includes(row.id)),
  );
}

/**
 * Reserves the fabric of order `orderId`'s garments inside `tx`, once the order is confirmed
 * (its fulfilment has a step) and not cancelled; garments holding a reservation already keep
 * it, so it may run again (a garment added to a confirmed order reserves when it is stored).
 * `garmentIds` narrows it to those garments. Never refused for want of cloth.
 * @returns a warning per garment whose length did not fit in what was available, e.g. 'Not
 *   enough Irish Linen for the shirt: 1.2 m available, 1.6 m reserved all the same.'
 */
export async function reserveOrderFabric(
  tx: Tx,
  orderId: number,
  now: Date,
  garmentIds?: readonly number[],
): Promise<string[]> {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        isNotNull(orders.fulfilmentStatus),
        ne(orders.status, 'cancelled'),
      ),
    );
  if (!order) return [];
  const warnings: string[] = [];
  for (const garment of await garmentsToReserve(tx, orderId, garmentIds)) {
    const made = await reserveFabric(
      tx,
      { productId: garment.productId!, garmentId: garment.id, orderId, lengthCm: garment.lengthCm },
      now,
    );
    if (made && made.shortCm > 0) {
      warnings.push(
        `Not enough ${made.before.name} for the ${garmentLabel(garment.garmentType).toLowerCase()}: ${metresWords(made.before.availableCm)} available, ${metresWords(garment.lengthCm)} reserved all the same.`,
      );
    }
  }
  return warnings;
}

/**
 * The fabric's part in a ticket's move (issue 31 item 7: "The metres are consumed when cutting
 * starts"), called by `moveTicket` inside its transaction: a move to any stage after 'measured'
 * consumes garment `garmentId`'s open reservation (a garment moved before its order was
 * confirmed reserves its length first, so the stock still loses it). A move to 'measured', or of
 * a garment consumed already or holding no tracked fabric, changes nothing.
 * @returns what was taken off the stock, or null.
 */
export async function consumeAtCutting(
  tx: Tx,
  garmentId: number,
  toStage: WorkStage,
  now: Date,
): Promise<Consumed | null> {
  if (toStage === 'measured') return null;
  const [garment] = await tx
    .select({ orderId: bespokeGarments.orderId })
    .from(bespokeGarments)
    .where(eq(bespokeGarments.id, garmentId));
  if (!garment) return null;
  for (const row of await garmentsToReserve(tx, garment.orderId, [garmentId])) {
    await reserveFabric(
      tx,
      { productId: row.productId!, garmentId, orderId: garment.orderId, lengthCm: row.lengthCm },
      now,
    );
  }
  return consumeFabric(tx, garmentId, now);
}

/** A garment's fabric as the Tickets panel shows it. */
export interface GarmentFabric {
  garmentId: number;
  fabricName: string;
  /** Centimetres held or taken. */
  lengthCm: number;
  /** 'reserved' while open, 'cut' once consumed. */
  state: 'reserved' | 'cut';
  /** Centimetres the stock lacked at cutting (0 when it had enough, or while open). */
  shortCm: number;
}

/** The fabric held or cut for each garment of order `orderId`. */
export async function fabricOfOrder(db: Db, orderId: number): Promise<GarmentFabric[]> {
  const rows = await db
    .select({
      garmentId: fabricReservations.garmentId,
      fabricName: products.name,
      lengthCm: fabricReservations.lengthCm,
      consumedAt: fabricReservations.consumedAt,
      consumedCm: fabricReservations.consumedCm,
    })
    .from(fabricReservations)
    .innerJoin(products, eq(products.id, fabricReservations.productId))
    .where(eq(fabricReservations.orderId, orderId));
  return rows.map((row) => ({
    garmentId: row.garmentId,
    fabricName: row.fabricName,
    lengthCm: row.lengthCm,
    state: row.consumedAt ? 'cut' : 'reserved',
    shortCm: row.consumedCm === null ? 0 : row.lengthCm - row.consumedCm,
  }));
}

/** Metres typed for a garment's fabric: 0.01 to 20, to the centimetre. */
export const fabricLengthSchema = z.object({
  garmentId: z.coerce
    .number<string>({ error: 'This garment could not be found.' })
    .int('This garment could not be found.')
    .positive('This garment could not be found.')
    .max(2_147_483_647, 'This garment could not be found.'),
  metres: z.string('Please enter the metres.').transform((typed, ctx) => {
    const text = typed.trim();
    const cm = /^\d{1,2}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
    if (!(cm >= 1 && cm <= 2000)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter the metres from 0.01 to 20, like 3.5.',
        path: ['metres'],
      });
      return z.NEVER;
    }
    return cm;
  }),
});

/**
 * Changes how much fabric garment `input.garmentId` holds (staff's change of its garment type's
 * default length, issue 31 item 7), in one transaction with its audit entry
 * ('workshop.fabric-length', entity 'garment', the length before and after in centimetres). A
 * longer hold than what is available is made with a warning in the answer.
 * @returns the toast's message.
 * @throws Refusal 'conflict' when the garment holds no open reservation (not confirmed yet, cut
 *   already, its order cancelled, or no tracked fabric).
 */
export async function setGarmentFabricLength(
  db: Db,
  actor: Actor,
  input: z.output<typeof fabricLengthSchema>,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [garment] = await tx
      .select({ garmentType: bespokeGarments.garmentType, status: orders.status })
      .from(bespokeGarments)
      .innerJoin(orders, eq(orders.id, bespokeGarments.orderId))
      .where(eq(bespokeGarments.id, input.garmentId));
    if (!garment) throw new Refusal('not-found', 'This garment could not be found.');
    const changed =
      garment.status === 'cancelled'
        ? null
        : await setReservationLength(tx, input.garmentId, input.metres, now);
    if (!changed) {
      throw new Refusal(
        'conflict',
        'This garment holds no fabric to change: it is reserved when the order is confirmed, and fixed once cut.',
        'metres',
      );
    }
    const what = garmentLabel(garment.garmentType).toLowerCase();
    await recordAudit(tx, actor, {
      action: 'workshop.fabric-length',
      entity: 'garment',
      entityId: input.garmentId,
      summary: `Fabric of the ${what} (${changed.name}): ${metresWords(changed.beforeCm)} → ${metresWords(input.metres)}`,
      before: { lengthCm: changed.beforeCm },
      after: { lengthCm: input.metres },
    });
    const saved = `The ${what} now holds ${metresWords(input.metres)} of ${changed.name}.`;
    return changed.shortCm > 0
      ? `${saved} Not enough in stock: ${metresWords(changed.shortCm)} short.`
      : saved;
  });
}

/** A fabric running low, as the back office warns of it. */
export interface LowStockWarning {
  productId: number;
  /** 'Low stock: Harris Tweed — 2.4 m left, 3.5 m reserved'. */
  message: string;
}

/**
 * The back office's low stock warnings (issue 31 item 7): each tracked fabric sold by the metre
 * whose available length (stock − open reservations) is below the bespoke settings' low stock
 * length, the least available first. "Left" is what is on the shelf, "reserved" what confirmed
 * garments hold of it.
 */
export async function lowStockWarnings(db: Db): Promise<LowStockWarning[]> {
  const { lowStockCm } = await getBespokeSettings(db);
  if (lowStockCm <= 0) return [];
  return (await lowStockFabrics(db, lowStockCm)).map((fabric) => ({
    productId: fabric.productId,
    message: `Low stock: ${fabric.name} — ${metresWords(fabric.stockCm ?? 0)} left, ${metresWords(fabric.reservedCm)} reserved`,
  }));
}
