/**
 * Bespoke orders for the workshop's tests (issue 31): an order of garments in an in-store
 * fabric, made as the back office makes it (the bespoke commands, with the workshop's hooks so
 * every garment gets its ticket), and a garment's move over its ticket's current version.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { bespokeGarments, orders, workTickets } from '~/lib/schema.server';
import {
  addGarment,
  addGarmentSchema,
  createBespokeOrder,
  createBespokeOrderSchema,
} from '~/features/bespoke/bespoke-orders.server';
import type { OrderMailSite } from '~/features/orders/orders-commands.server';
import type { WorkStage } from '~/features/workshop/stages';
import { moveTicket, workshopHooks, type WorkshopActor } from '~/features/workshop/tickets.server';

/** The site a test's milestone messages link to. */
export const WORKSHOP_TEST_SITE: OrderMailSite = {
  publicUrl: 'http://shop.test',
  linkSecret: 'integration-test-link-secret',
  shopName: 'Test Tailors',
};

/** The back office's fields of a garment of `type` in the in-store fabric RJK-7 (₹800 a metre). */
const storeGarmentFields = (type: string) => ({
  garmentType: type,
  fabricSource: 'store',
  fabricCode: 'RJK-7',
  fabricName: 'Cream cotton',
  fabricPrice: '800',
});

/**
 * A bespoke order of `types` (the first creates it, the rest are added) for customer record
 * `customerId`, promised on `promisedOn` ('' for none), at `now`; without the workshop's hooks
 * when `hooks` is false (garments stored before the workshop: no tickets).
 * @returns the order's row and its garments' ids in their order.
 */
export async function makeWorkshopOrder(
  db: Db,
  actor: WorkshopActor,
  options: {
    customerId: number;
    types: readonly string[];
    promisedOn?: string;
    now?: Date;
    hooks?: boolean;
  },
) {
  const now = options.now ?? new Date();
  const hooks = options.hooks === false ? undefined : workshopHooks;
  const [first, ...rest] = options.types;
  const input = createBespokeOrderSchema.parse({
    customerId: String(options.customerId),
    address: '12 Race Course Road',
    city: 'Rajkot',
    pincode: '360001',
    promisedOn: options.promisedOn ?? '',
    ...storeGarmentFields(first!),
  });
  const { number } = await createBespokeOrder(db, actor, input, 'sandbox', now, hooks);
  for (const type of rest) {
    await addGarment(
      db,
      actor,
      addGarmentSchema.parse({ number, ...storeGarmentFields(type) }),
      now,
      hooks,
    );
  }
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  const garments = await db
    .select({ id: bespokeGarments.id })
    .from(bespokeGarments)
    .where(eq(bespokeGarments.orderId, order!.id))
    .orderBy(asc(bespokeGarments.position));
  return { order: order!, number, ids: garments.map((garment) => garment.id) };
}

/** Garment `garmentId`'s work ticket. */
export async function ticketOfGarment(db: Db, garmentId: number) {
  const [ticket] = await db.select().from(workTickets).where(eq(workTickets.garmentId, garmentId));
  return ticket!;
}

/** Moves garment `garmentId` to `toStage` over its ticket's current version, as `actor`. */
export async function moveGarment(
  db: Db,
  actor: WorkshopActor,
  garmentId: number,
  toStage: WorkStage,
  now = new Date(),
) {
  const ticket = await ticketOfGarment(db, garmentId);
  return moveTicket(
    db,
    { garmentId, toStage, expectedVersion: ticket.version, actor },
    WORKSHOP_TEST_SITE,
    now,
  );
}
