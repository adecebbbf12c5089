/**
 * Reading the bespoke settings (`site_settings` row 'bespoke'): the advance percentage and each
 * garment type's base price and fabric consumption (issue 21 items 2 and 4), and the length below
 * which a fabric warns of low stock (issue 31 item 7). Fields that are
 * missing or invalid take their defaults, so a bad edit never stops a quote.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { siteSettings } from '~/lib/schema.server';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import { defaultBespokeSettings, type BespokeSettings, type GarmentPricing } from './pricing';

/** The key of the settings row. */
export const BESPOKE_SETTINGS_KEY = 'bespoke';

/**
 * Limits of what the settings may hold: up to ₹10,00,000 a garment, 20 m of fabric, a low stock
 * warning below at most 1,000 m.
 */
const BESPOKE_LIMITS = {
  maxBasePricePaise: 100_000_000,
  maxConsumptionCm: 2000,
  maxLowStockCm: 100_000,
} as const;

const garmentSchema = (fallback: GarmentPricing) =>
  z
    .object({
      basePricePaise: z.number().int().min(0).max(BESPOKE_LIMITS.maxBasePricePaise),
      consumptionCm: z.number().int().min(0).max(BESPOKE_LIMITS.maxConsumptionCm),
    })
    .catch(fallback);

const storedSchema = z.object({
  advancePercent: z.number().int().min(1).max(100).catch(defaultBespokeSettings.advancePercent),
  garments: z
    .object(
      Object.fromEntries(
        GARMENT_TYPES.map((type) => [type, garmentSchema(defaultBespokeSettings.garments[type])]),
      ) as Record<GarmentType, ReturnType<typeof garmentSchema>>,
    )
    .catch(defaultBespokeSettings.garments),
  lowStockCm: z
    .number()
    .int()
    .min(0)
    .max(BESPOKE_LIMITS.maxLowStockCm)
    .catch(defaultBespokeSettings.lowStockCm),
}) satisfies z.ZodType<BespokeSettings>;

/** The bespoke settings, defaults filled in. */
export async function getBespokeSettings(db: DbOrTx): Promise<BespokeSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, BESPOKE_SETTINGS_KEY))
    .limit(1);
  return storedSchema.parse(row?.value ?? {});
}
