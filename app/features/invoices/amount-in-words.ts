/**
 * An amount in words as Indian invoices print it (issue 21 item 5), in Indian numbering
 * (thousand, lakh, crore) through the `to-words` library's en-IN locale:
 * 12345600 paise → 'One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees Only';
 * 12345650 paise → '… Fifty Six Rupees And Fifty Paise Only'.
 */
import { ToWords } from 'to-words';

const words = new ToWords({
  localeCode: 'en-IN',
  converterOptions: { currency: true, ignoreDecimal: false, ignoreZeroCurrency: false },
});

/**
 * `paise` in words, rupees and paise.
 * @throws RangeError for a negative amount or one that is not a whole number of paise.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`paise must be a non-negative whole number; got ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  // Whole rupees and paise passed apart, so no floating-point sum is ever converted.
  return words.convert(rest === 0 ? rupees : Number(`${rupees}.${String(rest).padStart(2, '0')}`));
}
