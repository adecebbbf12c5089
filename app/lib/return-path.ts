/**
 * Return paths and callback URLs that stay on this site (issue 17 items 1 and 2: open
 * redirects). A value is judged by what a browser would do with it after normalisation, not by
 * how it looks: `/.//evil.example`, `/..//evil.example` and `/%2e%2e//evil.example` all resolve
 * (WHATWG URL parser) to the path `//evil.example`, which a `Location` header then sends to
 * another host.
 */

/** A stand-in origin to resolve relative values against when no real one is at hand. */
const PROBE_ORIGIN = 'http://return-path.invalid';

/** Longest return path kept, in characters. */
const MAX_RETURN_PATH = 2000;

/** Characters a browser drops or rewrites inside a URL (tabs, newlines, other controls, "\"). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/**
 * The normalised same-origin path (pathname, query and hash) that `value` leads to, or null
 * when it leads anywhere else or could be read two ways.
 *
 * Accepts a relative path (`/checkout?x=1#y`) or, when `origin` is given, an absolute URL on
 * exactly that origin. Refuses: anything with control characters or a backslash; values not
 * starting with one "/" (protocol-relative `//host`, `https:host`, `javascript:`); anything that
 * the URL parser resolves to another origin; and anything whose normalised path starts with
 * "//" (protocol-relative once it is written into a `Location` header). The answer is a fixed
 * point: passing it in again returns it unchanged.
 */
export function sameOriginPath(value: string, origin?: string): string | null {
  if (!value || value.length > MAX_RETURN_PATH || UNSAFE_CHARACTERS.test(value)) return null;
  const base = origin ? new URL(origin).origin : PROBE_ORIGIN;
  const relative = value.startsWith('/') && !value.startsWith('//');
  if (!relative && !(origin && value.startsWith(`${base}/`))) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || UNSAFE_CHARACTERS.test(path)) return null;
  // The path must mean the same thing when it is resolved again (a browser will).
  const again = new URL(path, base);
  if (again.origin !== base || `${again.pathname}${again.search}${again.hash}` !== path) {
    return null;
  }
  return path;
}

/**
 * Whether a callback URL that Better Auth will put into a `Location` header stays on `origin`
 * once a browser resolves it (issue 17 item 2), with no percent-encoded slash or backslash. An
 * absent or empty value is fine (Better Auth then uses its default).
 */
export function isSameOriginCallback(value: unknown, origin: string): boolean {
  if (value === undefined || value === null || value === '') return true;
  // Encoded slashes and backslashes have no place in a callback's path (its query may carry a
  // return path, e.g. redirectTo=%2Fwishlist); Better Auth's own check refuses them too, but
  // only after logging an error.
  if (typeof value !== 'string' || /%(2f|5c)/i.test(value.split(/[?#]/)[0]!)) return false;
  return sameOriginPath(value, origin) !== null;
}
