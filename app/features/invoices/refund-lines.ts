/**
 * Refunds that name the lines they return (issue 29 item 3, "a refund names the lines and
 * quantities (or metres) it returns, and its credit note carries exactly those lines"), pure
 * and in integer paise; client-safe, so the back office's form shows the same figure the
 * server decides.
 *
 * Quantities are counted in hundredths of the line's unit ({@link QUANTITY_SCALE}): one piece
 * is 100, and a line sold by the metre (UQC 'MTR') counts centimetres, so 1.25 m is 125. A
 * piece line returns whole pieces only.
 *
 * The rule ({@link RETURN_RULE}, printed on the credit note): with S the quantity sold on the
 * invoice line, B what earlier refunds returned of it and Q what this refund returns, each
 * amount A of the line (its value, taxable value, CGST) is credited
 * share(A, B + Q) − share(A, B), where share(A, q) = A × q ÷ S rounded half up to the paisa;
 * the last tax (SGST inside the state, IGST outside) is the value less the others. So the
 * returns of a line, added up, give back exactly the invoice line, never a paisa more, and a
 * credit note's lines are parts of the invoice's lines. Section 34 of the CGST Act lets a
 * supplier issue a credit note when goods supplied are returned, and Rule 53 of the CGST Rules
 * asks it for the taxable value, rate and tax credited (text checked at
 * https://www.taxtmi.com/forum/issue?id=113493); here they are those of the returned part of
 * the invoice line. Decision record: docs/decisions/018-refunds-naming-lines.md.
 */
import type { TaxSplit } from './tax';

/** Quantities are whole hundredths of a line's unit: 100 = one piece, or one metre. */
const QUANTITY_SCALE = 100;

/** The unit quantity code of a line sold by length (GST UQC 'MTR', metres). */
const LENGTH_UNIT = 'MTR';

/** Whether a line of this unit code is returned by length (metres to the centimetre). */
export function isLengthUnit(unit: string): boolean {
  return unit === LENGTH_UNIT;
}

/** A document quantity (pieces, or metres) in hundredths: 3.5 → 350. */
export function toCenti(quantity: number): number {
  return Math.round(quantity * QUANTITY_SCALE);
}

/** Hundredths as the quantity a person reads: 350 → '3.50' (metres), 200 → '2' (pieces). */
export function formatReturnQuantity(centi: number, unit: string): string {
  return isLengthUnit(unit)
    ? (centi / QUANTITY_SCALE).toFixed(2)
    : String(Math.floor(centi / QUANTITY_SCALE));
}

/** What reading a typed quantity gives: hundredths, or why it cannot be read. */
export type QuantityReading = { ok: true; centi: number } | { ok: false; message: string };

/**
 * Reads a quantity typed for a line of `unit`: '' or '0' is nothing returned; a piece line
 * takes whole pieces ('2'), a length line metres to the centimetre ('1.25').
 */
export function readReturnQuantity(typed: string, unit: string): QuantityReading {
  const text = typed.trim();
  if (text === '') return { ok: true, centi: 0 };
  const length = isLengthUnit(unit);
  const pattern = length ? /^\d{1,4}(\.\d{1,2})?$/ : /^\d{1,4}$/;
  if (!pattern.test(text)) {
    return {
      ok: false,
      message: length
        ? 'Please enter the length returned in metres, for example 1.25.'
        : 'Please enter the number of pieces returned, for example 1.',
    };
  }
  return { ok: true, centi: Math.round(Number(text) * QUANTITY_SCALE) };
}

/** share(A, q) = A × q ÷ S rounded half up, in BigInt so large lines stay exact. */
function share(amountPaise: number, soldCenti: number, uptoCenti: number): number {
  const twice = BigInt(2) * BigInt(amountPaise) * BigInt(uptoCenti) + BigInt(soldCenti);
  return Number(twice / (BigInt(2) * BigInt(soldCenti)));
}

/** Refuses quantities that are not whole, not positive, or beyond what was sold. */
function assertWindow(soldCenti: number, beforeCenti: number, returnCenti: number) {
  const whole = [soldCenti, beforeCenti, returnCenti].every(
    (value) => Number.isSafeInteger(value) && value >= 0,
  );
  if (!whole || soldCenti === 0 || returnCenti === 0 || beforeCenti + returnCenti > soldCenti) {
    throw new RangeError(
      `cannot return ${returnCenti} after ${beforeCenti} of ${soldCenti} hundredths sold`,
    );
  }
}

/**
 * The value (tax included) credited for returning `returnCenti` of a line of `grossPaise` for
 * `soldCenti`, after `beforeCenti` were returned by earlier refunds (see the module comment).
 * @throws RangeError when a quantity is not whole, nothing is returned, or more than is left.
 */
export function returnedValue(
  grossPaise: number,
  soldCenti: number,
  beforeCenti: number,
  returnCenti: number,
): number {
  assertWindow(soldCenti, beforeCenti, returnCenti);
  return (
    share(grossPaise, soldCenti, beforeCenti + returnCenti) -
    share(grossPaise, soldCenti, beforeCenti)
  );
}

/**
 * The credit note's split of a returned part of an invoice line (`line`, as the invoice keeps
 * it): value, taxable value and CGST by {@link returnedValue}'s rule, and the last tax (SGST
 * when `intraState`, else IGST) the value less the others.
 * @throws RangeError as {@link returnedValue}.
 */
export function returnedSplit(
  line: TaxSplit,
  soldCenti: number,
  beforeCenti: number,
  returnCenti: number,
  intraState: boolean,
): TaxSplit {
  const part = (amount: number) => returnedValue(amount, soldCenti, beforeCenti, returnCenti);
  const grossPaise = part(line.grossPaise);
  const taxablePaise = part(line.taxablePaise);
  const cgstPaise = intraState ? part(line.cgstPaise) : 0;
  const rest = grossPaise - taxablePaise - cgstPaise;
  return {
    grossPaise,
    taxablePaise,
    cgstPaise,
    sgstPaise: intraState ? rest : 0,
    igstPaise: intraState ? 0 : rest,
  };
}

/**
 * The value (tax included) a return of `returnCenti` of `line` credits, in paise (issue 29
 * item 3, decision 018): its share by {@link returnedValue}, but never more than what is left
 * of the line after earlier credit notes (`creditedPaise`: goodwill shares spread over it and
 * earlier returns of it). Without goodwill the share always fits; after goodwill, the returns
 * that reach the end of the line credit less, so the line is never credited twice (0 when
 * nothing is left).
 * @throws RangeError as {@link returnedValue}.
 */
export function returnCredit(
  line: { grossPaise: number; soldCenti: number; returnedCenti: number; creditedPaise: number },
  returnCenti: number,
): number {
  const share = returnedValue(line.grossPaise, line.soldCenti, line.returnedCenti, returnCenti);
  return Math.min(share, Math.max(0, line.grossPaise - line.creditedPaise));
}

/**
 * A returned part's credit-note split (`share`, from {@link returnedSplit}) within what is left
 * of its invoice line after earlier credit notes (`left`, each amount): when the share's value
 * reaches what is left, exactly what is left of each amount (the line then sums to the invoice
 * line); otherwise the share, with its taxable value and CGST no more than what is left of
 * them and the last tax (SGST inside the state, IGST outside) the value less the others.
 */
export function cappedReturnSplit(share: TaxSplit, left: TaxSplit, intraState: boolean): TaxSplit {
  if (share.grossPaise >= left.grossPaise) return { ...left };
  const taxablePaise = Math.min(share.taxablePaise, left.taxablePaise);
  const cgstPaise = intraState ? Math.min(share.cgstPaise, left.cgstPaise) : 0;
  const rest = share.grossPaise - taxablePaise - cgstPaise;
  return {
    grossPaise: share.grossPaise,
    taxablePaise,
    cgstPaise,
    sgstPaise: intraState ? rest : 0,
    igstPaise: intraState ? 0 : rest,
  };
}

/** How a credit note's returned lines were valued, printed on it. */
export const RETURN_RULE =
  'Each returned line is credited its share of the invoice line: amount × quantity returned ÷ quantity sold, rounded half up to the paisa, counted with the earlier returns of the line so that all returns add up to the invoice line, and never more than earlier credit notes (goodwill included) left of the line; the last tax is the value less the taxable value and the other tax.';
