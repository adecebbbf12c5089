/**
 * The address book of a signed-in shopper (issue 32 item 1 "Signed-in shoppers keep an
 * address book"): the only writer of `customer_addresses`. Every function takes the account's
 * user id and touches that account's rows only: another account's address id is 'not-found'.
 * At most `MAX_SAVED_ADDRESSES` an account; the first saved becomes the default, and deleting
 * the default makes the newest remaining one the default. Addresses are checked against India
 * Post's directory (`checkIndianAddress`) before they are stored.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { Refusal } from '~/lib/refusal';
import { customerAddresses } from '~/lib/schema.server';
import { checkIndianAddress } from './address-rules.server';
import type { IndianAddress } from './indian-address-schema';

/** Most addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 10;

/** A saved address as the pages show it. */
export interface SavedAddress {
  id: number;
  label: string;
  address: string;
  addressLine2: string;
  landmark: string;
  pincode: string;
  city: string;
  district: string;
  state: string;
  isDefault: boolean;
}

/** A saved address as given: its label and an address that `indianAddressSchema` parsed. */
export type SavedAddressInput = IndianAddress & { label: string };

const columns = {
  id: customerAddresses.id,
  label: customerAddresses.label,
  address: customerAddresses.address,
  addressLine2: customerAddresses.addressLine2,
  landmark: customerAddresses.landmark,
  pincode: customerAddresses.pincode,
  city: customerAddresses.city,
  district: customerAddresses.district,
  state: customerAddresses.state,
  isDefault: customerAddresses.isDefault,
};

/** The account's saved addresses, the default first, then the newest. */
export function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  return db
    .select(columns)
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.id));
}

/** The stored values of a checked address. @throws Refusal 'invalid' (field 'pincode'). */
function storedValues(input: SavedAddressInput) {
  const checked = checkIndianAddress(input);
  if (!checked.ok) throw new Refusal('invalid', checked.errors.pincode, 'pincode');
  const { address } = checked;
  return {
    label: input.label,
    address: address.address,
    addressLine2: address.addressLine2 ?? '',
    landmark: address.landmark ?? '',
    pincode: address.pincode,
    city: address.city,
    district: address.district,
    state: address.state,
  };
}

/**
 * Saves a new address; the account's first becomes its default, as does one saved with
 * `makeDefault`. One account's saves run one at a time (an advisory lock), so the limit holds.
 * @returns its id. @throws Refusal 'invalid' for a PIN code India Post does not list or one in
 *   another state, 'conflict' once `MAX_SAVED_ADDRESSES` are kept.
 */
export async function addAddress(
  db: Db,
  userId: string,
  input: SavedAddressInput,
  options: { makeDefault?: boolean } = {},
): Promise<number> {
  const values = storedValues(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))) as [{ count: number }];
    if (count >= MAX_SAVED_ADDRESSES) {
      throw new Refusal(
        'conflict',
        `Your address book is full (${MAX_SAVED_ADDRESSES} addresses). Please delete one first.`,
      );
    }
    const isDefault = count === 0 || options.makeDefault === true;
    if (isDefault) {
      await tx
        .update(customerAddresses)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
    }
    const [row] = await tx
      .insert(customerAddresses)
      .values({ ...values, userId, isDefault })
      .returning({ id: customerAddresses.id });
    return row!.id;
  });
}

/**
 * Saves the address a checkout used, unless the book already holds the same one or is full
 * (the order goes ahead either way). Labelled 'Home' when it is the first, else 'Saved at checkout'.
 * @returns whether it was saved.
 */
export async function saveCheckoutAddress(
  db: Db,
  userId: string,
  address: IndianAddress,
): Promise<boolean> {
  const kept = await listAddresses(db, userId);
  const same = (saved: SavedAddress) =>
    saved.address === address.address &&
    saved.addressLine2 === (address.addressLine2 ?? '') &&
    saved.landmark === (address.landmark ?? '') &&
    saved.pincode === address.pincode &&
    saved.city === address.city &&
    saved.state === address.state;
  if (kept.some(same) || kept.length >= MAX_SAVED_ADDRESSES) return false;
  try {
    await addAddress(db, userId, {
      ...address,
      label: kept.length === 0 ? 'Home' : 'Saved at checkout',
    });
    return true;
  } catch (error) {
    if (error instanceof Refusal) return false;
    throw error;
  }
}

/** @throws Refusal 'not-found' when `id` is not one of the account's addresses. */
function notFound(): never {
  throw new Refusal('not-found', 'Address not found');
}

/**
 * Changes one of the account's addresses.
 * @throws Refusal 'not-found' for another account's (or no) address, 'invalid' as `addAddress`.
 */
export async function updateAddress(
  db: Db,
  userId: string,
  id: number,
  input: SavedAddressInput,
): Promise<void> {
  const values = storedValues(input);
  const changed = await db
    .update(customerAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
    .returning({ id: customerAddresses.id });
  if (changed.length === 0) notFound();
}

/**
 * Deletes one of the account's addresses; when it was the default, the newest remaining one
 * becomes the default. @throws Refusal 'not-found' for another account's (or no) address.
 */
export async function deleteAddress(db: Db, userId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
      .returning({ isDefault: customerAddresses.isDefault });
    if (!gone) notFound();
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .orderBy(desc(customerAddresses.id))
      .limit(1);
    if (next) {
      await tx
        .update(customerAddresses)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(customerAddresses.id, next.id));
    }
  });
}

/** Makes one of the account's addresses its default. @throws Refusal 'not-found' as above. */
export async function makeDefaultAddress(db: Db, userId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
      .for('update');
    if (!mine) notFound();
    await tx
      .update(customerAddresses)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(
        and(
          eq(customerAddresses.userId, userId),
          eq(customerAddresses.isDefault, true),
          ne(customerAddresses.id, id),
        ),
      );
    await tx
      .update(customerAddresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(customerAddresses.id, id));
  });
}

/** Before an account is deleted: its address book goes (personal data, nothing for the books). */
export async function deleteAddressesOf(db: Db, userId: string): Promise<void> {
  await db.delete(customerAddresses).where(eq(customerAddresses.userId, userId));
}
