/**
 * What a bespoke garment costs (issue 21 items 2 and 3), computed by the server for the
 * configurator's estimate and a bespoke order's quote, and the advance a bespoke order asks
 * for. Pure and client-safe; all amounts are integer paise, lengths centimetres.
 *
 *   garment = base price (per garment type, a setting)
 *           + fabric price per metre × consumption (per garment type, a setting)
 *           + each chosen option's price adjustment
 *
 * The fabric part is rounded half up to the paisa. Prices include GST (the shop's prices do;
 * features/invoices computes the taxable value back from them).
 */
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';

/** A garment type's pricing settings. */
export interface GarmentPricing {
  /** Making charge in paise, before fabric and options. */
  basePricePaise: number;
  /** Fabric used, in centimetres of length (350 = 3.5 m). */
  consumptionCm: number;
}

/** The bespoke settings (`site_settings` row 'bespoke'). */
export interface BespokeSettings {
  /** Share of an order's price asked in advance, in whole percent (1–100; default 50). */
  advancePercent: number;
  garments: Record<GarmentType, GarmentPricing>;
  /**
   * Issue 31 item 7: a fabric sold by the metre warns of low stock in the back office when what
   * is available (stock − metres reserved for garments) falls below this, in centimetres.
   */
  lowStockCm: number;
}

/** What a new install starts with; the shop edits them in the back office. */
export const defaultBespokeSettings: BespokeSettings = {
  advancePercent: 50,
  garments: {
    shirt: { basePricePaise: 180_000, consumptionCm: 160 },
    trouser: { basePricePaise: 150_000, consumptionCm: 130 },
    suit_jacket: { basePricePaise: 900_000, consumptionCm: 180 },
    waistcoat: { basePricePaise: 350_000, consumptionCm: 90 },
    sherwani: { basePricePaise: 1_400_000, consumptionCm: 300 },
    jodhpuri: { basePricePaise: 950_000, consumptionCm: 200 },
    kurta: { basePricePaise: 220_000, consumptionCm: 250 },
    churidar: { basePricePaise: 120_000, consumptionCm: 250 },
  },
  lowStockCm: 500,
};

/** The parts of a garment's price, each in paise. */
export interface GarmentQuote {
  basePaise: number;
  fabricPaise: number;
  optionsPaise: number;
  totalPaise: number;
}

/**
 * The price of one garment.
 * @param input.fabricPricePerMetrePaise the fabric's price per metre (a fabric product's price).
 * @param input.optionPricesPaise each chosen option's adjustment.
 * @throws RangeError when any amount or length is not a non-negative safe integer.
 */
export function quoteGarment(input: {
  basePricePaise: number;
  fabricPricePerMetrePaise: number;
  consumptionCm: number;
  optionPricesPaise: readonly number[];
}): GarmentQuote {
  const amounts = [
    input.basePricePaise,
    input.fabricPricePerMetrePaise,
    input.consumptionCm,
    ...input.optionPricesPaise,
  ];
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw new RangeError(`amounts must be non-negative whole numbers; got ${amount}`);
    }
  }
  const fabricPaise = Math.round((input.fabricPricePerMetrePaise * input.consumptionCm) / 100);
  const optionsPaise = input.optionPricesPaise.reduce((sum, price) => sum + price, 0);
  return {
    basePaise: input.basePricePaise,
    fabricPaise,
    optionsPaise,
    totalPaise: input.basePricePaise + fabricPaise + optionsPaise,
  };
}

/**
 * The advance asked on an order of `totalPaise`: `percent` of it, rounded up to a whole
 * rupee, never more than the total.
 * @throws RangeError for a total that is not a positive safe integer or a percent outside 1–100.
 */
export function advanceDuePaise(totalPaise: number, percent: number): number {
  if (!Number.isSafeInteger(totalPaise) || totalPaise <= 0) {
    throw new RangeError(`totalPaise must be a positive whole number; got ${totalPaise}`);
  }
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
    throw new RangeError(`percent must be a whole number from 1 to 100; got ${percent}`);
  }
  const share = Math.ceil((totalPaise * percent) / 100 / 100) * 100;
  return Math.min(share, totalPaise);
}

/** Whether a string names a garment type. */
export function isGarmentType(value: string): value is GarmentType {
  return (GARMENT_TYPES as readonly string[]).includes(value);
}
