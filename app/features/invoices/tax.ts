import { INDIAN_STATES } from '~/lib/indian-states';

/** The rounding rule, printed on every invoice and credit note (its last clause by the split). */
export function roundingRule(intraState: boolean): string {
  return `Prices include GST. Taxable value = price × 100 ÷ (100 + rate), rounded half up to the paisa; tax = price - taxable value; ${
    intraState
      ? 'CGST = half the tax rounded down to the paisa, SGST = the rest.'
      : 'IGST = the tax.'
  }`;
}

/** How a credit note's refund is spread, printed on every credit note. */
export const APPORTION_RULE =
  'The refund is spread over the invoice lines in proportion to their value (largest remainder, to the paisa), then split into taxable value and tax as on the invoice.';

/**
 * GST state codes of India's states and union territories (the first two digits of a GSTIN),
 * for the names in the checkout's state list.
 */
export const GST_STATE_CODES: Readonly<Record<(typeof INDIAN_STATES)[number], string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** A state as the invoice names it: its name and GST code ('' when the name is not in the list). */
export interface PlaceOfSupply {
  state: string;
  code: string;
}

/** The place of supply for a state name as the order holds it (matched ignoring case and spaces). */
export function placeOfSupply(state: string): PlaceOfSupply {
  const wanted = state.trim().replace(/\s+/g, ' ').toLowerCase();
  const name = INDIAN_STATES.find((candidate) => candidate.toLowerCase() === wanted);
  return name ? { state: name, code: GST_STATE_CODES[name] } : { state: state.trim(), code: '' };
}

/**
 * Why a buyer's GSTIN does not fit the order's place of supply, or null when it does (issue 29
 * item 4). Goods delivered to a buyer are supplied where the delivery ends (section 10(1)(a)
 * of the IGST Act), and a registered buyer takes credit of that state's tax only under its
 * registration in that state, so the GSTIN's state code (its first two digits) must be the
 * delivery state's. An empty GSTIN (a consumer) always fits; so does a state not in the list
 * (no code to compare; the invoice prints the name).
 */
export function gstinStateProblem(gstin: string | undefined, state: string): string | null {
  const code = gstin?.trim().slice(0, 2);
  if (!code) return null;
  const place = placeOfSupply(state);
  if (!place.code || place.code === code) return null;
  const registered = Object.entries(GST_STATE_CODES).find(([, value]) => value === code)?.[0];
  return `This GSTIN is registered in ${registered ?? `state ${code}`}, but the delivery is to ${place.state}. Please give your GSTIN for ${place.state}, or leave it empty.`;
}

/** The largest GST rate accepted, in percent. */
export const MAX_GST_RATE = 28;

/**
 * Whether `rate` is a GST rate this module computes with: a whole or half percent from 0 to
 * {@link MAX_GST_RATE} (0.25 and 1.5 and the like are not used by this shop's goods).
 */
export function isGstRate(rate: number): boolean {
  return Number.isFinite(rate) && rate >= 0 && rate <= MAX_GST_RATE && Number.isInteger(rate * 2);
}

/** One line's value split into its taxable value and taxes, in paise. */
export interface TaxSplit {
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Splits a tax-inclusive `grossPaise` at `ratePercent` (see the module comment for the rule).
 * `intraState`: CGST + SGST when true, IGST when false.
 * @throws RangeError when the gross is not a whole, non-negative number of paise or the rate
 *   is not one {@link isGstRate} accepts.
 */
export function splitInclusive(
  grossPaise: number,
  ratePercent: number,
  intraState: boolean,
): TaxSplit {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) {
    throw new RangeError(`gross must be whole non-negative paise; got ${grossPaise}`);
  }
  if (!isGstRate(ratePercent)) throw new RangeError(`not a GST rate: ${ratePercent}`);
  // In half-percent units, so every step is integer arithmetic: taxable = gross × 200 / (200 + 2r).
  const divisor = 200 + ratePercent * 2;
  const taxablePaise = Math.floor((grossPaise * 200 * 2 + divisor) / (2 * divisor));
  const tax = grossPaise - taxablePaise;
  const cgstPaise = intraState ? Math.floor(tax / 2) : 0;
  return {
    grossPaise,
    taxablePaise,
    cgstPaise,
    sgstPaise: intraState ? tax - cgstPaise : 0,
    igstPaise: intraState ? 0 : tax,
  };
}

/** Sums of several splits. */
export function sumSplits(splits: readonly TaxSplit[]): TaxSplit {
  const total: TaxSplit = {
    grossPaise: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
  };
  for (const split of splits) {
    total.grossPaise += split.grossPaise;
    total.taxablePaise += split.taxablePaise;
    total.cgstPaise += split.cgstPaise;
    total.sgstPaise += split.sgstPaise;
    total.igstPaise += split.igstPaise;
  }
  return total;
}

/**
 * Spreads `refundPaise` over lines of `linePaise` gross values in proportion (largest
 * remainder: each line gets floor(refund × line ÷ total), and the paise left over go one each
 * to the lines with the largest remainders, the earlier line first on a tie).
 * @returns one amount per line, summing to `refundPaise`.
 * @throws RangeError when the refund is negative, not whole, or more than the lines' total.
 */
export function apportionRefund(refundPaise: number, linePaise: readonly number[]): number[] {
  const total = linePaise.reduce((sum, value) => sum + value, 0);
  if (!Number.isSafeInteger(refundPaise) || refundPaise < 0 || refundPaise > total) {
    throw new RangeError(`refund ${refundPaise} is not between 0 and the invoice's ${total}`);
  }
  if (total === 0) return linePaise.map(() => 0);
  // BigInt: refund × line may pass 2^53 for very large orders.
  const shares = linePaise.map((value, index) => {
    const product = BigInt(refundPaise) * BigInt(value);
    return {
      index,
      base: Number(product / BigInt(total)),
      remainder: Number(product % BigInt(total)),
    };
  });
  let left = refundPaise - shares.reduce((sum, share) => sum + share.base, 0);
  const result = shares.map((share) => share.base);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    result[share.index]! += 1;
    left -= 1;
  }
  return result;
}

/**
 * The Indian financial year (1 April to 31 March) of a Kolkata calendar date 'YYYY-MM-DD':
 * '2027-03-31' → { label: '2026-27', short: '26-27' }; '2027-04-01' → '2027-28'.
 * @throws RangeError for a text that is not such a date.
 */
export function financialYearOf(shopDate: string): { label: string; short: string } {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(shopDate);
  if (!match) throw new RangeError(`Not a date: ${shopDate}`);
  const year = Number(match[1]);
  const start = Number(match[2]) >= 4 ? year : year - 1;
  const next = String((start + 1) % 100).padStart(2, '0');
  return {
    label: `${start}-${next}`,
    short: `${String(start % 100).padStart(2, '0')}-${next}`,
  };
}
