/**
 * The font of every PDF the shop draws (issue 29 item 5: "Embed a font that has ₹ and the
 * Gujarati script … in invoices, credit notes, vouchers and the measurement card"). pdfkit's
 * built-in fonts (Helvetica) are WinAnsi only: no '₹', no Gujarati. Noto Sans Gujarati (SIL
 * Open Font License 1.1, from the maintained `@expo-google-fonts/noto-sans-gujarati` package)
 * holds Latin, the rupee sign U+20B9 and the Gujarati block in one face, so one family serves
 * amounts, English text and Gujarati names alike; pdfkit embeds only the glyphs a document uses.
 *
 * The font files are found at run time through the package's own location (Node's resolver
 * from this module), never a machine path, so the dev server, the tests and the production
 * bundle (which keeps `node_modules` beside it) all read the same files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The names documents select with `pdf.font(…)` once `registerPdfFonts` ran. */
export const PDF_FONT = 'NotoSansGujarati';
export const PDF_FONT_BOLD = 'NotoSansGujarati-Bold';

/** The face files inside the package, by the name they are registered under. */
const FACES = {
  [PDF_FONT]: ['400Regular', 'NotoSansGujarati_400Regular.ttf'],
  [PDF_FONT_BOLD]: ['700Bold', 'NotoSansGujarati_700Bold.ttf'],
} as const;

let loaded: Record<string, Buffer> | null = null;

/**
 * The font files' bytes, read once per process.
 * @throws Error when the package is not installed (a broken deployment, not bad input).
 */
function faces(): Record<string, Buffer> {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@expo-google-fonts/noto-sans-gujarati/package.json'));
  loaded = Object.fromEntries(
    Object.entries(FACES).map(([name, [folder, file]]) => [
      name,
      readFileSync(join(root, folder, file)),
    ]),
  );
  return loaded;
}

/** The part of a pdfkit document this module needs. */
interface FontTarget {
  registerFont(name: string, src: Buffer): unknown;
  font(name: string): unknown;
}

/**
 * Registers the regular (`PDF_FONT`) and bold (`PDF_FONT_BOLD`) faces on `pdf` and selects the
 * regular one. Call it right after `new PDFDocument(…)`.
 * @throws Error when the font package cannot be found.
 */
export function registerPdfFonts(pdf: FontTarget): void {
  for (const [name, bytes] of Object.entries(faces())) pdf.registerFont(name, bytes);
  pdf.font(PDF_FONT);
}
