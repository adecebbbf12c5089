/**
 * What `npm run bench` and `npm run bench:load` share: waiting for a server to answer, and
 * writing their figures into bench/results.json without dropping each other's.
 */
import fs from 'node:fs/promises';
import os from 'node:os';

/**
 * Resolves once `${origin}/healthz` answers 200.
 * @throws when it has not within `timeoutMs` (ms).
 */
export async function waitForHealth(origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${origin} did not become healthy in time`);
}

export const RESULTS_FILE = 'bench/results.json';

/** The machine figures were measured on. */
export function machine() {
  return { cpus: os.cpus().length, node: process.version };
}

/**
 * Merges `figures` (top-level keys such as `lighthouse` or `loadProfile`) into
 * bench/results.json, keeping the keys another benchmark wrote.
 */
export async function writeResults(figures: Record<string, unknown>): Promise<void> {
  const existing = await fs
    .readFile(RESULTS_FILE, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, unknown>)
    .catch(() => ({}));
  const merged = { ...existing, ...figures };
  await fs.mkdir('bench', { recursive: true });
  await fs.writeFile(RESULTS_FILE, `${JSON.stringify(merged, null, 2)}\n`);
}
