/**
 * Booking setup in the back office (issue 20 item 2, /admin/appointments/setup): the
 * appointment types' duration, buffer, capacity and whether they are offered online; closures
 * and holidays; and the booking rules (cut-off, notice, horizon) in `site_settings` under
 * 'booking'. Dates and times are typed in Asia/Kolkata and stored as instants
 * (`lib/shop-time`), whatever the server's zone. Every change is audited in its transaction.
 * The types' and closures' changes are the booking domain's commands
 * (`features/booking/booking-setup-commands.server.ts`, issue 30 item 4); this module reads the
 * screen and parses the forms for them.
 * The shop hours themselves are the contact page's hours in /admin/settings.
 */
import { asc, eq, gt } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { appointmentTypes, shopClosures, siteSettings } from '~/lib/schema.server';
import { addShopDays, isShopTime, shopInstant } from '~/lib/shop-time';
import { shopDateField } from '~/lib/shop-time-input';
import {
  BOOKING_SETTINGS_KEY,
  bookingSettingsSchema,
  getBookingSettings,
  type BookingSettings,
} from '~/features/booking/booking-settings.server';
import {
  addClosure,
  removeClosure,
  saveAppointmentType,
} from '~/features/booking/booking-setup-commands.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { CLOSURE_MAX_DAYS, CLOSURE_REASON_MAX_LENGTH, TYPE_LIMITS } from './booking-setup-rules';
import { putSettingsDocument } from '~/features/site/settings-documents.server';
import { Refusal } from '~/lib/refusal';
import { auditedWrite } from '~/lib/audited-write.server';
import type { Actor } from '~/lib/audit.server';
import { checkboxField, idField } from '~/lib/form-fields.server';

/** An appointment type as the setup screen edits it. */
export interface AppointmentTypeRow {
  id: number;
  key: string;
  name: string;
  description: string;
  durationMinutes: number;
  bufferMinutes: number;
  capacity: number;
  onlineBookable: boolean;
  /** The version (`updated_at`, ISO 8601) an edit must present. */
  version: string;
}

/** A closure that has not ended. */
export interface ClosureRow {
  id: number;
  /** ISO 8601. */
  startsAt: string;
  /** ISO 8601. */
  endsAt: string;
  reason: string;
}

/** Everything /admin/appointments/setup shows. */
export interface BookingSetup {
  types: AppointmentTypeRow[];
  /** Closures ending after now, soonest first. */
  closures: ClosureRow[];
  rules: BookingSettings;
  /** The rules row's version, or null before the first save. */
  rulesVersion: string | null;
}

/**
 * The types (in their order), the closures that have not ended by `now`, and the booking rules
 * with their version.
 * @throws when the database fails.
 */
export async function getBookingSetup(db: Db, now: Date = new Date()): Promise<BookingSetup> {
  const [types, closures, [rulesRow], rules] = await Promise.all([
    db
      .select()
      .from(appointmentTypes)
      .orderBy(asc(appointmentTypes.position), asc(appointmentTypes.id)),
    db
      .select()
      .from(shopClosures)
      .where(gt(shopClosures.endsAt, now))
      .orderBy(asc(shopClosures.startsAt), asc(shopClosures.id))
      .limit(200),
    db
      .select({ updatedAt: siteSettings.updatedAt })
      .from(siteSettings)
      .where(eq(siteSettings.key, BOOKING_SETTINGS_KEY)),
    getBookingSettings(db),
  ]);
  return {
    types: types.map((type) => ({
      id: type.id,
      key: type.key,
      name: type.name,
      description: type.description,
      durationMinutes: type.durationMinutes,
      bufferMinutes: type.bufferMinutes,
      capacity: type.capacity,
      onlineBookable: type.onlineBookable,
      version: type.updatedAt.toISOString(),
    })),
    closures: closures.map((closure) => ({
      id: closure.id,
      startsAt: closure.startsAt.toISOString(),
      endsAt: closure.endsAt.toISOString(),
      reason: closure.reason,
    })),
    rules,
    rulesVersion: rulesRow?.updatedAt.toISOString() ?? null,
  };
}

/** A whole number typed in a form, from `min` to `max`; `message` names the field and range. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

const rangeMessage = (what: string, limits: { min: number; max: number }, unit: string) =>
  `${what} must be a whole number from ${limits.min} to ${limits.max} ${unit}.`;

/** Edit one appointment type over the `version` it was opened at. */
export const saveTypeSchema = z.object({
  id: idField('This appointment type could not be found.'),
  version: z.string().optional(),
  name: z
    .string('Please enter the name.')
    .trim()
    .min(1, 'Please enter the name.')
    .max(60, 'Please keep the name to 60 characters.'),
  description: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(300, 'Please keep the description to 300 characters.')),
  durationMinutes: wholeNumber(
    TYPE_LIMITS.duration.min,
    TYPE_LIMITS.duration.max,
    rangeMessage('The duration', TYPE_LIMITS.duration, 'minutes'),
  ),
  bufferMinutes: wholeNumber(
    TYPE_LIMITS.buffer.min,
    TYPE_LIMITS.buffer.max,
    rangeMessage('The buffer', TYPE_LIMITS.buffer, 'minutes'),
  ),
  capacity: wholeNumber(
    TYPE_LIMITS.capacity.min,
    TYPE_LIMITS.capacity.max,
    rangeMessage('The capacity', TYPE_LIMITS.capacity, 'customers at once'),
  ),
  onlineBookable: checkboxField,
});

const optionalTime = (label: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? '')
    .refine((value) => value === '' || isShopTime(value), {
      message: `Please enter the ${label} as a 24-hour time, like 14:30.`,
    });

/**
 * Add a closure: `fromDate` (and optional `toDate`, the same day when empty), optional
 * `fromTime`/`toTime`, all as the shop's calendar and clock read them, and an optional reason.
 * Without times it covers whole days; `fromTime` starts it later on the first day and `toTime`
 * ends it earlier on the last.
 */
export const addClosureSchema = z
  .object({
    fromDate: z
      .string('Please enter the first day of the closure.')
      .pipe(shopDateField('Please enter the first day of the closure as a date.')),
    toDate: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.optional(shopDateField('Please enter the last day as a date.')),
    ),
    fromTime: optionalTime('starting time'),
    toTime: optionalTime('ending time'),
    reason: z
      .string()
      .optional()
      .transform((value) => (value ?? '').trim())
      .pipe(
        z
          .string()
          .max(
            CLOSURE_REASON_MAX_LENGTH,
            `Please keep the reason to ${CLOSURE_REASON_MAX_LENGTH} characters.`,
          ),
      ),
  })
  .transform((form, ctx) => {
    const lastDay = form.toDate || form.fromDate;
    const startsAt = shopInstant(form.fromDate, form.fromTime || '00:00');
    const endsAt = form.toTime
      ? shopInstant(lastDay, form.toTime)
      : shopInstant(addShopDays(lastDay, 1), '00:00');
    if (endsAt.getTime() <= startsAt.getTime()) {
      ctx.addIssue({
        code: 'custom',
        path: [form.toDate && form.toDate < form.fromDate ? 'toDate' : 'toTime'],
        message: 'The closure must end after it starts.',
      });
      return z.NEVER;
    }
    if (endsAt.getTime() - startsAt.getTime() > CLOSURE_MAX_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: `A closure can last at most ${CLOSURE_MAX_DAYS} days.`,
      });
      return z.NEVER;
    }
    return { startsAt, endsAt, reason: form.reason };
  });

/** Remove a closure by id. */
export const removeClosureSchema = z.object({ id: idField('This closure could not be found.') });

/** The booking rules form: whole numbers typed as text, checked by `bookingSettingsSchema`. */
export const saveRulesSchema = z
  .object({
    version: z.string().optional(),
    cutoffHours: z.string().optional(),
    leadHours: z.string().optional(),
    horizonDays: z.string().optional(),
  })
  .transform((form, ctx) => {
    const number = (value: string | undefined) =>
      value !== undefined && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : Number.NaN;
    const parsed = bookingSettingsSchema.safeParse({
      cutoffHours: number(form.cutoffHours),
      leadHours: number(form.leadHours),
      horizonDays: number(form.horizonDays),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    }
    return { version: form.version ?? '', rules: parsed.data };
  });

/**
 * Saves the booking rules over the version the form was opened at (audit
 * 'booking-settings.update'); the first save creates the row.
 * @throws Refusal 'conflict' when someone saved them since.
 */
export async function saveBookingRules(
  db: Db,
  actor: Actor,
  input: z.output<typeof saveRulesSchema>,
): Promise<string> {
  return auditedWrite(db, actor, {
    read: async (tx) => {
      const [row] = await tx
        .select()
        .from(siteSettings)
        .where(eq(siteSettings.key, BOOKING_SETTINGS_KEY))
        .for('update');
      return { row: row ?? null, current: await getBookingSettings(tx) };
    },
    check: ({ row }) => {
      const stale = row ? input.version !== row.updatedAt.toISOString() : input.version !== '';
      if (stale) {
        throw new Refusal(
          'conflict',
          'The booking rules were changed by someone else since you opened them. Reload and save again.',
        );
      }
      return undefined;
    },
    write: (tx) => putSettingsDocument(tx, BOOKING_SETTINGS_KEY, input.rules),
    audit: ({ current }) => ({
      action: 'booking-settings.update',
      entity: 'settings',
      entityId: BOOKING_SETTINGS_KEY,
      summary: 'Saved the booking rules',
      before: current,
      after: input.rules,
    }),
    answer: () => 'Saved the booking rules.',
  });
}

/** The intents of /admin/appointments/setup. */
type SetupIntent = 'save-type' | 'add-closure' | 'remove-closure' | 'save-rules';

/** The action handlers of /admin/appointments/setup, by intent, for `runAdminAction`. */
export function bookingSetupHandlers(db: Db) {
  return {
    'save-type': adminHandler(saveTypeSchema, (input, admin) =>
      saveAppointmentType(db, admin, input),
    ),
    'add-closure': adminHandler(addClosureSchema, (input, admin) => addClosure(db, admin, input)),
    'remove-closure': adminHandler(removeClosureSchema, (input, admin) =>
      removeClosure(db, admin, input),
    ),
    'save-rules': adminHandler(saveRulesSchema, (input, admin) =>
      saveBookingRules(db, admin, input),
    ),
  } satisfies Record<SetupIntent, AnyAdminHandler>;
}
