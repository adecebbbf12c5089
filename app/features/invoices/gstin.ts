/**
 * GSTIN checks (issue 21 item 5: the supplier's GSTIN comes from settings, validated). A GSTIN
 * is 15 characters: the 2-digit state code, the holder's 10-character PAN (5 letters, 4 digits,
 * a letter), the entity number (1–9 or A–Z), 'Z', and a check character computed from the
 * first 14 (the GSTN's mod-36 scheme: alternate weights 1 and 2, each product's base-36 digits
 * summed).
 */

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^([0-9]{2})([A-Z]{5}[0-9]{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** The check character for the first 14 characters of a GSTIN (upper case). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = BASE36.indexOf(first14[i] ?? '');
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** Why a typed GSTIN is refused, or null when it is a valid one (checked in upper case). */
export function gstinProblem(gstin: string): string | null {
  const value = gstin.trim().toUpperCase();
  if (value.length !== 15) return 'A GSTIN has 15 characters.';
  const match = SHAPE.exec(value);
  if (!match) {
    return 'A GSTIN is the 2-digit state code, the 10-character PAN, the entity number, Z and a check character.';
  }
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) {
    return 'This GSTIN’s check character does not match: please check it for a typing mistake.';
  }
  return null;
}
