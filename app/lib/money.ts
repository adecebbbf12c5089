/**
 * Money display and entry. Amounts are integer paise everywhere (DESIGN.md "Data model"); they
 * are shown as rupees in the Indian English locale with no decimals (SPEC.md section 9), in the
 * back office to the paisa, and typed rupees are read back as exact paise.
 */
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Formats paise as rupees: 1500000 -> '₹15,000'; 12345678 -> '₹1,23,457' (Indian grouping,
 * rounded to the rupee). @throws RangeError when paise is not a finite number.
 */
export function formatRupees(paise: number): string {
  if (!Number.isFinite(paise)) throw new RangeError(`not an amount of paise: ${paise}`);
  return rupees.format(Math.round(paise) / 100);
}

/** The amount in rupees as a decimal string for structured data: 1500050 -> '15000.50'. */
export function paiseToDecimal(paise: number): string {
  return (Math.round(paise) / 100).toFixed(2);
}

const rupeesToThePaisa = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats integer paise as rupees to the paisa when there are any, for the back office:
 * 125000 -> '₹1,250', 125050 -> '₹1,250.50'. @throws RangeError when paise is not finite.
 */
export function formatRupeesExact(paise: number): string {
  if (!Number.isFinite(paise)) throw new RangeError(`not an amount of paise: ${paise}`);
  return paise % 100 === 0 ? formatRupees(paise) : rupeesToThePaisa.format(paise / 100);
}

/** Integer paise as rupees written for typing into a field: 125050 -> '1250.50', 125000 -> '1250'. */
export function paiseToRupeesText(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/** Why a typed amount is not one: each a key the caller turns into its own message. */
export type RupeesProblem = 'missing' | 'unreadable' | 'decimals' | 'notPositive' | 'tooHigh';

/** What reading typed rupees gives: the amount in integer paise, or the problem. */
export type RupeesReading = { ok: true; paise: number } | { ok: false; problem: RupeesProblem };

/** Digits of whole rupees past which an amount is refused unread (10^13 rupees in paise is still a safe integer). */
const MAX_RUPEE_DIGITS = 13;

/**
 * Reads an amount typed in rupees ('1250', '1,250.50', '₹ 12,50,000', 'Rs. 799', 'INR 99.')
 * as integer paise, exactly (no floating point). Refuses an empty text (`missing`), anything
 * else that is not a number with Indian or Western commas (`unreadable`), more than two
 * decimals (`decimals`), zero and negative amounts (`notPositive`) and more than `maxPaise`
 * (`tooHigh`). Never throws.
 */
export function readRupees(typed: string, maxPaise: number): RupeesReading {
  const text = typed
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s+/g, '');
  if (text === '') return { ok: false, problem: 'missing' };
  const match = /^([-+]?)(\d[\d,]*)?(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return { ok: false, problem: 'unreadable' };
  const [, sign, whole = '0', fraction = ''] = match;
  if (whole.endsWith(',') || whole.includes(',,')) return { ok: false, problem: 'unreadable' };
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const digits = whole.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  // Far past any limit: never build a huge number from it.
  if (digits.length > MAX_RUPEE_DIGITS) {
    return { ok: false, problem: sign === '-' ? 'notPositive' : 'tooHigh' };
  }
  const paise = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (sign === '-' || paise <= 0) return { ok: false, problem: 'notPositive' };
  if (paise > maxPaise) return { ok: false, problem: 'tooHigh' };
  return { ok: true, paise };
}
