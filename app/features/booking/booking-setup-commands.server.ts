/**
 * The booking domain's commands on its setup (issue 20 item 2; issue 30 item 4: booking owns
 * `appointmentTypes` and `shopClosures` and every write to them): an appointment type's
 * duration, buffer, capacity and whether it is offered online, and the closures and holidays.
 * Every change is audited in its transaction. The back office's setup screen
 * (`features/admin/booking-setup`) parses the forms (Asia/Kolkata dates and times to instants)
 * and calls these.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { appointmentSlots, appointmentTypes, shopClosures } from '~/lib/schema.server';
import { formatShopDateTime } from '~/lib/shop-time';
import { Refusal } from '~/lib/refusal';
import { versionMatches, auditedWrite } from '~/lib/audited-write.server';
import type { Actor } from '~/lib/audit.server';

/** {@link saveAppointmentType}'s input: the type, the `version` (ISO 8601) it was opened at, its values. */
export interface SaveAppointmentTypeInput {
  id: number;
  version?: string;
  name: string;
  description: string;
  /** Minutes. */
  durationMinutes: number;
  /** Minutes kept free after each appointment. */
  bufferMinutes: number;
  /** Customers at once. */
  capacity: number;
  onlineBookable: boolean;
}

/** {@link addClosure}'s input: the instants it starts and ends (end after start), and a reason ('' for none). */
export interface ClosureInput {
  startsAt: Date;
  endsAt: Date;
  reason: string;
}

const typeState = (row: typeof appointmentTypes.$inferSelect) => ({
  name: row.name,
  description: row.description,
  durationMinutes: row.durationMinutes,
  bufferMinutes: row.bufferMinutes,
  capacity: row.capacity,
  onlineBookable: row.onlineBookable,
});

/**
 * Saves an appointment type over the version its form was opened at (audit
 * 'appointment-type.update'). Lowering the capacity keeps the bookings already made; the
 * answer says how many coming slots now hold more than the new capacity.
 * @throws Refusal 'not-found' for an unknown type, 'conflict' when it changed since it was opened.
 */
export async function saveAppointmentType(
  db: Db,
  actor: Actor,
  input: SaveAppointmentTypeInput,
  now: Date = new Date(),
): Promise<string> {
  const version = input.version;
  const stale = () =>
    new Refusal(
      'conflict',
      'This appointment type was changed by someone else since you opened it. Reload and edit again.',
    );
  if (!version || Number.isNaN(Date.parse(version))) throw stale();
  const next = {
    name: input.name,
    description: input.description,
    durationMinutes: input.durationMinutes,
    bufferMinutes: input.bufferMinutes,
    capacity: input.capacity,
    onlineBookable: input.onlineBookable,
  };
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(appointmentTypes)
        .where(eq(appointmentTypes.id, input.id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This appointment type no longer exists.'),
    check: (before) => {
      if (before.updatedAt.getTime() !== new Date(version).getTime()) throw stale();
      return undefined;
    },
    write: async (tx) => {
      const [after] = await tx
        .update(appointmentTypes)
        .set({ ...next, updatedAt: new Date() })
        .where(
          and(
            eq(appointmentTypes.id, input.id),
            versionMatches(appointmentTypes.updatedAt, version),
          ),
        )
        .returning();
      if (!after) return undefined;
      const over = await tx
        .select({ startsAt: appointmentSlots.startsAt })
        .from(appointmentSlots)
        .where(
          and(
            eq(appointmentSlots.typeId, after.id),
            gt(appointmentSlots.startsAt, now),
            gt(appointmentSlots.booked, after.capacity),
          ),
        );
      return { after, over: over.length };
    },
    stale,
    audit: (before, { after }) => ({
      action: 'appointment-type.update',
      entity: 'appointment-type',
      entityId: after.id,
      summary: `Edited the appointment type ${after.name}`,
      before: typeState(before),
      after: typeState(after),
    }),
    answer: (_before, { after, over }) =>
      `Saved ${after.name}.` +
      (over > 0
        ? ` ${over === 1 ? '1 coming slot already holds' : `${over} coming slots already hold`} more than ${after.capacity}; those bookings stand.`
        : ''),
  });
}

const closureSummary = (closure: { startsAt: Date; endsAt: Date; reason: string }) =>
  `${formatShopDateTime(closure.startsAt.toISOString())} to ${formatShopDateTime(closure.endsAt.toISOString())}` +
  (closure.reason ? ` (${closure.reason})` : '');

/**
 * Adds a closure (audit 'closure.create'); resolves to the toast's message and its id.
 * @throws Refusal 'invalid' (field `toDate`) when it is already over at `now`.
 */
export async function addClosure(
  db: Db,
  actor: Actor,
  input: ClosureInput,
  now: Date = new Date(),
): Promise<{ message: string; id: number }> {
  if (input.endsAt.getTime() <= now.getTime()) {
    throw new Refusal(
      'invalid',
      'This closure is already over. Please enter one that is still to come.',
      'toDate',
    );
  }
  return auditedWrite(db, actor, {
    read: async () => null,
    write: (tx) =>
      tx
        .insert(shopClosures)
        .values(input)
        .returning()
        .then(([row]) => row),
    audit: (_nothing, created) => ({
      action: 'closure.create',
      entity: 'closure',
      entityId: created.id,
      summary: `Added a closure: ${closureSummary(created)}`,
      after: {
        startsAt: created.startsAt.toISOString(),
        endsAt: created.endsAt.toISOString(),
        reason: created.reason,
      },
    }),
    answer: (_nothing, created) => ({
      message: `Closed ${closureSummary(created)}.`,
      id: created.id,
    }),
  });
}

/**
 * Removes a closure (audit 'closure.delete'); its times are offered again.
 * @throws Refusal 'not-found' when it is already gone.
 */
export async function removeClosure(db: Db, actor: Actor, input: { id: number }): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(shopClosures)
        .where(eq(shopClosures.id, input.id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This closure was already removed.'),
    write: (tx, before) =>
      tx
        .delete(shopClosures)
        .where(eq(shopClosures.id, before.id))
        .returning()
        .then(([row]) => row),
    audit: (before) => ({
      action: 'closure.delete',
      entity: 'closure',
      entityId: before.id,
      summary: `Removed the closure ${closureSummary(before)}`,
      before: {
        startsAt: before.startsAt.toISOString(),
        endsAt: before.endsAt.toISOString(),
        reason: before.reason,
      },
      after: null,
    }),
    answer: (before) => `Removed the closure ${closureSummary(before)}.`,
  });
}
