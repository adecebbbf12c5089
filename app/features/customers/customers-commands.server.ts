/**
 * The customers domain's commands on its records (issue 20 item 1, decision 013; issue 30 item
 * 4: the customers domain owns `customers` and every write to it). A record is added for a
 * walk-in or phone customer, edited (a versioned update: a stale edit is refused), linked by
 * hand to an existing account ("the shop confirmed the phone") or unlinked, and deleted while
 * it has no upcoming appointment. Every change runs in one transaction with its audit entry
 * (entity 'client'). The back office (`features/admin/customers/records.server.ts`) parses the
 * forms and calls these.
 *
 * Phones are not unique (families share one): adding a record whose phone is already on
 * another is refused once with a notice naming that record, and goes through when the form
 * says "add anyway".
 */
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import {
  appointments,
  customers,
  measurementPhotos,
  measurementProfiles,
  user,
} from '~/lib/schema.server';
import type { NotifyPreference } from '~/lib/schema-enums';
import type { Storage } from '~/lib/storage/storage.server';
import { Refusal } from '~/lib/refusal';
import {
  auditedWrite,
  isUniqueViolation,
  versionMatches,
  type Tx,
} from '~/lib/audited-write.server';
import type { Actor } from '~/lib/audit.server';
import { formatIndianMobile } from './contact-fields';
import { sharedPhoneNotice } from './shared-phone';

/** {@link createClient}'s input: `phone` in E.164, `email` null for none. */
export interface CreateClientInput {
  name: string;
  phone: string;
  email: string | null;
  notes: string;
  /** Add even when the phone is already on another record. */
  sharedPhone: boolean;
}

/** {@link updateClient}'s input: the record, the `version` (ISO 8601) it was opened at, its details. */
export interface UpdateClientInput {
  id: number;
  version?: string;
  name: string;
  /** E.164. */
  phone: string;
  email: string | null;
  notes: string;
  notify: NotifyPreference;
}

/**
 * Points the bespoke orders of record `customerId` at account `userId` (null: none), in the
 * link's transaction; the orders domain's `carryBespokeOrdersToAccount`.
 */
export type CarryOrders = (tx: Tx, customerId: number, userId: string | null) => Promise<unknown>;

/** The part of a record an audit entry ('client.…') records. */
export function clientRecordState(row: typeof customers.$inferSelect) {
  return {
    name: row.name,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    notify: row.notify,
    userId: row.userId,
  };
}

const staleMessage =
  'This client was changed by someone else since you opened it. Reload to see their changes, then edit again.';
const goneMessage = 'This client record no longer exists.';

const lockClient = (tx: Tx, id: number) =>
  tx
    .select()
    .from(customers)
    .where(eq(customers.id, id))
    .for('update')
    .then(([row]) => row);

/**
 * Adds a record (audit 'client.create'). When its phone is already on another record and
 * `sharedPhone` is not set, nothing is added. Resolves to the toast's message and the new id.
 * @throws Refusal 'conflict' (field `phone`) naming the records that have the phone.
 */
export async function createClient(
  db: Db,
  actor: Actor,
  input: CreateClientInput,
): Promise<{ message: string; id: number }> {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(eq(customers.phone, input.phone))
        .orderBy(asc(customers.id))
        .limit(5),
    check: (same) => {
      if (same.length === 0 || input.sharedPhone) return undefined;
      throw new Refusal(
        'conflict',
        sharedPhoneNotice(
          formatIndianMobile(input.phone),
          same.map((row) => row.name),
        ),
        'phone',
      );
    },
    write: (tx) =>
      tx
        .insert(customers)
        .values({
          name: input.name,
          phone: input.phone,
          email: input.email,
          emailSource: 'staff',
          notes: input.notes,
        })
        .returning()
        .then(([row]) => row),
    audit: (_same, created) => ({
      action: 'client.create',
      entity: 'client',
      entityId: created.id,
      summary: `Added client ${created.name} (${formatIndianMobile(created.phone)})`,
      after: clientRecordState(created),
    }),
    answer: (same, created) => ({
      message:
        same.length > 0
          ? `Added ${created.name}. The phone is also on ${same.length === 1 ? 'another record' : `${same.length} other records`}.`
          : `Added ${created.name}.`,
      id: created.id,
    }),
  });
}

/**
 * Saves a record's details and channel preference over the version the form was opened at
 * (audit 'client.update'). Nothing changed is answered without a write.
 * @throws Refusal 'not-found' when the record is gone, 'conflict' when it changed since it was opened.
 */
export async function updateClient(
  db: Db,
  actor: Actor,
  input: UpdateClientInput,
): Promise<string> {
  const version = input.version;
  if (!version || Number.isNaN(Date.parse(version))) throw new Refusal('conflict', staleMessage);
  const next = {
    name: input.name,
    phone: input.phone,
    email: input.email,
    notes: input.notes,
    notify: input.notify,
  };
  return auditedWrite(db, actor, {
    read: (tx) => lockClient(tx, input.id),
    missing: () => new Refusal('not-found', goneMessage),
    check: (before) => {
      if (before.updatedAt.getTime() !== new Date(version).getTime()) {
        throw new Refusal('conflict', staleMessage);
      }
      const unchanged = (Object.keys(next) as (keyof typeof next)[]).every(
        (key) => before[key] === next[key],
      );
      return unchanged ? `Nothing to save: ${before.name}’s details are as they were.` : undefined;
    },
    write: (tx, before) =>
      tx
        .update(customers)
        // An e-mail staff type is theirs (decision 017); one kept as it was keeps its source.
        .set({
          ...next,
          ...(next.email !== before.email ? { emailSource: 'staff' as const } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(customers.id, input.id), versionMatches(customers.updatedAt, version)))
        .returning()
        .then(([row]) => row),
    stale: () => new Refusal('conflict', staleMessage),
    audit: (before, after) => ({
      action: 'client.update',
      entity: 'client',
      entityId: after.id,
      summary: `Edited client ${after.name}`,
      before: clientRecordState(before),
      after: clientRecordState(after),
    }),
    answer: (_before, after) => `Saved ${after.name}’s details.`,
  });
}

/**
 * Links a record to the account with `email` (the shop confirmed it is the same person; audit
 * 'client.link'). The account must exist and have no record yet (an account holds one:
 * `customers.user_id` is unique, so two links at once cannot both succeed); a record without
 * an e-mail takes the account's. `carryOrders` moves the record's bespoke orders to the account
 * in the same transaction (the orders domain's `carryBespokeOrdersToAccount`, handed in by the
 * back office: the customers folder cannot import it).
 * @throws Refusal 'not-found' for a missing record; 'conflict' when it is already linked or the account
 *   already has a record; 422 (field `email`) when no account has that e-mail.
 */
export async function linkRecordToAccount(
  db: Db,
  actor: Actor,
  input: { id: number; email: string },
  carryOrders: CarryOrders,
): Promise<string> {
  try {
    return await auditedWrite(db, actor, {
      read: async (tx) => {
        const client = await lockClient(tx, input.id);
        if (!client) return undefined;
        const [account] = await tx
          .select({ id: user.id, name: user.name, email: user.email })
          .from(user)
          .where(eq(sql`lower(${user.email})`, input.email))
          .limit(1);
        const [holder] = account
          ? await tx
              .select({ id: customers.id, name: customers.name })
              .from(customers)
              .where(eq(customers.userId, account.id))
              .limit(1)
          : [];
        return { client, account, holder };
      },
      missing: () => new Refusal('not-found', goneMessage),
      check: ({ client, account, holder }) => {
        if (client.userId) {
          throw new Refusal(
            'conflict',
            'This record is already linked to an account. Unlink it first.',
          );
        }
        if (!account) {
          throw new Refusal(
            'invalid',
            `There is no account with the e-mail ${input.email}.`,
            'email',
          );
        }
        if (holder) {
          throw new Refusal(
            'conflict',
            `That account already has a client record: ${holder.name} (#${holder.id}).`,
            'email',
          );
        }
        return undefined;
      },
      write: async (tx, { client, account }) => {
        const [row] = await tx
          .update(customers)
          .set({
            userId: account!.id,
            // A record without an e-mail takes the account's, chosen by staff (decision 017).
            ...(client.email ? {} : { email: account!.email, emailSource: 'staff' as const }),
            updatedAt: new Date(),
          })
          .where(and(eq(customers.id, client.id), isNull(customers.userId)))
          .returning();
        // Their bespoke orders follow, so the shopper sees them (issue 21 item 3).
        if (row) await carryOrders(tx, client.id, account!.id);
        return row;
      },
      stale: () => new Refusal('conflict', staleMessage),
      audit: ({ client, account }, after) => ({
        action: 'client.link',
        entity: 'client',
        entityId: client.id,
        summary: `Linked client ${client.name} to the account ${account!.email}`,
        before: clientRecordState(client),
        after: clientRecordState(after),
      }),
      answer: ({ client, account }) => `Linked ${client.name} to the account ${account!.email}.`,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new Refusal('conflict', 'That account already has a client record.', 'email');
  }
}

/**
 * Unlinks a record from its account (audit 'client.unlink'); the record, its appointments and
 * measurements stay; its bespoke orders leave the account with it (`carryOrders` with a null
 * account, as for {@link linkRecordToAccount}). A record that is not linked is answered
 * without a write.
 * @throws Refusal 'not-found' for a missing record.
 */
export async function unlinkRecordFromAccount(
  db: Db,
  actor: Actor,
  input: { id: number },
  carryOrders: CarryOrders,
): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) => lockClient(tx, input.id),
    missing: () => new Refusal('not-found', goneMessage),
    check: (before) =>
      before.userId ? undefined : `${before.name}’s record is not linked to an account.`,
    write: async (tx, before) => {
      const [row] = await tx
        .update(customers)
        .set({ userId: null, updatedAt: new Date() })
        .where(eq(customers.id, before.id))
        .returning();
      // Their bespoke orders leave the account with the record (issue 21 item 3).
      await carryOrders(tx, before.id, null);
      return row;
    },
    audit: (before, after) => ({
      action: 'client.unlink',
      entity: 'client',
      entityId: before.id,
      summary: `Unlinked client ${before.name} from their account`,
      before: clientRecordState(before),
      after: clientRecordState(after),
    }),
    answer: (before) => `Unlinked ${before.name}’s record from the account.`,
  });
}

/**
 * Deletes a record and everything that hangs on it (past appointments, measurement profiles
 * and their photos' rows, messages; audit 'client.delete'), then the photos' files from
 * `storage`. Refused while the record has a booked appointment from `now` on.
 * @throws Refusal 'not-found' for a missing record; 'conflict' naming how many upcoming appointments stop it.
 */
export async function deleteClient(
  db: Db,
  storage: Pick<Storage, 'delete'>,
  actor: Actor,
  input: { id: number },
  now: Date = new Date(),
): Promise<string> {
  const { message, photoKeys } = await auditedWrite(db, actor, {
    read: async (tx) => {
      const client = await lockClient(tx, input.id);
      if (!client) return undefined;
      const [booked] = await tx
        .select({ n: count() })
        .from(appointments)
        .where(
          and(
            eq(appointments.customerId, client.id),
            eq(appointments.status, 'booked'),
            gt(appointments.startsAt, now),
          ),
        );
      return { client, upcoming: Number(booked?.n ?? 0) };
    },
    missing: () => new Refusal('not-found', goneMessage),
    check: ({ client, upcoming }) => {
      if (upcoming === 0) return undefined;
      throw new Refusal(
        'conflict',
        `${client.name} has ${upcoming === 1 ? 'an upcoming appointment' : `${upcoming} upcoming appointments`}. ` +
          `Cancel or move ${upcoming === 1 ? 'it' : 'them'} before deleting the record.`,
      );
    },
    write: async (tx, { client }) => {
      const photos = await tx
        .select({ key: measurementPhotos.storageKey })
        .from(measurementPhotos)
        .where(
          inArray(
            measurementPhotos.profileId,
            tx
              .select({ id: measurementProfiles.id })
              .from(measurementProfiles)
              .where(eq(measurementProfiles.customerId, client.id)),
          ),
        );
      const [deleted] = await tx.delete(customers).where(eq(customers.id, client.id)).returning();
      return deleted ? { deleted, photoKeys: photos.map((photo) => photo.key) } : undefined;
    },
    audit: ({ client }) => ({
      action: 'client.delete',
      entity: 'client',
      entityId: client.id,
      summary: `Deleted client ${client.name} (${formatIndianMobile(client.phone)})`,
      before: clientRecordState(client),
      after: null,
    }),
    answer: ({ client }, { photoKeys }) => ({
      message: `Deleted ${client.name}’s record.`,
      photoKeys,
    }),
  });
  // After the commit: a file that cannot be removed now is an orphan no route serves.
  await Promise.allSettled(photoKeys.map((key) => storage.delete(key)));
  return message;
}

/**
 * Sets record `customerId`'s message channel (issue 20 item 4: e-mail, WhatsApp or both), as
 * the shopper chose it on their account page. No audit entry: the customer changes their own
 * preference. A missing record is left as it is.
 */
export async function setCustomerNotify(
  db: Db | Tx,
  customerId: number,
  notify: NotifyPreference,
): Promise<void> {
  await db
    .update(customers)
    .set({ notify, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}
