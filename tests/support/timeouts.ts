/**
 * The test suite's time limits, in one place (issue 17 item 13). They are limits against a
 * hang, not measurements: a test must never pass or fail on how fast the machine is, so each
 * is several times what a busy 2-core CI machine needs. `TEST_TIMEOUT_SCALE` (a number, 1 by
 * default) multiplies them all for a slower machine. Figures about speed belong in
 * `npm run bench`, never here.
 */
const scale = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1);

/** Milliseconds. */
export const TIMEOUTS = {
  /** One Vitest test. */
  unitTest: 120_000 * scale,
  /** One Vitest hook (a fresh database, a migrated schema). */
  unitHook: 180_000 * scale,
  /** One child process a test runs (a `tsx` script, a production server's start). */
  subprocess: 180_000 * scale,
  /** One Playwright test. */
  browserTest: 60_000 * scale,
  /** One Playwright expectation (`expect(...).toBeVisible()`, `expect.poll`). */
  expectation: 10_000 * scale,
  /** The end-to-end server's start (build already made; migrations and the demo seed). */
  serverStart: 180_000 * scale,
} as const;
