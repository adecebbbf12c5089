/**
 * Customer records (DESIGN.md "The bespoke business": `customers`; issue 20 item 1): the
 * people the shop serves, with or without an account. Appointments, measurement profiles and
 * bespoke orders belong to a customer record, never directly to an account.
 *
 * Who may reach a record (issue 28 item 1, decision 017):
 * - A guest booking never changes a record. It books on an unlinked record only when the
 *   phone and the e-mail both match it; otherwise it makes a new record (`email_source`
 *   'guest'), and staff join the two by hand if they are one person.
 * - A record joins an account automatically (`customerForUser`) only when its e-mail was
 *   entered by staff or confirmed by the client (`email_source` 'staff' or 'client') and equals
 *   the account's verified e-mail. A phone never links; an administrator links by hand.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
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
 * The unlinked record a guest's details name: the newest one whose phone and e-mail (any
 * case) both match. Undefined without an e-mail or a match. Reads only.
 */
export async function findGuestCustomer(
  db: DbOrTx,
  details: CustomerDetails,
): Promise<Customer | undefined> {
  const email = details.email?.trim().toLowerCase();
  if (!email) return undefined;
  const [same] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.phone, details.phone),
        eq(sql`lower(${customers.email})`, email),
        isNull(customers.userId),
      ),
    )
    .orderBy(desc(customers.updatedAt), desc(customers.id))
    .limit(1);
  return same;
}

/**
 * The record of a guest who gives these details (the booking form without an account): the
 * record {@link findGuestCustomer} finds, unchanged, else a new record with the details, its
 * e-mail marked as a guest's (it links no account until confirmed). An existing record's
 * name, phone and e-mail are never written (issue 28 item 1); a linked record is never used.
 */
export async function customerForGuest(db: DbOrTx, details: CustomerDetails): Promise<Customer> {
  const same = await findGuestCustomer(db, details);
  if (same) return same;
  const [created] = await db
    .insert(customers)
    .values({
      name: details.name,
      phone: details.phone,
      email: details.email?.trim().toLowerCase() || null,
      emailSource: 'guest',
    })
    .returning();
  return created!;
}

/**
 * The record linked to this account. When there is none and the account's e-mail is verified,
 * the newest unlinked record with that e-mail, entered by staff or confirmed by the client, is
 * linked to it (the shop added the client with their e-mail, then they registered). A record
 * whose e-mail only a guest booking gave is never linked this way, nor is one by its phone.
 * Null when the account has no record yet.
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
    .where(
      and(
        eq(sql`lower(${customers.email})`, account.email.toLowerCase()),
        inArray(customers.emailSource, ['staff', 'client']),
        isNull(customers.userId),
      ),
    )
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
 * booking). The account's own e-mail is the record's e-mail, confirmed by the client
 * (`email_source` 'client') when the account's e-mail is verified, a guest's otherwise.
 */
export async function ensureCustomerForUser(
  db: Db,
  userId: string,
  details: Pick<CustomerDetails, 'name' | 'phone'>,
): Promise<Customer> {
  const existing = await customerForUser(db, userId);
  if (existing) return existing;
  const [account] = await db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  const [created] = await db
    .insert(customers)
    .values({
      userId,
      name: details.name,
      phone: details.phone,
      email: account?.email.toLowerCase() ?? null,
      emailSource: account?.emailVerified ? 'client' : 'guest',
    })
    .onConflictDoNothing({ target: customers.userId })
    .returning();
  if (created) return created;
  const [raced] = await db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  return raced!;
}

/**
 * A new record for account `account`, made when staff act for it (issue 30 item 1, decision
 * 029: recording measurements, booking or ordering from the account's page) and it has none
 * that {@link customerForUser} finds. It carries the account's name and e-mail (confirmed by the
 * client, 'client', when the account's e-mail is verified; a guest's otherwise, as
 * {@link ensureCustomerForUser} marks it) and the phone staff give. Undefined when the account
 * got a record meanwhile (`customers.user_id` is unique); the caller reads that one.
 */
export async function makeRecordForAccount(
  db: DbOrTx,
  account: { id: string; name: string; email: string; emailVerified: boolean },
  phone: string,
): Promise<Customer | undefined> {
  const [created] = await db
    .insert(customers)
    .values({
      userId: account.id,
      name: account.name,
      phone,
      email: account.email.toLowerCase(),
      emailSource: account.emailVerified ? 'client' : 'guest',
    })
    .onConflictDoNothing({ target: customers.userId })
    .returning();
  return created;
}
