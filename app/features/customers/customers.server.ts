/**
 * Customer records (DESIGN.md "The bespoke business": `customers`; issue 20 item 1): the
 * people the shop serves, with or without an account. Appointments, measurement profiles and
 * bespoke orders belong to a customer record, never directly to an account.
 *
 * Linking: a record joins an account when the account's e-mail is verified and equals the
 * record's e-mail (`customerForUser`, called by every page that needs the shopper's record),
 * or when an administrator links it by hand (the shop confirmed the phone).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { customers, user } from '~/lib/schema.server';

/** A customer record as the features read it. */
export type Customer = typeof customers.$inferSelect;

/** Who a new record is for: name, E.164 phone and optional lower-cased e-mail. */
export interface CustomerDetails {
  name: string;
  phone: string;
  email?: string | null;
}

/**
 * The record of a guest who gives these details (the booking form without an account): the
 * newest unlinked record with the same phone whose e-mail is the same or unknown, else a new
 * one. A linked record (someone's account) is never reused for a guest.
 */
export async function customerForGuest(db: DbOrTx, details: CustomerDetails): Promise<Customer> {
  const email = details.email?.toLowerCase() ?? null;
  const candidates = await db
    .select()
    .from(customers)
    .where(and(eq(customers.phone, details.phone), isNull(customers.userId)))
    .orderBy(desc(customers.updatedAt))
    .limit(10);
  const same = candidates.find((row) => row.email === email || row.email === null);
  if (same) {
    if (same.email === null && email) {
      const [updated] = await db
        .update(customers)
        .set({ email, updatedAt: new Date() })
        .where(eq(customers.id, same.id))
        .returning();
      return updated ?? same;
    }
    return same;
  }
  const [created] = await db
    .insert(customers)
    .values({ name: details.name, phone: details.phone, email })
    .returning();
  return created!;
}

/**
 * The record linked to this account. When there is none and the account's e-mail is verified,
 * the newest unlinked record with that e-mail is linked to it (a guest who booked, then
 * registered). Null when the account has no record yet.
 */
export async function customerForUser(db: DbOrTx, userId: string): Promise<Customer | null> {
  const [linked] = await db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  if (linked) return linked;
  const [account] = await db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!account?.emailVerified) return null;
  const [unlinked] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, account.email.toLowerCase()), isNull(customers.userId)))
    .orderBy(desc(customers.updatedAt))
    .limit(1);
  if (!unlinked) return null;
  // Only an unlinked record is taken, and an account holds one record (unique `user_id`):
  // when two requests race, one links and the other reads the linked record.
  const [claimed] = await db
    .update(customers)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(customers.id, unlinked.id), isNull(customers.userId)))
    .returning()
    .catch(() => []);
  if (claimed) return claimed;
  const [again] = await db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  return again ?? null;
}

/**
 * The account's record, made from `details` when it has none (a signed-in shopper's first
 * booking). The account's own e-mail is the record's e-mail.
 */
export async function ensureCustomerForUser(
  db: Db,
  userId: string,
  details: Pick<CustomerDetails, 'name' | 'phone'>,
): Promise<Customer> {
  const existing = await customerForUser(db, userId);
  if (existing) return existing;
  const [account] = await db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  const [created] = await db
    .insert(customers)
    .values({ userId, name: details.name, phone: details.phone, email: account?.email ?? null })
    .onConflictDoNothing({ target: customers.userId })
    .returning();
  if (created) return created;
  const [raced] = await db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  return raced!;
}
