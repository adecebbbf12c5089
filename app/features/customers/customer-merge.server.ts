/**
 * Merging two customer records into one (issue 30 item 1: "Merging two records is an audited
 * action, with a preview of what moves"; decision 030). A guest who booked twice, or a walk-in
 * whose record was added before his account's, is one person with two `customers` rows.
 *
 * - {@link previewMerge} says what would move from the merged record to the kept one (counts
 *   per kind), which contact values differ and which wins, what stops the merge, and a
 *   fingerprint of all of it.
 * - {@link mergeCustomers} does it in one transaction under row locks on both records (taken in
 *   id order, so two merges of one pair, either way round, queue instead of deadlocking):
 *   every row that references the merged record is pointed at the kept one (by the mover of
 *   the table's owner, {@link CustomerRowMover}: orders, booking, notifications and
 *   measurements each write their own tables, issue 30 item 4), blank contact
 *   fields of the kept record are filled from the merged one (a filled one is never
 *   overwritten), the notes of both are kept, the merged record is deleted, and one audit entry
 *   ('client.merge') records both records before and the kept one after.
 *
 * Every foreign key to `customers` is handled by the merge; {@link MERGED_REFERENCES} lists them,
 * a test compares the list with the database's catalogue, so a new one fails the tests until it
 * is handled, and {@link mergeCustomers} refuses to run unless its movers cover the list. Rules
 * for what is unique per customer:
 * - a garment measured on both records: the merged profile's versions and photos move under the
 *   kept profile and all its versions are numbered again in the order they were taken, so the
 *   newest measurement is the current one whichever record it came from;
 * - an appointment booked on both at the same time (one booking per person and time, decision
 *   017): refused, staff cancel one first;
 * - an account on each record: refused, since one account would lose its record (its owner
 *   would no longer see his measurements, appointments and orders when signed in).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import {
  appointments,
  customers,
  designs,
  invoices,
  measurementPhotos,
  measurementProfiles,
  measurementVersions,
  notifications,
  orders,
  payments,
  user,
} from '~/lib/schema.server';
import type { GarmentType } from '~/lib/schema-enums';
import { formatShopDateTime } from '~/lib/shop-time';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';
import { auditedWrite, type Tx } from '~/lib/audited-write.server';
import { formatIndianMobile } from './contact-fields';
import { describeMoves, type MergeCounts, type MergeFieldOutcome } from './customer-merge';

/**
 * Every foreign key to `customers.id` (table.column), each moved by {@link mergeCustomers}
 * through the mover of the table's owner ({@link CustomerRowMover}). The
 * test "every foreign key to customers is merged" reads the database's catalogue and fails when
 * it finds one not listed here.
 */
export const MERGED_REFERENCES = [
  'appointments.customer_id',
  'measurement_profiles.customer_id',
  'notifications.customer_id',
  'orders.customer_id',
] as const;

/**
 * What a {@link CustomerRowMover} is told, inside the merge's transaction, after the kept record
 * has taken the account link and before the merged record is deleted.
 */
interface CustomerRowMove {
  /** The merged record's id: its rows move away from it. */
  fromId: number;
  /** The kept record's id: its rows move to it. */
  toId: number;
  /** The kept record's account after the merge (its own, or the merged one's), or null. */
  userId: string | null;
  /** True when the merged record's account link moved to the kept record. */
  accountMoves: boolean;
  /** The merge's time, for `updated_at`. */
  at: Date;
}

/**
 * The rows of one domain that point at a customer record, moved by their owner (issue 30
 * item 4: each domain owns its tables and every write to them). The customers folder is the
 * lowest (docs/ARCHITECTURE.md), so it cannot import the domains above it; the back office
 * (`features/admin/customer-merge`) hands {@link mergeCustomers} their movers.
 */
export interface CustomerRowMover {
  /** The foreign keys to `customers.id` (table.column, as in {@link MERGED_REFERENCES}) it moves. */
  references: readonly (typeof MERGED_REFERENCES)[number][];
  /** Points every row of record `move.fromId` at record `move.toId`, in the merge's transaction. */
  move: (tx: Tx, move: CustomerRowMove) => Promise<void>;
}

/** Throws unless `movers` move every reference of {@link MERGED_REFERENCES}, each once. */
function checkMovers(movers: readonly CustomerRowMover[]): void {
  const moved = movers.flatMap((mover) => mover.references).sort();
  const wanted = [...MERGED_REFERENCES].sort();
  if (moved.length !== wanted.length || moved.some((reference, i) => reference !== wanted[i]))
    throw new Error(
      `A customer merge needs one mover for each of ${wanted.join(', ')}; it was given ${moved.join(', ') || 'none'}.`,
    );
}

/** The refusals' texts (decision 030). */
export const MERGE_REFUSALS = {
  self: 'A record cannot be merged into itself. Choose another record.',
  stale: 'The records changed since the preview; look again.',
} as const;

/** One of the two records as the preview shows it. */
interface MergeRecord {
  id: number;
  name: string;
  /** E.164. */
  phone: string;
  email: string | null;
  /** The linked account's e-mail, or null without an account. */
  accountEmail: string | null;
}

/** What a merge of `merge` into `keep` would do. */
export interface MergePreview {
  keep: MergeRecord;
  merge: MergeRecord;
  counts: MergeCounts;
  /** Contact values the two hold differently, and which one the kept record ends with. */
  fields: MergeFieldOutcome[];
  /** The merged record's account link moves to the kept record (its e-mail), or null. */
  accountMoves: string | null;
  /** Garments measured on both: their versions are put together under the kept profile. */
  sharedGarments: GarmentType[];
  /** Why the merge cannot be done as things are ([] when it can). */
  blockers: string[];
  /** Changes whenever anything above or any moving row changes; the confirm must send it back. */
  fingerprint: string;
}

type CustomerRow = typeof customers.$inferSelect;

const goneMessage = (id: number) => `Customer record #${id} does not exist.`;

const ids = (rows: { id: number | string }[]) => rows.map((row) => row.id);

const blank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

async function accountEmail(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

/** The contact values that differ and which wins: the kept one, unless it is blank. */
function fieldOutcomes(keep: CustomerRow, merge: CustomerRow): MergeFieldOutcome[] {
  const fields: [MergeFieldOutcome['field'], string, string | null, string | null][] = [
    ['name', 'Name', keep.name, merge.name],
    ['phone', 'Phone', formatIndianMobile(keep.phone), formatIndianMobile(merge.phone)],
    ['email', 'E-mail', keep.email, merge.email],
    ['notify', 'Messages by', keep.notify, merge.notify],
  ];
  return fields
    .filter(([, , kept, merged]) => (kept ?? '') !== (merged ?? '') && !blank(merged))
    .map(([field, label, kept, merged]) => ({
      field,
      label,
      kept,
      merged,
      wins: blank(kept) ? 'merged' : 'kept',
    }));
}

/**
 * Reads everything a merge depends on, with the ids of every moving row (for the fingerprint).
 * Both records must exist (the caller checked).
 */
async function readMerge(db: DbOrTx, keep: CustomerRow, merge: CustomerRow) {
  const accountMoves = keep.userId === null && merge.userId !== null;
  const [keepAccountEmail, mergeAccountEmail] = await Promise.all([
    accountEmail(db, keep.userId),
    accountEmail(db, merge.userId),
  ]);
  const profiles = await db
    .select({ id: measurementProfiles.id, garment: measurementProfiles.garment })
    .from(measurementProfiles)
    .where(eq(measurementProfiles.customerId, merge.id))
    .orderBy(asc(measurementProfiles.id));
  const keptGarments = await db
    .select({ garment: measurementProfiles.garment })
    .from(measurementProfiles)
    .where(eq(measurementProfiles.customerId, keep.id));
  const profileIds = ids(profiles) as number[];
  const [versions, photos] =
    profileIds.length > 0
      ? await Promise.all([
          db
            .select({ id: measurementVersions.id })
            .from(measurementVersions)
            .where(inArray(measurementVersions.profileId, profileIds))
            .orderBy(asc(measurementVersions.id)),
          db
            .select({ id: measurementPhotos.id })
            .from(measurementPhotos)
            .where(inArray(measurementPhotos.profileId, profileIds))
            .orderBy(asc(measurementPhotos.id)),
        ])
      : [[], []];
  // The record's orders, and the shop orders of its account when the account link moves.
  const movingOrders = await db
    .select({ id: orders.id, kind: orders.kind })
    .from(orders)
    .where(
      accountMoves
        ? or(
            eq(orders.customerId, merge.id),
            and(eq(orders.userId, merge.userId!), eq(orders.kind, 'shop')),
          )
        : eq(orders.customerId, merge.id),
    )
    .orderBy(asc(orders.id));
  const orderIds = ids(movingOrders) as number[];
  const [orderPayments, orderInvoices] =
    orderIds.length > 0
      ? await Promise.all([
          db
            .select({ id: payments.id })
            .from(payments)
            .where(inArray(payments.orderId, orderIds))
            .orderBy(asc(payments.id)),
          db
            .select({ id: invoices.id })
            .from(invoices)
            .where(inArray(invoices.orderId, orderIds))
            .orderBy(asc(invoices.id)),
        ])
      : [[], []];
  const movingAppointments = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
    })
    .from(appointments)
    .where(eq(appointments.customerId, merge.id))
    .orderBy(asc(appointments.id));
  const bookedTimes = movingAppointments
    .filter((row) => row.status === 'booked')
    .map((row) => row.startsAt);
  const clashes =
    bookedTimes.length > 0
      ? await db
          .select({ startsAt: appointments.startsAt })
          .from(appointments)
          .where(
            and(
              eq(appointments.customerId, keep.id),
              eq(appointments.status, 'booked'),
              inArray(appointments.startsAt, bookedTimes),
            ),
          )
          .orderBy(asc(appointments.startsAt))
      : [];
  const messages = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.customerId, merge.id))
    .orderBy(asc(notifications.id));
  const accountDesigns = accountMoves
    ? await db
        .select({ id: designs.id })
        .from(designs)
        .where(and(isNotNull(designs.userId), eq(designs.userId, merge.userId!)))
        .orderBy(asc(designs.id))
    : [];

  const blockers: string[] = [];
  if (keep.userId !== null && merge.userId !== null) {
    blockers.push(
      `Both records are linked to different accounts (${keepAccountEmail ?? 'unknown'} and ${mergeAccountEmail ?? 'unknown'}). ` +
        'Merging them would leave one account without its record: its owner would no longer see his measurements, ' +
        'appointments and orders when signed in. Unlink one of them first if they are one person.',
    );
  }
  for (const clash of clashes) {
    blockers.push(
      `Both records have an appointment booked at ${formatShopDateTime(clash.startsAt.toISOString())}. Cancel one of them first.`,
    );
  }
  const keptGarmentSet = new Set(keptGarments.map((row) => row.garment));
  const preview: Omit<MergePreview, 'fingerprint'> = {
    keep: {
      id: keep.id,
      name: keep.name,
      phone: keep.phone,
      email: keep.email,
      accountEmail: keepAccountEmail,
    },
    merge: {
      id: merge.id,
      name: merge.name,
      phone: merge.phone,
      email: merge.email,
      accountEmail: mergeAccountEmail,
    },
    counts: {
      measurementProfiles: profiles.length,
      measurementVersions: versions.length,
      measurementPhotos: photos.length,
      designs: accountDesigns.length,
      appointments: movingAppointments.length,
      bespokeOrders: movingOrders.filter((row) => row.kind === 'bespoke').length,
      shopOrders: movingOrders.filter((row) => row.kind === 'shop').length,
      payments: orderPayments.length,
      invoices: orderInvoices.length,
      messages: messages.length,
      notes: blank(merge.notes) ? 0 : 1,
    },
    fields: fieldOutcomes(keep, merge),
    accountMoves: accountMoves ? mergeAccountEmail : null,
    sharedGarments: profiles
      .map((row) => row.garment)
      .filter((garment) => keptGarmentSet.has(garment)),
    blockers,
  };
  // The fingerprint covers what the preview shows and which rows move, so a row added, removed
  // or replaced on either side (same counts or not) makes a confirmed preview stale.
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        preview,
        notes: [keep.notes, merge.notes, keep.emailSource, merge.emailSource],
        rows: {
          profiles: profileIds,
          versions: ids(versions),
          photos: ids(photos),
          orders: orderIds,
          payments: ids(orderPayments),
          invoices: ids(orderInvoices),
          appointments: ids(movingAppointments),
          messages: ids(messages),
          designs: ids(accountDesigns),
        },
      }),
    )
    .digest('hex');
  return { ...preview, fingerprint };
}

function checkPair(keepId: number, mergeId: number) {
  if (keepId === mergeId) throw new Refusal('invalid', MERGE_REFUSALS.self, 'mergeId');
}

/**
 * What merging record `mergeId` into record `keepId` would move (see the module's note).
 * Reads only.
 * @throws Refusal 422 (field `mergeId`) when the two ids are one; 404 when either record
 *   does not exist.
 */
export async function previewMerge(
  db: DbOrTx,
  input: { keepId: number; mergeId: number },
): Promise<MergePreview> {
  checkPair(input.keepId, input.mergeId);
  const rows = await db
    .select()
    .from(customers)
    .where(inArray(customers.id, [input.keepId, input.mergeId]));
  const keep = rows.find((row) => row.id === input.keepId);
  const merge = rows.find((row) => row.id === input.mergeId);
  if (!keep) throw new Refusal('not-found', goneMessage(input.keepId));
  if (!merge) throw new Refusal('not-found', goneMessage(input.mergeId), 'mergeId');
  return readMerge(db, keep, merge);
}

/** The part of a record the audit entry records. */
function recordState(row: CustomerRow) {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    emailSource: row.emailSource,
    notes: row.notes,
    notify: row.notify,
    userId: row.userId,
  };
}

/** The kept record's notes after the merge: both records' notes, the merged one's marked. */
function mergedNotes(keep: CustomerRow, merge: CustomerRow, fields: MergeFieldOutcome[]): string {
  const dropped = fields
    .filter((field) => field.wins === 'kept' && field.field !== 'notify')
    .map((field) => `${field.label.toLowerCase()} ${field.merged}`);
  if (blank(merge.notes) && dropped.length === 0) return keep.notes;
  const heading = `From record #${merge.id} (${merge.name}), merged into this one${
    dropped.length > 0 ? `; it had ${dropped.join(', ')}` : ''
  }:`;
  const block = blank(merge.notes) ? heading : `${heading}\n${merge.notes.trim()}`;
  return blank(keep.notes) ? block : `${keep.notes.trimEnd()}\n\n${block}`;
}

/** The merge's input: the two records and the fingerprint of the preview the staff confirmed. */
export interface MergeInput {
  keepId: number;
  mergeId: number;
  fingerprint: string;
}

/**
 * Merges record `mergeId` into record `keepId` as previewed (see the module's note), in one
 * transaction with its audit entry ('client.merge', entity 'client', the kept record's id).
 * `movers` point the rows of the other domains at the kept record, in the order given; together
 * they must move exactly {@link MERGED_REFERENCES}. Resolves to the toast's message.
 * @throws Error when `movers` do not cover {@link MERGED_REFERENCES} exactly (a wiring fault).
 * @throws Refusal 422 when the ids are one; 404 when either record does not exist (or was
 *   just merged away); 409 for a blocker of the preview (two accounts, a clashing booking) and
 *   409 {@link MERGE_REFUSALS.stale} when anything changed since the preview `fingerprint`.
 */
export async function mergeCustomers(
  db: Db,
  movers: readonly CustomerRowMover[],
  actor: Actor,
  input: MergeInput,
): Promise<string> {
  checkMovers(movers);
  checkPair(input.keepId, input.mergeId);
  return auditedWrite(db, actor, {
    read: async (tx) => {
      // Both rows, locked in id order: merges of one pair (either way round) queue here, and a
      // booking or measurement for either record waits until this one is done.
      const rows = await tx
        .select()
        .from(customers)
        .where(inArray(customers.id, [input.keepId, input.mergeId]))
        .orderBy(asc(customers.id))
        .for('update');
      const keep = rows.find((row) => row.id === input.keepId);
      const merge = rows.find((row) => row.id === input.mergeId);
      if (!keep || !merge)
        throw new Refusal('not-found', goneMessage(keep ? input.mergeId : input.keepId));
      // Both records' measurement profiles too: a version being saved (it locks its profile,
      // features/measurements) is committed before the merge reads them, or waits for it.
      await tx
        .select({ id: measurementProfiles.id })
        .from(measurementProfiles)
        .where(inArray(measurementProfiles.customerId, [keep.id, merge.id]))
        .orderBy(asc(measurementProfiles.id))
        .for('update');
      return { keep, merge, plan: await readMerge(tx, keep, merge) };
    },
    check: ({ plan }) => {
      if (plan.blockers.length > 0) throw new Refusal('conflict', plan.blockers[0]!);
      if (plan.fingerprint !== input.fingerprint)
        throw new Refusal('conflict', MERGE_REFUSALS.stale);
      return undefined;
    },
    write: async (tx, { keep, merge, plan }) => {
      const now = new Date();
      const userId = keep.userId ?? merge.userId;
      // The account link moves first (`customers.user_id` is unique).
      if (plan.accountMoves !== null) {
        await tx.update(customers).set({ userId: null }).where(eq(customers.id, merge.id));
      }
      const fillEmail = blank(keep.email) && !blank(merge.email);
      const [after] = await tx
        .update(customers)
        .set({
          userId,
          ...(fillEmail ? { email: merge.email, emailSource: merge.emailSource } : {}),
          notes: mergedNotes(keep, merge, plan.fields),
          updatedAt: now,
        })
        .where(eq(customers.id, keep.id))
        .returning();

      // Every other row of the merged record, each by its owner's mover (issue 30 item 4):
      // orders, appointments, messages, measurements.
      const move: CustomerRowMove = {
        fromId: merge.id,
        toId: keep.id,
        userId,
        accountMoves: plan.accountMoves !== null,
        at: now,
      };
      for (const mover of movers) await mover.move(tx, move);

      await tx.delete(customers).where(eq(customers.id, merge.id));
      return after;
    },
    audit: ({ keep, merge, plan }, after) => ({
      action: 'client.merge',
      entity: 'client',
      entityId: keep.id,
      summary: `Merged client ${merge.name} (#${merge.id}) into ${keep.name} (#${keep.id}): moved ${describeMoves(plan.counts)}`,
      before: { kept: recordState(keep), merged: recordState(merge) },
      after: {
        kept: recordState(after),
        moved: plan.counts,
        sharedGarments: plan.sharedGarments,
      },
    }),
    answer: ({ keep, merge, plan }) =>
      `Merged ${merge.name} into ${keep.name}: moved ${describeMoves(plan.counts)}.`,
  });
}
