/**
 * Products sold by the piece or by the metre (issue 29 item 2), pure and client-safe.
 *
 * A product sold by the metre has its price a metre (`pricePaise`) and lengths in whole
 * centimetres: the shopper picks a length from `lengthMinCm` to `lengthMaxCm` in steps of
 * `lengthStepCm` counted from the minimum. A cut's price is {@link metreLinePaise}, the one
 * rounding rule of this shop: price a metre × centimetres ÷ 100, rounded half up to the paisa.
 * A cart or order line of such a product holds the cut's length and its quantity is the number
 * of cuts of that length (usually 1); stock is kept in centimetres (pieces for the piece).
 */
import { formatRupees } from '~/lib/money';

/** How lengths and stock of one product are counted (the product's columns that matter here). */
export interface SaleTerms {
  saleUnit: 'piece' | 'metre';
  /** Centimetres; null for a product sold by the piece. */
  lengthStepCm: number | null;
  lengthMinCm: number | null;
  lengthMaxCm: number | null;
}

/**
 * The price of a cut in integer paise: `pricePerMetrePaise × lengthCm / 100`, rounded half
 * up to the paisa (both inputs are non-negative, so half up is away from zero). Exact integer
 * arithmetic: (p × cm + 50) div 100.
 * @throws RangeError when either input is not a non-negative safe integer, or the product
 *   would not be one.
 */
export function metreLinePaise(pricePerMetrePaise: number, lengthCm: number): number {
  for (const [name, value] of [
    ['price a metre', pricePerMetrePaise],
    ['length', lengthCm],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${name} must be a whole non-negative number; got ${value}`);
    }
  }
  const product = pricePerMetrePaise * lengthCm;
  if (!Number.isSafeInteger(product + 50)) throw new RangeError('price × length is too large');
  return Math.floor((product + 50) / 100);
}

/**
 * The price of one unit of a line: the product's price for a piece, the cut's price
 * ({@link metreLinePaise}) for a length (`lengthCm` > 0).
 */
export function unitPriceOf(pricePaise: number, lengthCm: number): number {
  return lengthCm > 0 ? metreLinePaise(pricePaise, lengthCm) : pricePaise;
}

/** A length in centimetres as metres to the centimetre: 350 → '3.50'. */
export function formatMetres(lengthCm: number): string {
  return (lengthCm / 100).toFixed(2);
}

/** A length as the shop shows it: 350 → '3.50 m'. */
export function formatLength(lengthCm: number): string {
  return `${formatMetres(lengthCm)} m`;
}

/** The lengths a shopper may pick, shortest first (empty for a product sold by the piece). */
export function lengthChoices(terms: SaleTerms): number[] {
  const { lengthStepCm: step, lengthMinCm: min, lengthMaxCm: max } = terms;
  if (terms.saleUnit !== 'metre' || !step || !min || !max || step <= 0) return [];
  const choices: number[] = [];
  for (let length = min; length <= max && choices.length < 1000; length += step) {
    choices.push(length);
  }
  return choices;
}

/**
 * Why `lengthCm` cannot be bought of a product with these terms, or null when it can: a
 * product sold by the metre needs a length within its range and on its steps; one sold by the
 * piece takes no length (0).
 */
export function lengthProblem(terms: SaleTerms, lengthCm: number): string | null {
  if (terms.saleUnit !== 'metre') {
    return lengthCm === 0 ? null : 'This product is sold by the piece, not by length';
  }
  const { lengthStepCm: step, lengthMinCm: min, lengthMaxCm: max } = terms;
  if (!step || !min || !max) return 'This product cannot be bought by length just now';
  if (lengthCm === 0) return 'Please choose a length';
  if (lengthCm < min || lengthCm > max) {
    return `Please choose a length from ${formatLength(min)} to ${formatLength(max)}`;
  }
  if ((lengthCm - min) % step !== 0) {
    return `Please choose a length in steps of ${formatLength(step)} from ${formatLength(min)}`;
  }
  return null;
}

/** How much of a product's stock a line takes: centimetres for a cut, pieces otherwise. */
export function stockTaken(line: { lengthCm: number; quantity: number }): number {
  return (line.lengthCm > 0 ? line.lengthCm : 1) * line.quantity;
}

/** A quantity of stock as the shopper reads it: '2.00 m' or '3 pieces'. */
export function formatStock(saleUnit: 'piece' | 'metre', amount: number): string {
  if (saleUnit === 'metre') return formatLength(amount);
  return `${amount} ${amount === 1 ? 'piece' : 'pieces'}`;
}

/**
 * A cut as cart, checkout, orders and e-mails show it (issue 29 item 2):
 * (350, 320000) → '3.50 m × ₹3,200 a metre'.
 */
export function describeCut(lengthCm: number, metrePricePaise: number): string {
  return `${formatLength(lengthCm)} × ${formatRupees(metrePricePaise)} a metre`;
}
