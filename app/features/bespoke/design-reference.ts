/**
 * What staff paste to name a saved design at the counter (issue 30 item 3: "The new-order page
 * … accepts a pasted share link"): the design's id, or its share link, the public URL
 * `/d/<id>` (decision on saved designs, issue 21 item 2), as a full URL (any origin: the id is
 * what names the design), as a host without its scheme, or as a path, with or without a
 * trailing slash, a query or a fragment. Anything else is refused with one clear message.
 * Pure and client-safe; the design itself is looked up by the server (`getDesign`).
 */
import * as z from 'zod';

/** A saved design's id: base64url, 16 to 64 characters (designs.server makes 22). */
const DESIGN_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The path of a design's share link, `/d/<id>` with an optional trailing slash. */
const SHARE_PATH = /^\/d\/([A-Za-z0-9_-]{16,64})\/?$/;

/** The refusal of anything that is neither a design's id nor its share link. */
export const DESIGN_REFERENCE_MESSAGE =
  'Paste the design’s share link (…/d/…) or its id, as the design page shows it.';

/** The path of `text` read as a URL (with a scheme, or a host without one) or a path. */
function pathOf(text: string): string | null {
  let candidate = text;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(candidate) && !candidate.startsWith('/')) {
    // 'shop.example/d/…' or 'd/…': a host without its scheme, or a path without its slash.
    candidate = /^[^\s/]+\.[^\s/]+\//.test(candidate) ? `https://${candidate}` : `/${candidate}`;
  }
  try {
    const url = new URL(candidate, 'https://design.invalid');
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url.pathname;
  } catch {
    return null;
  }
}

/**
 * The design id a pasted text names (trimmed; at most 500 characters), or a zod issue with
 * {@link DESIGN_REFERENCE_MESSAGE}. '' stays '' (no design chosen).
 */
const designReferenceSchema = z
  .string()
  .trim()
  .max(500, DESIGN_REFERENCE_MESSAGE)
  .transform((text, context) => {
    if (text === '' || DESIGN_ID.test(text)) return text;
    const id = SHARE_PATH.exec(pathOf(text) ?? '')?.[1];
    if (id) return id;
    context.addIssue({ code: 'custom', message: DESIGN_REFERENCE_MESSAGE });
    return z.NEVER;
  });

/**
 * Reads a pasted design reference: `{ ok: true, id }` ('' for nothing pasted) or
 * `{ ok: false, message }` naming what is accepted.
 */
export function readDesignReference(
  text: string,
): { ok: true; id: string } | { ok: false; message: string } {
  const parsed = designReferenceSchema.safeParse(text);
  return parsed.success
    ? { ok: true, id: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? DESIGN_REFERENCE_MESSAGE };
}
