/** CSV for the exports staff open in a spreadsheet (the invoice register, GSTR-1). */

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text starting with
 * = + - @ (which a spreadsheet would run as a formula) gets a leading apostrophe.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
