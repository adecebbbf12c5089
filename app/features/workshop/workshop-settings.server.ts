/**
 * The workshop's settings (issue 31 item 1: "The shop can rename and reorder them, and can skip
 * trial"; due dates "with durations per garment type in settings"), kept in `site_settings`
 * under 'workshop': the stages' names and order, whether garments skip the trial, and the days
 * each stage takes per garment type. Missing or invalid fields take their defaults, so a bad
 * edit never stops a ticket. Saved over the version the form was opened at, audited
 * ('settings.update', entity 'settings', id 'workshop'), by the site's `saveSettingsDocument`.
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import type { Actor, DbOrTx } from '~/lib/audit.server';
import { siteSettings } from '~/lib/schema.server';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import { MEASUREMENT_UNITS } from '~/features/measurements/garments';
import { saveSettingsDocument } from '~/features/site/settings-documents.server';
import {
  defaultWorkshopSettings,
  stageOrderProblem,
  WORK_STAGES,
  WORKSHOP_LIMITS,
  type WorkshopSettings,
  type WorkStage,
} from './stages';

/** The key of the settings row. */
const WORKSHOP_SETTINGS_KEY = 'workshop';

const days = z.number().int().min(0).max(WORKSHOP_LIMITS.maxDays);

const storedSchema = z.object({
  order: z
    .array(z.enum(WORK_STAGES))
    .refine((order) => stageOrderProblem(order) === null)
    .catch(defaultWorkshopSettings.order),
  labels: z
    .object(
      Object.fromEntries(
        WORK_STAGES.map((stage) => [
          stage,
          z
            .string()
            .trim()
            .min(1)
            .max(WORKSHOP_LIMITS.maxLabel)
            .catch(defaultWorkshopSettings.labels[stage]),
        ]),
      ) as Record<WorkStage, z.ZodCatch<z.ZodString>>,
    )
    .catch(defaultWorkshopSettings.labels),
  skipTrial: z.boolean().catch(defaultWorkshopSettings.skipTrial),
  unit: z.enum(MEASUREMENT_UNITS).catch(defaultWorkshopSettings.unit),
  durations: z
    .object(
      Object.fromEntries(
        GARMENT_TYPES.map((type) => [
          type,
          z
            .object(
              Object.fromEntries(
                WORK_STAGES.map((stage) => [
                  stage,
                  days.catch(defaultWorkshopSettings.durations[type][stage]),
                ]),
              ) as Record<WorkStage, z.ZodCatch<typeof days>>,
            )
            .catch(defaultWorkshopSettings.durations[type]),
        ]),
      ) as unknown as Record<GarmentType, z.ZodType<Record<WorkStage, number>>>,
    )
    .catch(defaultWorkshopSettings.durations),
}) satisfies z.ZodType<WorkshopSettings>;

/** The workshop's settings, defaults filled in. */
export async function getWorkshopSettings(db: DbOrTx): Promise<WorkshopSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, WORKSHOP_SETTINGS_KEY))
    .limit(1);
  return storedSchema.parse(row?.value ?? {});
}

/** The workshop's settings and the version (the row's `updated_at`) an edit must present. */
export async function getWorkshopSettingsForAdmin(
  db: Db,
): Promise<{ settings: WorkshopSettings; version: string | null }> {
  const [row] = await db
    .select({ updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.key, WORKSHOP_SETTINGS_KEY));
  return {
    settings: await getWorkshopSettings(db),
    version: row?.updatedAt.toISOString() ?? null,
  };
}

const DAYS_MESSAGE = `Please enter whole days from 0 to ${WORKSHOP_LIMITS.maxDays}.`;
const POSITION_MESSAGE = `Please enter a place from 1 to ${WORK_STAGES.length}.`;
const LABEL_MESSAGE = `Please enter a name of 1 to ${WORKSHOP_LIMITS.maxLabel} characters.`;

const daysField = z
  .string({ error: DAYS_MESSAGE })
  .trim()
  .regex(/^\d{1,2}$/, DAYS_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(0, DAYS_MESSAGE).max(WORKSHOP_LIMITS.maxDays, DAYS_MESSAGE));

const positionField = z
  .string({ error: POSITION_MESSAGE })
  .trim()
  .regex(/^\d$/, POSITION_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, POSITION_MESSAGE).max(WORK_STAGES.length, POSITION_MESSAGE));

const labelField = z
  .string({ error: LABEL_MESSAGE })
  .trim()
  .min(1, LABEL_MESSAGE)
  .max(WORKSHOP_LIMITS.maxLabel, LABEL_MESSAGE);

/** A form field's name: `label-<stage>`, `place-<stage>`, `days-<garment type>-<stage>`. */
const labelName = (stage: WorkStage) => `label-${stage}` as const;
const placeName = (stage: WorkStage) => `place-${stage}` as const;
const daysName = (type: GarmentType, stage: WorkStage) => `days-${type}-${stage}` as const;

/**
 * The workshop form (`intent` save-workshop-settings): `version`; each stage's name
 * (`label-<stage>`, 1 to 40 characters) and place (`place-<stage>`, 1 to 8, each once: measured
 * first, ready then delivered last, the trial before the alteration); `skipTrial` ('on' when
 * ticked); `unit` ('in' or 'cm', the job cards' measurements); and each garment type's days per stage (`days-<type>-<stage>`, 0 to 60).
 */
export const workshopSettingsFormSchema = z
  .object({
    version: z.string().optional(),
    skipTrial: z.literal('on').optional(),
    unit: z.enum(MEASUREMENT_UNITS, 'Choose inches or centimetres.'),
    ...(Object.fromEntries(
      WORK_STAGES.flatMap((stage) => [
        [labelName(stage), labelField],
        [placeName(stage), positionField],
      ]),
    ) as Record<string, typeof labelField | typeof positionField>),
    ...(Object.fromEntries(
      GARMENT_TYPES.flatMap((type) =>
        WORK_STAGES.map((stage) => [daysName(type, stage), daysField]),
      ),
    ) as Record<string, typeof daysField>),
  })
  .transform((form) => {
    const fields = form as unknown as Record<string, string | number | undefined>;
    const order = [...WORK_STAGES].sort(
      (a, b) => Number(fields[placeName(a)]) - Number(fields[placeName(b)]),
    );
    const settings: WorkshopSettings = {
      order,
      labels: Object.fromEntries(
        WORK_STAGES.map((stage) => [stage, String(fields[labelName(stage)])]),
      ) as WorkshopSettings['labels'],
      skipTrial: form.skipTrial === 'on',
      unit: form.unit,
      durations: Object.fromEntries(
        GARMENT_TYPES.map((type) => [
          type,
          Object.fromEntries(
            WORK_STAGES.map((stage) => [stage, Number(fields[daysName(type, stage)])]),
          ),
        ]),
      ) as WorkshopSettings['durations'],
    };
    const places = new Set(WORK_STAGES.map((stage) => Number(fields[placeName(stage)])));
    return { version: form.version, settings, placesUnique: places.size === WORK_STAGES.length };
  })
  .superRefine((value, context) => {
    const problem = value.placesUnique
      ? stageOrderProblem(value.settings.order)
      : 'Please give each stage one place.';
    if (problem) context.addIssue({ code: 'custom', path: ['place-measured'], message: problem });
  });

/**
 * Saves the workshop's settings over the version the form was opened at. Tickets already open
 * keep their stages and due dates; new tickets, moves and due dates made after take the new ones.
 * @throws Refusal 'conflict' when someone saved them since.
 */
export async function saveWorkshopSettings(
  db: Db,
  actor: Actor,
  form: z.output<typeof workshopSettingsFormSchema>,
): Promise<string> {
  return saveSettingsDocument<WorkshopSettings>(db, actor, {
    key: WORKSHOP_SETTINGS_KEY,
    version: form.version,
    next: form.settings,
    defaults: defaultWorkshopSettings,
    what: 'The workshop settings were',
    summary: `Edited the workshop's stages${form.settings.skipTrial ? ' (no trial)' : ''}`,
    answer: 'Saved the workshop settings.',
  });
}
