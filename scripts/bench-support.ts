/**
 * What `npm run bench` and `npm run bench:load` share: waiting for a server to answer, and
 * writing their figures into bench/results.json without dropping each other's; and for
 * `npm run bench`, the script-free copy of a page and the server that serves it.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';

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

/**
 * The script-free copy of a page: `html` without any `<script>` element (the JSON-LD ones too:
 * they never execute, so dropping them keeps the rule simple) and without any
 * `<link rel="modulepreload">`. Stylesheets, preloads of images and fonts, and images stay.
 */
export function scriptFree(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '');
}

/** The median of `values` (the mean of the middle two for an even count); NaN when empty. */
export function medianOf(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Serves the script-free copies on `port` (loopback): a request whose path and query equal a
 * key of `copies` gets that HTML (gzip when accepted, as the app does); every other request
 * (/assets, /media, images, CSS, fonts) is passed through to `appOrigin`, so the copy loads the
 * same files from the same server as the page. Resolves with a function that stops it.
 */
export async function serveCopies(
  appOrigin: string,
  port: number,
  copies: Map<string, string>,
): Promise<() => Promise<void>> {
  const app = new URL(appOrigin);
  const server = http.createServer((request, response) => {
    const copy = copies.get(request.url ?? '');
    if (copy !== undefined) {
      const body = Buffer.from(copy);
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
      });
      response.end(gzip ? zlib.gzipSync(body) : body);
      return;
    }
    const upstream = http.request(
      {
        host: app.hostname,
        port: app.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: app.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
