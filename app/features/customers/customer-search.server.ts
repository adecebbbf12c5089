/**
 * The one customer search (issue 30 item 1: "One search serves every screen that looks a
 * customer up"): `/admin/customers` (everyone the shop serves, decision 029),
 * `/admin/appointments/new` and `/admin/orders/new` find a customer record with it. A search
 * matches part of
 * the name or the e-mail, ignoring case, or the phone typed in any spelling, whole or in part
 * ('09825012345', '+91 98250 12345', '9825012345', '098250-12345', '09825…'): the phone is
 * read by `phoneSearchPatterns` (phone.ts, libphonenumber-js) against the E.164 the records
 * hold.
 */
import { asc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { customers } from '~/lib/schema.server';
import { phoneSearchPatterns } from './phone';

/** The longest search read; longer text is cut to this many characters. */
const MAX_SEARCH_LENGTH = 100;

/** How many records {@link findCustomers} lists. */
const MAX_MATCHES = 10;

/** A customer record as a form offers it to choose. */
export interface CustomerChoice {
  id: number;
  name: string;
  /** E.164, '+919825012345'. */
  phone: string;
  email: string | null;
  /** Whether the record is linked to a shopper's account. */
  hasAccount: boolean;
}

/** `value` for a LIKE pattern that matches it literally (no `%` or `_` wildcards). */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The WHERE on `customers` of a search (see the module's note); undefined for an empty search,
 * which matches every record. The search is trimmed and cut to 100 characters.
 */
export function customerSearchCondition(search: string): SQL | undefined {
  const text = search.trim().slice(0, MAX_SEARCH_LENGTH);
  if (!text) return undefined;
  const pattern = `%${likeLiteral(text)}%`;
  const phones = phoneSearchPatterns(text).map((phone) => like(customers.phone, phone));
  return or(ilike(customers.name, pattern), ilike(customers.email, pattern), ...phones);
}

const choiceColumns = {
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  email: customers.email,
  userId: customers.userId,
};

function toChoice({
  userId,
  ...row
}: { userId: string | null } & Omit<CustomerChoice, 'hasAccount'>) {
  return { ...row, hasAccount: userId !== null };
}

/**
 * The records a search finds, at most 10, by name then id; none for an empty search.
 * @throws when the database fails.
 */
export async function findCustomers(db: Db, search: string): Promise<CustomerChoice[]> {
  const where = customerSearchCondition(search);
  if (!where) return [];
  const rows = await db
    .select(choiceColumns)
    .from(customers)
    .where(where)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(MAX_MATCHES);
  return rows.map(toChoice);
}

/**
 * One record as a form offers it (a chosen `?customer=`); null when there is none.
 * @throws when the database fails.
 */
export async function customerChoice(db: Db, id: number): Promise<CustomerChoice | null> {
  const [row] = await db.select(choiceColumns).from(customers).where(eq(customers.id, id)).limit(1);
  return row ? toChoice(row) : null;
}
