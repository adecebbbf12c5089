/**
 * Fabric held for the workshop (issue 31 item 7, "Fabric for the workshop"): the catalogue's
 * commands and queries over `fabric_reservations`, which this folder owns with the stock it
 * holds back.
 *
 * A fabric sold by the metre keeps its `products.stock` in centimetres (issue 29 item 2). A
 * bespoke garment cut from it holds `length_cm` of that stock from the order's confirmation
 * until its cutting starts; the reservation is open while it is not consumed and its order is
 * not cancelled (so cancelling an order releases its metres, and removing a garment deletes its
 * row). What the online shop can sell is **available = stock − open reservations**
 * ({@link availableStockSql}), which the cart and the payment's stock take count.
 *
 * Concurrency: every change that depends on what is available locks the product's row first
 * (`select … for update`), then reads the reservations in a statement of its own, so it sees
 * every reservation or shop sale committed before it got the lock. Two confirmations, or a
 * confirmation and a shop payment, over the same last metres take turns.
 *
 * Decision (documented in docs/decisions/035-fabric-reservations.md): the shop's own bespoke
 * order is never refused for want of cloth. A reservation beyond what is available is made all
 * the same and reported as short (the back office shows a warning); the online shop then has
 * nothing of that fabric to sell. At cutting, the stock loses the reserved length, or what is
 * left when less is (stock never goes below zero).
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/lib/audit.server';
import type { Tx } from '~/lib/audited-write.server';
import { fabricReservations, orders, products } from '~/lib/schema.server';

/** Centimetres of a product's open reservations (0 with none), as SQL over `products`. */
// The product's columns are named in full: Drizzle leaves the table's name off the columns of a
// select from one table, and `id` alone is ambiguous inside the subquery.
export const openReservedSql = sql<number>`coalesce((select sum(r.length_cm) from ${fabricReservations} r join ${orders} o on o.id = r.order_id where r.product_id = "products"."id" and r.consumed_at is null and o.status <> 'cancelled'), 0)::int`;

/**
 * What the shop can sell of a product: its stock less its open reservations, never below 0;
 * null when the stock is not tracked. Pieces, or centimetres for the metre.
 */
export const availableStockSql = sql<
  number | null
>`case when "products"."stock" is null then null else greatest("products"."stock" - ${openReservedSql}, 0) end`;

/** A fabric's stock as a reservation sees it, in centimetres. */
export interface FabricStock {
  productId: number;
  name: string;
  /** On the shelf; null when the shop does not track it. */
  stockCm: number | null;
  /** Held by open reservations. */
  reservedCm: number;
  /** stock − reserved, never below 0 (0 when not tracked is never reported: see stockCm). */
  availableCm: number;
}

/**
 * Locks product `productId`'s row inside `tx` and reads its stock and open reservations (the
 * reservations in a statement after the lock, so they are as committed).
 * @returns null for a product that is gone.
 */
async function lockedStock(tx: Tx, productId: number): Promise<FabricStock | null> {
  const [locked] = await tx
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!locked) return null;
  const [row] = await tx
    .select({ reserved: openReservedSql })
    .from(products)
    .where(eq(products.id, productId));
  const reservedCm = row?.reserved ?? 0;
  return {
    productId,
    name: locked.name,
    stockCm: locked.stock,
    reservedCm,
    availableCm: Math.max((locked.stock ?? 0) - reservedCm, 0),
  };
}

/** What a reservation answers. */
export interface Reserved {
  /** The fabric's stock before this reservation (what was available then). */
  before: FabricStock;
  /** Centimetres the reservation wanted beyond what was available (0 when it fitted). */
  shortCm: number;
}

/**
 * Holds `lengthCm` of fabric `productId` for garment `garmentId` of order `orderId`, inside
 * `tx`, with the product's row locked. Made even when less is available (the shop's own order
 * is not refused, see the module's decision); `shortCm` says by how much it did not fit.
 * A garment already holding a reservation keeps it (one per garment): nothing is made.
 * @returns null when nothing was made (the product is gone, its stock is not tracked, or the
 *   garment holds one already).
 */
export async function reserveFabric(
  tx: Tx,
  input: { productId: number; garmentId: number; orderId: number; lengthCm: number },
  now: Date,
): Promise<Reserved | null> {
  const before = await lockedStock(tx, input.productId);
  if (!before || before.stockCm === null) return null;
  const [made] = await tx
    .insert(fabricReservations)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: fabricReservations.garmentId })
    .returning({ id: fabricReservations.id });
  if (!made) return null;
  return { before, shortCm: Math.max(input.lengthCm - before.availableCm, 0) };
}

/** What consuming a garment's fabric answers. */
export interface Consumed {
  productId: number;
  name: string;
  /** Centimetres taken off the stock. */
  consumedCm: number;
  /** Centimetres the stock lacked (the reservation less what was taken). */
  shortCm: number;
  /** Stock left after the cut, centimetres. */
  stockCm: number;
}

/**
 * Consumes garment `garmentId`'s open reservation inside `tx` (its cutting started): the
 * product's row locked, its stock lowered by the reserved length (or to 0 when less is left)
 * and the reservation marked consumed, in the caller's transaction. A garment without an open
 * reservation changes nothing (consumed already, released with its order, or never made).
 * @returns null when nothing was consumed.
 */
export async function consumeFabric(
  tx: Tx,
  garmentId: number,
  now: Date,
): Promise<Consumed | null> {
  const [open] = await tx
    .select({ id: fabricReservations.id, productId: fabricReservations.productId })
    .from(fabricReservations)
    .where(and(eq(fabricReservations.garmentId, garmentId), isNull(fabricReservations.consumedAt)));
  if (!open) return null;
  const stock = await lockedStock(tx, open.productId);
  // Read again under the product's lock: a concurrent change of length is committed by now.
  const [reservation] = await tx
    .select({ lengthCm: fabricReservations.lengthCm })
    .from(fabricReservations)
    .where(and(eq(fabricReservations.id, open.id), isNull(fabricReservations.consumedAt)))
    .for('update');
  if (!stock || !reservation) return null;
  const taken = Math.min(reservation.lengthCm, stock.stockCm ?? 0);
  if (stock.stockCm !== null && taken > 0) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${taken}` })
      .where(eq(products.id, open.productId));
  }
  await tx
    .update(fabricReservations)
    .set({ consumedAt: now, consumedCm: taken, updatedAt: now })
    .where(eq(fabricReservations.id, open.id));
  return {
    productId: open.productId,
    name: stock.name,
    consumedCm: taken,
    shortCm: reservation.lengthCm - taken,
    stockCm: (stock.stockCm ?? 0) - taken,
  };
}

/**
 * Changes the length garment `garmentId`'s open reservation holds to `lengthCm` (1–2000),
 * inside `tx`, with the product's row locked (a longer hold is never refused: see the module's
 * decision).
 * @returns the length before and what the change leaves short, or null when the garment holds
 *   no open reservation.
 */
export async function setReservationLength(
  tx: Tx,
  garmentId: number,
  lengthCm: number,
  now: Date,
): Promise<{ beforeCm: number; shortCm: number; name: string } | null> {
  const [open] = await tx
    .select({ productId: fabricReservations.productId })
    .from(fabricReservations)
    .where(and(eq(fabricReservations.garmentId, garmentId), isNull(fabricReservations.consumedAt)));
  if (!open) return null;
  const stock = await lockedStock(tx, open.productId);
  const [before] = await tx
    .select({ lengthCm: fabricReservations.lengthCm })
    .from(fabricReservations)
    .where(and(eq(fabricReservations.garmentId, garmentId), isNull(fabricReservations.consumedAt)))
    .for('update');
  if (!stock || !before) return null;
  await tx
    .update(fabricReservations)
    .set({ lengthCm, updatedAt: now })
    .where(eq(fabricReservations.garmentId, garmentId));
  const availableOthers = (stock.stockCm ?? 0) - (stock.reservedCm - before.lengthCm);
  return {
    beforeCm: before.lengthCm,
    shortCm: Math.max(lengthCm - Math.max(availableOthers, 0), 0),
    name: stock.name,
  };
}

/** A fabric's id, name, stock and open reservations (centimetres), as its stock reads select them. */
const fabricStockColumns = {
  productId: products.id,
  name: products.name,
  stockCm: products.stock,
  reservedCm: openReservedSql,
};

/**
 * The stock of each tracked fabric sold by the metre among `productIds`, in centimetres.
 * @returns product id → its stock; untracked and piece products are left out.
 */
export async function fabricStocks(
  db: DbOrTx,
  productIds: readonly number[],
): Promise<Map<number, FabricStock>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select(fabricStockColumns)
    .from(products)
    .where(
      and(
        inArray(products.id, [...new Set(productIds)]),
        eq(products.saleUnit, 'metre'),
        isNotNull(products.stock),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.productId,
      { ...row, availableCm: Math.max((row.stockCm ?? 0) - row.reservedCm, 0) },
    ]),
  );
}

/**
 * The fabrics running low (issue 31 item 7, "Low stock warns in the back office"): active
 * products sold by the metre whose stock is tracked and whose available length (stock − open
 * reservations) is below `thresholdCm`, the least available first.
 */
export async function lowStockFabrics(db: DbOrTx, thresholdCm: number): Promise<FabricStock[]> {
  const rows = await db
    .select(fabricStockColumns)
    .from(products)
    .where(
      and(
        eq(products.saleUnit, 'metre'),
        isNotNull(products.stock),
        eq(products.isActive, true),
        sql`${products.stock} - ${openReservedSql} < ${thresholdCm}`,
      ),
    )
    .orderBy(sql`${products.stock} - ${openReservedSql}`, asc(products.name));
  return rows.map((row) => ({
    ...row,
    availableCm: Math.max((row.stockCm ?? 0) - row.reservedCm, 0),
  }));
}
