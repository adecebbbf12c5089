/**
 * Money display. Amounts are integer paise everywhere (DESIGN.md "Data model"); they are shown
 * as rupees in the Indian English locale with no decimals (SPEC.md section 9).
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
