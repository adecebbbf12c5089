/**
 * Return-path payloads an attacker tries for an open redirect (issue 17 items 1 and 2), shared
 * by the unit test of the check and the HTTP test that sends each one on every parameter that
 * carries a return path. None of them may produce a `Location` that leaves the site.
 */
export const REDIRECT_PAYLOADS: readonly string[] = [
  '//evil.example',
  '///evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/./../..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E//evil.example',
  '/.%2e//evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5c/evil.example',
  '\\evil.example',
  '\\\\evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/%09/evil.example',
  '/%00//evil.example',
  ' //evil.example',
  'https:evil.example',
  'https://evil.example',
  'http:/evil.example',
  'HTTPS://evil.example/login',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '@evil.example',
  '\uFF0F\uFF0Fevil.example',
  '/\uFF0Fevil.example',
  '\u2215\u2215evil.example',
  '\u2044\u2044evil.example',
  '/\u3000/evil.example',
  '/%c0%af/evil.example',
  '/%c0%ae%c0%ae//evil.example',
  '/%e0%80%af/evil.example',
  'http://127.0.0.1:1/',
];

/** The payloads from the attack review itself, which got through before the fix. */
export const REPORTED_REDIRECTS = ['/.//evil.example', '/..//evil.example'] as const;

/**
 * Whether a `Location` header value keeps a browser on `origin`: it resolves to that origin and
 * is not protocol-relative. An absent header (no redirect) is safe.
 */
export function locationStaysOn(location: string | null | undefined, origin: string): boolean {
  if (!location) return true;
  // eslint-disable-next-line no-control-regex -- browsers skip leading control characters
  if (/^[\s\u0000-\u001f]*[/\\]{2}/.test(location)) return false;
  try {
    return new URL(location, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
