/**
 * The style catalogue in the back office (issue 21 item 1, /admin/style-options): options per
 * garment type and group (add, edit, picture, active and order flags, delete), the pairs not
 * made together with their reasons, and the bespoke prices (advance percent; each garment's
 * base price and fabric consumption) saved as the 'bespoke' settings document. Every change is
 * audited in its transaction. The options' and pairs' writes, with their checks, are the bespoke
 * domain's commands (features/bespoke/style-options-commands.server.ts, issue 30 item 4); the
 * prices are saved by the site's `saveSettingsDocument`.
 *
 * Deleting an option is refused while a saved design uses it (the design's page would lose it):
 * the administrator retires it instead (unticks Active), which the configurator respects.
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { readRupees } from '~/lib/money';
import { media, siteSettings, styleOptionConflicts, styleOptions } from '~/lib/schema.server';
import { GARMENT_TYPES, STYLE_OPTION_GROUPS, type GarmentType } from '~/lib/schema-enums';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { saveSettingsDocument } from '~/features/site/settings-documents.server';
import {
  BESPOKE_SETTINGS_KEY,
  getBespokeSettings,
} from '~/features/bespoke/bespoke-settings.server';
import { defaultBespokeSettings, type BespokeSettings } from '~/features/bespoke/pricing';
import { listStyleOptions, type StyleOption } from '~/features/bespoke/style-catalogue.server';
import { STYLE_GROUP_LABELS, type StyleOptionGroup } from '~/features/bespoke/style-groups';
import {
  addStyleConflict,
  deleteStyleOption,
  removeStyleConflict,
  saveStyleOption,
} from '~/features/bespoke/style-options-commands.server';
import type { Actor } from '~/lib/audit.server';
import { checkboxField, idField } from '~/lib/form-fields.server';

/** An option as the screen edits it, with the version an edit must present. */
export interface StyleOptionRow extends StyleOption {
  version: string;
}

/** A pair not made together. */
interface ConflictRow {
  id: number;
  one: string;
  other: string;
  reason: string;
}

/** Everything /admin/style-options shows. */
export interface StyleOptionsAdmin {
  filter: { garment: GarmentType | ''; group: StyleOptionGroup | '' };
  options: StyleOptionRow[];
  /** Every option, for the conflict form's pickers: id and 'Group: name'. */
  all: { id: number; label: string }[];
  conflicts: ConflictRow[];
  /** Pictures of the media library to pick from. */
  pictures: { imageKey: string; title: string }[];
  prices: BespokeSettings;
  pricesVersion: string | null;
}

/** The list and forms for a filter read from the query (unknown values mean all). */
export async function getStyleOptionsAdmin(
  db: Db,
  params: URLSearchParams,
): Promise<StyleOptionsAdmin> {
  const garment = params.get('garment') ?? '';
  const group = params.get('group') ?? '';
  const filter = {
    garment: (GARMENT_TYPES as readonly string[]).includes(garment) ? (garment as GarmentType) : '',
    group: (STYLE_OPTION_GROUPS as readonly string[]).includes(group)
      ? (group as StyleOptionGroup)
      : '',
  } as const;
  const [all, rows, conflicts, pictures, prices, [pricesRow]] = await Promise.all([
    listStyleOptions(db, { includeInactive: true }),
    db.select({ id: styleOptions.id, updatedAt: styleOptions.updatedAt }).from(styleOptions),
    db.select().from(styleOptionConflicts).orderBy(asc(styleOptionConflicts.id)).limit(500),
    db
      .select({ imageKey: media.imageKey, title: media.title })
      .from(media)
      .where(and(eq(media.kind, 'image'), isNotNull(media.imageKey)))
      .orderBy(desc(media.createdAt))
      .limit(100),
    getBespokeSettings(db),
    db
      .select({ updatedAt: siteSettings.updatedAt })
      .from(siteSettings)
      .where(eq(siteSettings.key, BESPOKE_SETTINGS_KEY)),
  ]);
  const versions = new Map(rows.map((row) => [row.id, row.updatedAt.toISOString()]));
  const label = new Map(all.map((o) => [o.id, `${STYLE_GROUP_LABELS[o.group]}: ${o.name}`]));
  return {
    filter,
    options: all
      .filter(
        (o) =>
          (!filter.garment || o.garmentTypes.includes(filter.garment)) &&
          (!filter.group || o.group === filter.group),
      )
      .map((o) => ({ ...o, version: versions.get(o.id) ?? '' })),
    all: all.map((o) => ({ id: o.id, label: label.get(o.id)! })),
    conflicts: conflicts.map((c) => ({
      id: c.id,
      one: label.get(c.optionId) ?? '?',
      other: label.get(c.otherOptionId) ?? '?',
      reason: c.reason,
    })),
    pictures: pictures.flatMap((p) =>
      p.imageKey ? [{ imageKey: p.imageKey, title: p.title }] : [],
    ),
    prices,
    pricesVersion: pricesRow?.updatedAt.toISOString() ?? null,
  };
}

/** Rupees typed for a price adjustment: '' or 0 is none; at most ₹1,00,000. */
const priceField = z
  .string()
  .optional()
  .transform((typed, ctx) => {
    const text = (typed ?? '').trim();
    if (text === '' || /^(₹\s*)?0+(\.0{1,2})?$/.test(text)) return 0;
    const reading = readRupees(text, 10_000_000);
    if (!reading.ok) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter the extra price in rupees, from 0 to 1,00,000 (like 450 or 450.50).',
      });
      return z.NEVER;
    }
    return reading.paise;
  });

/** Add (no id) or edit (id and version) an option. */
const saveOptionSchema = z.object({
  id: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : null))
    .pipe(z.number().int().positive().max(2_147_483_647).nullable()),
  version: z.string().optional(),
  group: z.enum(STYLE_OPTION_GROUPS, 'Please choose the group.'),
  code: z
    .string('Please enter a code.')
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
      'The code is lower-case letters and digits joined by hyphens, like horn-brown.',
    )
    .max(40, 'Please keep the code to 40 characters.'),
  name: z
    .string('Please enter the name.')
    .trim()
    .min(1, 'Please enter the name.')
    .max(80, 'Please keep the name to 80 characters.'),
  description: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(300, 'Please keep the description to 300 characters.')),
  garmentTypes: z
    .union([z.string(), z.array(z.string())], 'Please tick at least one garment.')
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.enum(GARMENT_TYPES, 'Please tick garments from the list.'))
        .min(1, 'Please tick at least one garment.'),
    ),
  price: priceField,
  displayOrder: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value) : 0))
    .pipe(
      z
        .number('The order is a whole number.')
        .int('The order is a whole number.')
        .min(0, 'The order is from 0 to 100000.')
        .max(100_000, 'The order is from 0 to 100000.'),
    ),
  isActive: checkboxField,
  imageKey: z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(
      z
        .string()
        .regex(/^img-[0-9a-f]{32}$/, 'Please pick a picture from the list.')
        .nullable(),
    ),
});

const deleteOptionSchema = z.object({ id: idField('This style option could not be found.') });

const addConflictSchema = z.object({
  optionId: idField('Please choose the first option.'),
  otherOptionId: idField('Please choose the second option.'),
  reason: z
    .string('Please give the reason shoppers will read.')
    .trim()
    .min(5, 'Please give the reason shoppers will read.')
    .max(200, 'Please keep the reason to 200 characters.'),
});

const removeConflictSchema = z.object({ id: idField('This pair could not be found.') });

/** Rupees typed for a base price: a whole rupee amount up to ₹10,00,000. */
const rupeesField = (label: string) =>
  z.string(`Please enter the ${label}.`).transform((typed, ctx) => {
    const reading = readRupees(typed, 100_000_000);
    if (!reading.ok) {
      ctx.addIssue({
        code: 'custom',
        message: `Please enter the ${label} in rupees, up to 10,00,000.`,
      });
      return z.NEVER;
    }
    return reading.paise;
  });

/** Metres typed for a consumption: 0.1 to 20, to the centimetre. */
const metresField = (label: string) =>
  z.string(`Please enter the ${label}.`).transform((typed, ctx) => {
    const text = typed.trim();
    const cm = /^\d{1,2}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
    if (!(cm >= 10 && cm <= 2000)) {
      ctx.addIssue({
        code: 'custom',
        message: `Please enter the ${label} in metres, from 0.1 to 20 (like 3.5).`,
      });
      return z.NEVER;
    }
    return cm;
  });

const savePricesSchema = z.object({
  version: z.string().optional(),
  advancePercent: z
    .string('Please enter the advance percentage.')
    .trim()
    .regex(/^\d{1,3}$/, 'The advance is a whole percentage from 1 to 100.')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, 'The advance is a whole percentage from 1 to 100.')
        .max(100, 'The advance is a whole percentage from 1 to 100.'),
    ),
  // Issue 31 item 7: in metres, 0 to 1,000 (0: never warn); absent keeps the default.
  lowStockMetres: z
    .string()
    .optional()
    .transform((typed, ctx) => {
      if (typed === undefined) return defaultBespokeSettings.lowStockCm;
      const text = typed.trim();
      const cm = /^\d{1,4}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
      if (!(cm >= 0 && cm <= 100_000)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Please enter the low stock length in metres, from 0 to 1,000 (like 5).',
        });
        return z.NEVER;
      }
      return cm;
    }),
  ...(Object.fromEntries(
    GARMENT_TYPES.flatMap((type) => [
      [`base_${type}`, rupeesField('making price')],
      [`metres_${type}`, metresField('fabric used')],
    ]),
  ) as Record<string, ReturnType<typeof rupeesField>>),
});

/** Saves the bespoke prices (audit 'settings.update', key 'bespoke'). */
async function savePrices(db: Db, actor: Actor, input: z.output<typeof savePricesSchema>) {
  const values = input as unknown as Record<string, number> & {
    version?: string;
    advancePercent: number;
    lowStockMetres: number;
  };
  const next: BespokeSettings = {
    advancePercent: values.advancePercent,
    garments: Object.fromEntries(
      GARMENT_TYPES.map((type) => [
        type,
        { basePricePaise: values[`base_${type}`]!, consumptionCm: values[`metres_${type}`]! },
      ]),
    ) as BespokeSettings['garments'],
    lowStockCm: values.lowStockMetres,
  };
  return saveSettingsDocument(db, actor, {
    key: BESPOKE_SETTINGS_KEY,
    version: input.version,
    next,
    defaults: defaultBespokeSettings,
    what: 'The bespoke prices were',
    summary: 'Edited the bespoke prices',
    answer: 'Bespoke prices saved. The configurator quotes them now.',
  });
}

/** The intents of /admin/style-options. */
type StyleOptionsIntent =
  'save-option' | 'delete-option' | 'add-conflict' | 'remove-conflict' | 'save-prices';

/** The handlers of /admin/style-options' action, by intent. */
export function styleOptionsHandlers(db: Db) {
  return {
    'save-option': adminHandler(saveOptionSchema, (input, admin) =>
      saveStyleOption(db, admin, input),
    ),
    'delete-option': adminHandler(deleteOptionSchema, (input, admin) =>
      deleteStyleOption(db, admin, input),
    ),
    'add-conflict': adminHandler(addConflictSchema, (input, admin) =>
      addStyleConflict(db, admin, input),
    ),
    'remove-conflict': adminHandler(removeConflictSchema, (input, admin) =>
      removeStyleConflict(db, admin, input),
    ),
    'save-prices': adminHandler(savePricesSchema, (input, admin) => savePrices(db, admin, input)),
  } satisfies Record<StyleOptionsIntent, AnyAdminHandler>;
}
