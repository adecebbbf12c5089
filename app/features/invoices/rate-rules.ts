/**
 * GST rate rules as effective-dated data with price bands (issue 29 item 1), pure and in
 * integer paise.
 *
 * A rule names an HSN or SAC code or a prefix of one ('62' a chapter, '6205' a heading,
 * '998821' a service), an optional band on the taxable value of ONE piece (above
 * `abovePaise`, exclusive; up to `upToPaise`, inclusive), a rate in percent and the Kolkata
 * calendar date it takes effect. For a line of code C on date D:
 *
 * 1. the rules whose code is a prefix of C and whose effective date is on or before D;
 * 2. of those, the most specific code (the longest prefix);
 * 3. of that code's rules, the latest effective date: that date's rules are the "generation"
 *    in force (a later generation replaces every band of an earlier one);
 * 4. of the generation, the rule whose band holds the piece's taxable value after any discount
 *    shown on the invoice ({@link chooseBandRule}, decision "GST price bands" for tax-inclusive
 *    prices between two bands).
 *
 * Sources (checked for issue 29, to be confirmed by the shop's accountant): the 56th GST
 * Council (3 September 2025, rates in force from 22-09-2025) put apparel of chapters 61 and 62
 * of sale value not exceeding ₹2,500 a piece at 5% and above it at 18% (before: ₹1,000, 5% and
 * 12%), e.g. https://www.msassociates.pro/gst/gst-apparel.php and
 * https://www.livemint.com/economy/gst-reforms-gst-council-meet-nirmala-sitharaman-tax-on-apparel-footwear-up-to-2500-brought-under-5-percent-slab-details-11756909452669.html
 * (the rows shipped are listed in docs/decisions/024-gst-price-bands.md).
 */
import { formatRupeesExact } from '~/lib/money';
import { formatShopDate } from '~/lib/shop-time';
import { splitInclusive } from './tax';

/** One rate rule as the invoices read it. */
export interface RateRule {
  id: number;
  /** HSN or SAC digits: a chapter (2), heading (4), sub-heading (6) or tariff item (8). */
  code: string;
  /** The band's lower end, exclusive, in paise of one piece's taxable value; null: from 0. */
  abovePaise: number | null;
  /** The band's upper end, inclusive, in paise; null: no upper end. */
  upToPaise: number | null;
  /** Percent, a whole or half number (`isGstRate`). */
  ratePercent: number;
  /** The Kolkata calendar date it takes effect, 'YYYY-MM-DD'. */
  effectiveFrom: string;
  /** A note for the accountant, e.g. the notification it follows. */
  label: string;
}

/** Whether the band of `rule` holds a piece's taxable value of `paise`. */
function bandHolds(rule: Pick<RateRule, 'abovePaise' | 'upToPaise'>, paise: number): boolean {
  return (
    (rule.abovePaise === null || paise > rule.abovePaise) &&
    (rule.upToPaise === null || paise <= rule.upToPaise)
  );
}

/**
 * The generation of rules in force for `code` on `date` ('YYYY-MM-DD', Kolkata): steps 1 to 3
 * of the module comment, band order (lowest band first). Empty when no rule matches.
 */
export function rulesInForce(rules: readonly RateRule[], code: string, date: string): RateRule[] {
  const matching = rules.filter((rule) => code.startsWith(rule.code) && rule.effectiveFrom <= date);
  if (matching.length === 0) return [];
  const longest = Math.max(...matching.map((rule) => rule.code.length));
  const specific = matching.filter((rule) => rule.code.length === longest);
  const latest = specific.reduce(
    (max, rule) => (rule.effectiveFrom > max ? rule.effectiveFrom : max),
    '',
  );
  return specific
    .filter((rule) => rule.effectiveFrom === latest)
    .sort((a, b) => (a.abovePaise ?? -1) - (b.abovePaise ?? -1));
}

/** One piece's value as the invoice prices it. */
export interface PieceValue {
  /** The price of one piece, in paise. */
  piecePaise: number;
  /** True when the price includes GST (the shop's prices); false when it is the taxable value. */
  inclusive: boolean;
  /** A discount on that piece shown on the invoice, in paise (same basis as the price); 0 if none. */
  discountPaise?: number;
}

/** The rule chosen for a piece and the taxable value its band was decided on. */
export interface BandChoice {
  rule: RateRule;
  /** One piece's taxable value after the discount, at the rule's rate, in paise. */
  taxablePiecePaise: number;
}

/**
 * Step 4: the rule of `generation` (one code's rules of one date) for one piece.
 * - Exclusive price: the band that holds the price less the discount.
 * - Inclusive price: each band's rate works the taxable value back from the price less the
 *   discount (`splitInclusive`), and the first band (lowest first) that holds its own result
 *   wins. When none does (5%/18% at ₹2,500: an inclusive price above ₹2,625 and up to ₹2,950),
 *   the highest rate of the generation applies: the tax is then never below what either
 *   reading of the rule asks (decision "GST price bands").
 * @returns null for an empty generation, or an exclusive price that no band holds.
 * @throws RangeError when the price or discount is not whole non-negative paise, or the
 *   discount exceeds the price.
 */
export function chooseBandRule(
  generation: readonly RateRule[],
  piece: PieceValue,
): BandChoice | null {
  const discount = piece.discountPaise ?? 0;
  if (
    !Number.isSafeInteger(piece.piecePaise) ||
    !Number.isSafeInteger(discount) ||
    discount < 0 ||
    discount > piece.piecePaise
  ) {
    throw new RangeError(`not a piece price and discount: ${piece.piecePaise}, ${discount}`);
  }
  const net = piece.piecePaise - discount;
  if (generation.length === 0) return null;
  if (!piece.inclusive) {
    const rule = generation.find((candidate) => bandHolds(candidate, net));
    return rule ? { rule, taxablePiecePaise: net } : null;
  }
  for (const rule of generation) {
    const taxable = splitInclusive(net, rule.ratePercent, true).taxablePaise;
    if (bandHolds(rule, taxable)) return { rule, taxablePiecePaise: taxable };
  }
  const highest = generation.reduce((max, rule) =>
    rule.ratePercent > max.ratePercent ? rule : max,
  );
  return {
    rule: highest,
    taxablePiecePaise: splitInclusive(net, highest.ratePercent, true).taxablePaise,
  };
}

/**
 * The rule for one piece of code `code` on `date`: {@link rulesInForce} then
 * {@link chooseBandRule}. Null when no rule covers it.
 */
export function rateRuleFor(
  rules: readonly RateRule[],
  code: string,
  date: string,
  piece: PieceValue,
): BandChoice | null {
  return chooseBandRule(rulesInForce(rules, code, date), piece);
}

/** A band in words: 'up to ₹2,500 a piece', 'above ₹2,500 a piece', 'any value'. */
export function describeBand(rule: Pick<RateRule, 'abovePaise' | 'upToPaise'>): string {
  const above = rule.abovePaise === null ? null : formatRupeesExact(rule.abovePaise);
  const upTo = rule.upToPaise === null ? null : formatRupeesExact(rule.upToPaise);
  if (above && upTo) return `above ${above} and up to ${upTo} a piece`;
  if (above) return `above ${above} a piece`;
  if (upTo) return `up to ${upTo} a piece`;
  return 'any value';
}

/**
 * A generation in words, for the settings page: '5% up to ₹2,500 a piece; 18% above ₹2,500 a
 * piece (HSN/SAC 62, from 22 September 2025)'; 'No rule' when empty.
 */
export function describeGeneration(generation: readonly RateRule[]): string {
  const first = generation[0];
  if (!first) return 'No rule: add one below.';
  const bands = generation.map((rule) => `${rule.ratePercent}% ${describeBand(rule)}`).join('; ');
  return `${bands} (HSN/SAC ${first.code}, from ${formatShopDate(first.effectiveFrom)})`;
}
