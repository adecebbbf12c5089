/**
 * Saved designs (issue 21 item 2): a design from the configurator kept under an unguessable
 * id (128 random bits, base64url, 22 characters) that is also its short URL `/d/<id>`. A
 * signed-in shopper's designs are listed in /account/designs and only they may delete them; a
 * guest's design (saved to share or to book) belongs to nobody and is rate-limited per address.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { appointments, customers, designs, products } from '~/lib/schema.server';
import type { GarmentType } from '~/lib/schema-enums';
import { fabricForDesign, quoteDesign, type DesignQuote } from './style-catalogue.server';

/** At most this many designs saved by one address an hour (guests and accounts alike). */
export const DESIGN_SAVE_LIMIT = { windowS: 3600, max: 30 } as const;

/** At most this many designs kept per account; the oldest must be deleted first. */
const MAX_DESIGNS_PER_ACCOUNT = 100;

/** A new design id: 16 random bytes as base64url (22 characters, 128 bits). */
function newDesignId(): string {
  return randomBytes(16).toString('base64url');
}

/** What saveDesign answers: the id, or why the design cannot be saved. */
export type SaveDesignResult =
  | { ok: true; id: string; estimatePaise: number }
  | { ok: false; message: string; refusals?: Extract<DesignQuote, { ok: false }>['refusals'] };

/**
 * Saves a design after quoting it on the server (a refused design is not saved). The estimate
 * stored is the server's, never the browser's.
 * @param input.userId the owner, or null for a guest's design.
 */
export async function saveDesign(
  db: Db,
  input: {
    userId: string | null;
    garmentType: GarmentType;
    fabricProductId: number;
    options: Record<string, string>;
    name?: string;
  },
): Promise<SaveDesignResult> {
  const fabric = await fabricForDesign(db, input.fabricProductId);
  if (!fabric)
    return { ok: false, message: 'That fabric is not available; please choose another.' };
  const quote = await quoteDesign(db, {
    garmentType: input.garmentType,
    fabricPricePerMetrePaise: fabric.pricePerMetrePaise,
    options: input.options,
  });
  if (!quote.ok) {
    return {
      ok: false,
      message: 'This design cannot be made as chosen.',
      refusals: quote.refusals,
    };
  }
  if (input.userId) {
    const kept = await db
      .select({ id: designs.id })
      .from(designs)
      .where(eq(designs.userId, input.userId))
      .limit(MAX_DESIGNS_PER_ACCOUNT);
    if (kept.length >= MAX_DESIGNS_PER_ACCOUNT) {
      return {
        ok: false,
        message: `You have ${MAX_DESIGNS_PER_ACCOUNT} saved designs; please delete one first.`,
      };
    }
  }
  const options = Object.fromEntries(quote.options.map((o) => [o.group, o.code]));
  const id = newDesignId();
  await db.insert(designs).values({
    id,
    userId: input.userId,
    garmentType: input.garmentType,
    fabricProductId: fabric.productId,
    options,
    estimatePaise: quote.quote.totalPaise,
    name: (input.name ?? '').slice(0, 80),
  });
  return { ok: true, id, estimatePaise: quote.quote.totalPaise };
}

/** A design as /account/designs lists it. */
export interface DesignListItem {
  id: string;
  garmentType: GarmentType;
  fabricName: string | null;
  fabricProductId: number | null;
  options: Record<string, string>;
  estimatePaise: number;
  createdAt: string;
}

/** The account's saved designs, newest first. */
export async function listUserDesigns(db: Db, userId: string): Promise<DesignListItem[]> {
  const rows = await db
    .select({
      id: designs.id,
      garmentType: designs.garmentType,
      fabricName: products.name,
      fabricProductId: designs.fabricProductId,
      options: designs.options,
      estimatePaise: designs.estimatePaise,
      createdAt: designs.createdAt,
    })
    .from(designs)
    .leftJoin(products, eq(products.id, designs.fabricProductId))
    .where(eq(designs.userId, userId))
    .orderBy(desc(designs.createdAt), desc(designs.id))
    .limit(MAX_DESIGNS_PER_ACCOUNT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Deletes a design of the account's own, in one conditional statement.
 * @returns false when there is no such design of theirs (someone else's answers the same).
 */
export async function deleteUserDesign(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(designs)
    .where(and(eq(designs.id, id), eq(designs.userId, userId)))
    .returning({ id: designs.id });
  return deleted.length === 1;
}

/** A design as the counter offers it for a customer record (issue 30 item 3). */
export interface CustomerDesign extends DesignListItem {
  name: string;
  /** The design one of the customer's appointments was booked with. */
  fromAppointment: boolean;
}

/**
 * The saved designs of customer record `customerId`, newest first, at most 100: those of the
 * account linked to the record, and those the customer's appointments were booked with (a
 * guest's design, saved to book). Empty for an unknown record.
 * @throws when the database fails.
 */
export async function listCustomerDesigns(db: Db, customerId: number): Promise<CustomerDesign[]> {
  const [record] = await db
    .select({ userId: customers.userId })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!record) return [];
  const booked = db
    .select({ id: sql<string>`${appointments.context}->>'designId'` })
    .from(appointments)
    .where(
      and(
        eq(appointments.customerId, customerId),
        isNotNull(sql`${appointments.context}->>'designId'`),
      ),
    );
  const bookedIds = new Set((await booked).map((row) => row.id));
  const rows = await db
    .select({
      id: designs.id,
      garmentType: designs.garmentType,
      fabricName: products.name,
      fabricProductId: designs.fabricProductId,
      options: designs.options,
      estimatePaise: designs.estimatePaise,
      name: designs.name,
      createdAt: designs.createdAt,
    })
    .from(designs)
    .leftJoin(products, eq(products.id, designs.fabricProductId))
    .where(
      or(
        record.userId === null ? undefined : eq(designs.userId, record.userId),
        bookedIds.size === 0 ? undefined : inArray(designs.id, [...bookedIds]),
      ) ?? sql`false`,
    )
    .orderBy(desc(designs.createdAt), desc(designs.id))
    .limit(MAX_DESIGNS_PER_ACCOUNT);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    fromAppointment: bookedIds.has(row.id),
  }));
}
