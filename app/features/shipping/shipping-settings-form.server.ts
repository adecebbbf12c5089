/**
 * The shipping settings' back-office form (issue 32 item 2: "a zone and weight table in
 * settings", "Orders above a threshold from settings ship free"): reads the form into the
 * settings the checkout uses, and saves them over the version the form was opened at, audited.
 * Fields the form does not show keep their stored values.
 *
 * Money is typed in rupees and kept in integer paise; weights in whole grams; days whole days.
 */
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Actor } from '~/lib/audit.server';
import type { Db } from '~/lib/db.server';
import { rupeesOrZeroField, wholeNumberField, checkboxField } from '~/lib/form-fields.server';
import { INDIAN_STATES } from '~/lib/indian-states';
import { SHIPPING_ZONES, type ShippingZone, type ZoneTariff } from '~/lib/couriers/types';
import { siteSettings } from '~/lib/schema.server';
import { saveSettingsDocument } from '~/features/site/settings-documents.server';
import { getShippingSettings, SHIPPING_SETTINGS_KEY } from './shipping.server';
import {
  defaultShippingSettings,
  SHIPPING_LIMITS,
  type ShippingSettings,
} from './shipping-settings';

/** The settings and the version (the row's `updated_at`) an edit must present. */
export async function getShippingSettingsForAdmin(
  db: Db,
): Promise<{ settings: ShippingSettings; version: string | null }> {
  const [row] = await db
    .select({ updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.key, SHIPPING_SETTINGS_KEY));
  return { settings: await getShippingSettings(db), version: row?.updatedAt.toISOString() ?? null };
}

const maxRupees = (SHIPPING_LIMITS.maxChargePaise / 100).toLocaleString('en-IN');
const CHARGE_MESSAGE = `Please enter a charge in rupees, from 0 to ${maxRupees}.`;
const GRAMS_MESSAGE = `Please enter whole grams, from 1 to ${SHIPPING_LIMITS.maxGrams.toLocaleString('en-IN')}.`;
const DAYS_MESSAGE = `Please enter whole days, from 0 to ${SHIPPING_LIMITS.maxDays}.`;
const PREFIX_MESSAGE =
  'Please list PIN code beginnings of 1 to 6 digits (not starting with 0), separated by commas or spaces.';

const MAX_CONFIRM_HOURS = 24 * 14;
const LIMIT_MESSAGE = `Please enter the largest cash-on-delivery order in rupees, up to ${maxRupees}.`;
const HOURS_MESSAGE = `Please enter whole hours, from 1 to ${MAX_CONFIRM_HOURS}.`;

const RETURN_DAYS_MESSAGE = 'Please enter whole days, from 0 to 60.';

const charge = rupeesOrZeroField(CHARGE_MESSAGE, SHIPPING_LIMITS.maxChargePaise);
const gramsField = wholeNumberField(GRAMS_MESSAGE, 1, SHIPPING_LIMITS.maxGrams);
const daysField = wholeNumberField(DAYS_MESSAGE, 0, SHIPPING_LIMITS.maxDays);

/** A form field's name for a zone's slab `index` (0-based): its weight and its charge. */
const slabGramsName = (zone: ShippingZone, index: number) => `slab-${zone}-${index}-grams`;
const slabChargeName = (zone: ShippingZone, index: number) => `slab-${zone}-${index}-charge`;

/** The settings this form edits; the others keep their stored values. */
type EditedSettings = Pick<
  ShippingSettings,
  | 'zones'
  | 'freeAbovePaise'
  | 'remote'
  | 'dispatchDays'
  | 'pickupEnabled'
  | 'defaultWeightGrams'
  | 'taxRule'
  | 'separateRatePercent'
  | 'cod'
> &
  Partial<Pick<ShippingSettings, 'returnWindowDays'>>;

/** Blank slab rows are skipped; so the weight is optional here and checked below. */
const optionalText = z.string().optional();

const zoneFields = Object.fromEntries(
  SHIPPING_ZONES.flatMap((zone) => [
    [`days-${zone}`, daysField],
    [`extra-${zone}`, charge],
    ...Array.from({ length: SHIPPING_LIMITS.maxSlabs }, (_, index) => [
      [slabGramsName(zone, index), optionalText],
      [slabChargeName(zone, index), optionalText],
    ]).flat(),
  ]),
) as Record<string, z.ZodType<unknown, string | undefined>>;

/**
 * The shipping settings form (`intent` save-shipping-settings): `version`; `freeAbove` (rupees,
 * 0 or blank: never free); `dispatchDays`; `pickupEnabled` (checkbox); `weightPiece` and
 * `weightMetre` (grams); for each zone `days-<zone>`, `extra-<zone>` (rupees a started 500 g
 * above the last slab) and up to 8 slabs `slab-<zone>-<i>-grams` / `-charge` (a blank row is
 * skipped; weights differ within a zone; at least one slab a zone); `remoteState` (repeated:
 * the remote states); `remotePrefixes` (PIN code beginnings); `taxRule` and `separateRate`;
 * cash on delivery (issue 32 item 3): `codEnabled`, `codLimit` and `codFee` (rupees),
 * `codHours` (hours to confirm, 1 to 336); issue 32 item 7: `returnDays`, the return window
 * (0 to 60 days; absent: kept).
 */
export const shippingSettingsFormSchema = z
  .object({
    version: z.string().optional(),
    freeAbove: charge,
    dispatchDays: daysField,
    pickupEnabled: checkboxField,
    weightPiece: gramsField,
    weightMetre: gramsField,
    remoteState: z
      .union(
        [z.enum(INDIAN_STATES), z.array(z.enum(INDIAN_STATES))],
        'Please tick states from the list.',
      )
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    remotePrefixes: z
      .string()
      .max(2_000, PREFIX_MESSAGE)
      .optional()
      .transform((text, context) => {
        const prefixes = (text ?? '').split(/[\s,]+/).filter(Boolean);
        if (prefixes.some((prefix) => !/^[1-9]\d{0,5}$/.test(prefix)) || prefixes.length > 200) {
          context.addIssue({ code: 'custom', message: PREFIX_MESSAGE });
          return z.NEVER;
        }
        return [...new Set(prefixes)];
      }),
    taxRule: z.enum(['principal', 'separate'], 'Please choose how shipping is taxed.'),
    codEnabled: checkboxField,
    codLimit: rupeesOrZeroField(LIMIT_MESSAGE, SHIPPING_LIMITS.maxChargePaise),
    codFee: charge,
    codHours: wholeNumberField(HOURS_MESSAGE, 1, MAX_CONFIRM_HOURS),
    // Issue 32 item 7: the return window; a form without it keeps the stored value.
    returnDays: wholeNumberField(RETURN_DAYS_MESSAGE, 0, 60).optional(),
    separateRate: z
      .string('Please enter a GST rate from 0 to 28.')
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Please enter a GST rate from 0 to 28.')
      .transform(Number)
      .pipe(z.number().min(0).max(28, 'Please enter a GST rate from 0 to 28.')),
    ...zoneFields,
  })
  .transform((form, context) => {
    const fields = form as unknown as Record<string, unknown>;
    const zones = {} as Record<ShippingZone, ZoneTariff>;
    for (const zone of SHIPPING_ZONES) {
      const slabs: ZoneTariff['slabs'] = [];
      const seen = new Set<number>();
      for (let index = 0; index < SHIPPING_LIMITS.maxSlabs; index += 1) {
        const gramsName = slabGramsName(zone, index);
        const chargeName = slabChargeName(zone, index);
        const gramsText = String(fields[gramsName] ?? '').trim();
        const chargeText = String(fields[chargeName] ?? '').trim();
        if (gramsText === '' && chargeText === '') continue;
        const grams = gramsField.safeParse(gramsText);
        const price = charge.safeParse(chargeText);
        if (!grams.success)
          context.addIssue({ code: 'custom', path: [gramsName], message: GRAMS_MESSAGE });
        if (!price.success)
          context.addIssue({ code: 'custom', path: [chargeName], message: CHARGE_MESSAGE });
        if (grams.success && seen.has(grams.data)) {
          context.addIssue({
            code: 'custom',
            path: [gramsName],
            message: 'Each weight of a zone may appear once.',
          });
        }
        if (grams.success) seen.add(grams.data);
        if (grams.success && price.success) {
          slabs.push({ upToGrams: grams.data, chargePaise: price.data });
        }
      }
      if (slabs.length === 0) {
        context.addIssue({
          code: 'custom',
          path: [slabGramsName(zone, 0)],
          message: 'Please give each zone at least one weight and its charge.',
        });
      }
      zones[zone] = {
        slabs: slabs.sort((a, b) => a.upToGrams - b.upToGrams),
        extraPer500gPaise: fields[`extra-${zone}`] as number,
        estimatedDays: fields[`days-${zone}`] as number,
      };
    }
    const edited: EditedSettings = {
      zones,
      freeAbovePaise: form.freeAbove,
      remote: { states: form.remoteState, pincodePrefixes: form.remotePrefixes },
      dispatchDays: form.dispatchDays,
      pickupEnabled: form.pickupEnabled,
      defaultWeightGrams: { piece: form.weightPiece, metre: form.weightMetre },
      taxRule: form.taxRule,
      separateRatePercent: form.separateRate,
      cod: {
        enabled: form.codEnabled,
        limitPaise: form.codLimit,
        feePaise: form.codFee,
        confirmHours: form.codHours,
      },
      ...(form.returnDays === undefined ? {} : { returnWindowDays: form.returnDays }),
    };
    return { version: form.version, edited };
  });

/**
 * Saves the shipping settings over the version the form was opened at. Quotes and checkouts
 * made after the save use them; orders already placed keep their charge.
 * @returns the toast's text.
 * @throws Refusal 'conflict' when someone saved them since.
 */
export async function saveShippingSettings(
  db: Db,
  actor: Actor,
  form: z.output<typeof shippingSettingsFormSchema>,
): Promise<string> {
  const current = await getShippingSettings(db);
  const next: ShippingSettings = { ...current, ...form.edited };
  const free =
    next.freeAbovePaise > 0
      ? `free above ₹${(next.freeAbovePaise / 100).toLocaleString('en-IN')}`
      : 'never free';
  return saveSettingsDocument<ShippingSettings>(db, actor, {
    key: SHIPPING_SETTINGS_KEY,
    version: form.version,
    next,
    defaults: defaultShippingSettings,
    what: 'The shipping settings were',
    summary: `Edited the shipping settings (${free})`,
    answer: 'Saved the shipping settings.',
  });
}
