/**
 * Debian's Chromium for the end-to-end tests and the benchmark: where it is, and the flags it
 * needs on this closed network (no sandbox as root, no GPU, no background connections).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/** $CHROME_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROME_PATH ?? '/usr/bin/chromium';
}
