/**
 * The back office's measurements (issue 20 item 3): a client's profiles, the 'Record
 * measurements' form, the history, the card, and the staff's unit preference. Every read of
 * a client's measurements and every write is recorded in the audit log (entity 'measurements',
 * id the customer record's), in the same transaction as a write.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '~/lib/db.server';
import {
  FIT_PREFERENCES,
  GARMENT_TYPES,
  type FitPreference,
  type GarmentType,
} from '~/lib/schema-enums';
import { appointments, siteSettings } from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { formFiles } from '~/lib/request-body.server';
import { MediaRejectedError } from '~/features/media/images.server';
import { putSettingsDocument } from '~/features/site/settings-documents.server';
import {
  GARMENTS,
  MEASUREMENT_UNITS,
  measurementValuesSchema,
  POSTURES,
  type MeasurementUnit,
} from '~/features/measurements/garments';
import {
  confirmSelfMeasured,
  getMeasuredCustomer,
  getProfileHistory,
  saveMeasurementVersion,
  storeMeasurementPhotos,
  type MeasuredCustomer,
} from '~/features/measurements/measurements.server';
import { preparePhotos } from '~/features/media/private-photos.server';
import { StorageWriteError } from '~/lib/storage/storage.server';
import { recordAudit, type Actor } from '~/lib/audit.server';
import { getWorkshopSettings } from '~/features/workshop/workshop-settings.server';
import { Refusal } from '~/lib/refusal';

const AUDIT_ENTITY = 'measurements';

/** The site_settings key of a staff member's preferences. */
const prefsKey = (userId: string) => `staff-prefs:${userId}`;

/**
 * The unit a staff member enters and reads measurements in: their own choice, else the shop's
 * (the workshop settings' unit, inches unless the shop chose centimetres: issue 33 item 3).
 */
export async function getStaffUnit(db: Db, userId: string): Promise<MeasurementUnit> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, prefsKey(userId)))
    .limit(1);
  const unit = (row?.value as { unit?: unknown } | undefined)?.unit;
  if (unit === 'in' || unit === 'cm') return unit;
  return (await getWorkshopSettings(db)).unit;
}

/**
 * The client (customer record) whose measurements an administrator opens, with the read
 * recorded in the audit log ("Viewed {what} of {name}").
 * @throws a 404 Response when there is no such record.
 */
export async function openClientMeasurements(
  db: Db,
  admin: Actor,
  customerIdParam: string | undefined,
  what: string,
): Promise<MeasuredCustomer> {
  const customer = /^\d{1,10}$/.test(customerIdParam ?? '')
    ? await getMeasuredCustomer(db, Number(customerIdParam))
    : null;
  if (!customer) throw new Response('Client not found', { status: 404 });
  await recordAudit(db, admin, {
    action: 'measurements.view',
    entity: AUDIT_ENTITY,
    entityId: customer.id,
    summary: `Viewed ${what} of ${customer.name}`,
  });
  return customer;
}

/** The garment of a URL segment or query. @throws a 404 Response for anything else. */
export function garmentParam(value: string | null | undefined): GarmentType {
  if (value && (GARMENT_TYPES as readonly string[]).includes(value)) return value as GarmentType;
  throw new Response('No such garment', { status: 404 });
}

/** The newest values of a client's garment (cm by point), for prefilling the form. */
export async function latestVersionOf(db: Db, customerId: number, garment: GarmentType) {
  const history = await getProfileHistory(db, customerId, garment);
  return history?.versions[0] ?? null;
}

const postureKeys = POSTURES.map((posture) => posture.key) as string[];

/** The fields of the 'Record measurements' form besides the points. */
const recordSchema = z
  .looseObject({
    garment: z.enum(GARMENT_TYPES, 'Choose a garment.'),
    unit: z.enum(MEASUREMENT_UNITS, 'Choose cm or in.'),
    fit: z.enum(FIT_PREFERENCES, 'Choose a fit.'),
    posture: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
      .refine((keys) => keys.every((key) => postureKeys.includes(key)), 'Unknown posture note.'),
    notes: z
      .string()
      .trim()
      .max(2000, 'Please keep the notes to 2,000 characters.')
      .optional()
      .default(''),
    appointmentId: z
      .union([z.literal(''), z.coerce.number().int().positive().max(2_147_483_647)])
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  })
  .transform((input, ctx) => {
    const values = measurementValuesSchema(input.garment, input.unit).safeParse(input);
    if (!values.success) {
      for (const issue of values.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      return z.NEVER;
    }
    return {
      garment: input.garment,
      unit: input.unit,
      fit: input.fit as FitPreference,
      posture: [...new Set(input.posture)],
      notes: input.notes,
      appointmentId: input.appointmentId,
      raw: input as Record<string, unknown>,
    };
  });

/** What an admin form names a garment with, in toasts and the audit log. */
const garmentLabel = (garment: GarmentType) => GARMENTS[garment].label.toLowerCase();

/**
 * The measurement intents of a client's pages (customer record `customerIdParam`):
 * - `save-measurements`: garment, unit, fit, posture (repeated), notes, optional appointmentId,
 *   one field per point of the garment in `unit`, optional `photos` (files): saves version n+1
 *   (values as typed; an unchanged inch value keeps its stored cm), stores the photos;
 * - `confirm-measurements`: garment, version: marks a self-measured version as checked;
 * - `set-unit`: unit ('cm' | 'in'): the administrator's own unit preference.
 * Each records its audit entry; an unknown client is a 404 refusal.
 */
export function measurementHandlers(
  db: Db,
  storage: Storage,
  customerIdParam: string | undefined,
): Record<string, AnyAdminHandler> {
  const client = async () => {
    const customer = /^\d{1,10}$/.test(customerIdParam ?? '')
      ? await getMeasuredCustomer(db, Number(customerIdParam))
      : null;
    if (!customer) throw new Refusal('not-found', 'This client no longer exists.');
    return customer;
  };
  return {
    'save-measurements': adminHandler(recordSchema, async (input, admin, form) => {
      const customer = await client();
      if (input.appointmentId !== undefined) {
        const [appointment] = await db
          .select({ id: appointments.id })
          .from(appointments)
          .where(
            and(eq(appointments.id, input.appointmentId), eq(appointments.customerId, customer.id)),
          );
        if (!appointment) {
          throw new Refusal('invalid', 'That appointment is not this client’s.', 'appointmentId');
        }
      }
      const previous = await latestVersionOf(db, customer.id, input.garment);
      // Read again with the stored values, so an inch value left as shown keeps its cm.
      const values = measurementValuesSchema(input.garment, input.unit, previous?.valuesCm).parse(
        input.raw,
      );
      const buffers = await Promise.all(
        formFiles(form, 'photos').map(async (file) => Buffer.from(await file.arrayBuffer())),
      );
      const photos = await preparePhotos(buffers).catch((error: unknown) => {
        if (error instanceof MediaRejectedError) {
          throw new Refusal(error.code, error.message, 'photos');
        }
        throw error;
      });
      const saved = await db.transaction(async (tx) => {
        const result = await saveMeasurementVersion(tx, {
          customerId: customer.id,
          garment: input.garment,
          valuesCm: values,
          fit: input.fit,
          posture: input.posture,
          notes: input.notes,
          selfMeasured: false,
          takenBy: { id: admin.id, name: admin.name },
          appointmentId: input.appointmentId ?? null,
        });
        await recordAudit(tx, admin, {
          action: 'measurements.save',
          entity: AUDIT_ENTITY,
          entityId: customer.id,
          summary: `Recorded ${garmentLabel(input.garment)} measurements of ${customer.name} (version ${result.version})`,
          before: previous
            ? { version: previous.version, valuesCm: previous.valuesCm, fit: previous.fit }
            : null,
          after: {
            version: result.version,
            valuesCm: values,
            fit: input.fit,
            posture: input.posture,
            notes: input.notes,
          },
        });
        return result;
      });
      if (photos.length > 0) {
        try {
          await storeMeasurementPhotos(db, storage, saved.profileId, photos, admin.id);
        } catch (error) {
          if (!(error instanceof StorageWriteError)) throw error;
          throw new Refusal(
            'unavailable',
            `Version ${saved.version} was saved, but not the photos: the storage is full or unavailable.`,
            'photos',
          );
        }
      }
      return {
        message: `Saved ${garmentLabel(input.garment)} measurements, version ${saved.version}.`,
        id: saved.version,
      };
    }),
    'confirm-measurements': adminHandler(
      z.object({
        garment: z.enum(GARMENT_TYPES, 'Choose a garment.'),
        version: z.coerce.number().int().min(1).max(1_000_000),
      }),
      async (input, admin) => {
        const customer = await client();
        return db.transaction(async (tx) => {
          const confirmed = await confirmSelfMeasured(
            tx,
            customer.id,
            input.garment,
            input.version,
          );
          if (!confirmed) {
            throw new Refusal(
              'conflict',
              'This version is not a self-measured set waiting for a check.',
            );
          }
          await recordAudit(tx, admin, {
            action: 'measurements.confirm',
            entity: AUDIT_ENTITY,
            entityId: customer.id,
            summary: `Confirmed ${customer.name}’s own ${garmentLabel(input.garment)} measurements (version ${input.version})`,
            before: { confirmedAt: null },
            after: { confirmedAt: confirmed.confirmedAt },
          });
          return `Confirmed version ${input.version}.`;
        });
      },
    ),
    'set-unit': adminHandler(
      z.object({ unit: z.enum(MEASUREMENT_UNITS, 'Choose cm or in.') }),
      async (input, admin) => {
        await db.transaction(async (tx) => {
          await putSettingsDocument(tx, prefsKey(admin.id), { unit: input.unit });
          await recordAudit(tx, admin, {
            action: 'measurements.unit',
            entity: 'staff-prefs',
            entityId: admin.id,
            summary: `Chose to read measurements in ${input.unit === 'cm' ? 'centimetres' : 'inches'}`,
            after: { unit: input.unit },
          });
        });
        return `Measurements now read in ${input.unit === 'cm' ? 'centimetres' : 'inches'}.`;
      },
    ),
  };
}
