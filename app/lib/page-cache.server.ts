/**
 * A per-instance cache of whole public pages for anonymous visitors (issue 19 item 6, decision
 * 011). An Express middleware placed after the CSP nonce, helmet and compression and before
 * React Router's handler answers a GET or HEAD without any `Cookie` header from a page it
 * rendered earlier, and otherwise lets the request render and keeps the result when it is a
 * complete, shareable 200 HTML page.
 *
 * - Key: the path and query as the router sees them (the WHATWG URL parser's normalisation),
 *   the catalogue and settings version (`PageVersion`), and whether the visitor is a bot (bots
 *   get the whole page at once, browsers a streamed shell whose deferred parts follow).
 * - Nonce: the stored body is split wherever that render's nonce stood (16 random bytes in
 *   base64, so nothing else matches); each send joins the parts around the request's fresh
 *   nonce, which helmet's CSP header of that request names.
 * - Bounds: at most `maxEntries` pages and `maxBytes` bytes of bodies, the least recently used
 *   dropped first; each entry lives at most `ttlMs`; `clearPagesOnNotify` clears it all on
 *   every `catalogue` NOTIFY (a catalogue entry or the settings changed, hidden or deleted) and
 *   every `pages` NOTIFY (a saved design deleted or changed), which every instance hears.
 * - One render per page at a time: a request for a page that is being rendered for another
 *   visitor waits for that render (at most `COALESCE_WAIT_MS`) and is answered from the cache,
 *   so 50 visitors arriving together on a cold page cost one render, not 50.
 * - Never kept: a request with any cookie (a session, the flash notice or a cart makes a page
 *   personal), a `.data` request, a page that set a cookie, any status but 200, any
 *   Cache-Control but `PUBLIC_PAGE_CACHE_CONTROL`, and a stream that failed or timed out
 *   after its shell (`markPageIncomplete`).
 */
import type { NextFunction, Request, Response } from 'express';
import { isbot } from 'isbot';
import type { PageVersion } from './cache.server';
import type { Database } from './db.server';

/**
 * The Cache-Control of a 200 page for an anonymous visitor (decision 011): browsers keep it and
 * revalidate it every time with its ETag (a 304 before any rendering when nothing changed);
 * shared caches keep none, since every copy carries a nonce of its own. Anything else is
 * `PRIVATE_CACHE_CONTROL`.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'private, no-cache';

/**
 * The Cache-Control of everything else the router answers (decision 011): pages with a cookie,
 * any status but 200, React Router's `.data` answers and resource routes that set none.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Express middleware in front of React Router's handler (issue 28 item 5): a response that
 * reaches its headers without a `Cache-Control` gets `PRIVATE_CACHE_CONTROL`, and every response
 * varies on `Cookie`. It covers every URL form at once: pages (`/x`), their data (`/x.data`,
 * which React Router answers without the page's headers), redirects and resource routes; a
 * rule a route or the page cache set itself is kept.
 */
export function privateUnlessSet(_req: Request, res: Response, next: NextFunction): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.hasHeader('cache-control')) this.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
    this.vary('Cookie');
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
  next();
}

/** The response header that says whether the page came from this cache: `hit` or `miss`. */
const PAGE_CACHE_HEADER = 'X-Page-Cache';

/** How long a request waits for another request's render of the same page, in ms. */
const COALESCE_WAIT_MS = 5_000;

/** Headers that belong to one response only and are never stored with a page. */
const PER_RESPONSE_HEADERS = new Set([
  'content-security-policy',
  'date',
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  PAGE_CACHE_HEADER.toLowerCase(),
]);

export interface PageCacheOptions {
  /** How long a page may be served after it was rendered, in ms; 0 turns the cache off. */
  ttlMs: number;
  /** Most pages kept; the least recently used go first. */
  maxEntries: number;
  /** Most bytes of page bodies kept (uncompressed); the least recently used go first. */
  maxBytes: number;
  /** Largest body kept, in bytes; a larger page is never stored. */
  maxEntryBytes: number;
}

/** A page as it is stored: its status, its headers, and its body cut where the nonce stood. */
export interface CachedPage {
  status: number;
  /** Header names (lower case) and values as the render set them, per-response ones left out. */
  headers: [string, string | string[]][];
  /** The body's pieces; the request's nonce goes between every two of them. */
  parts: Buffer[];
  /** The body's length without its nonces, in bytes. */
  bytes: number;
  /** When the page stops being served, in ms since the epoch. */
  expires: number;
}

/** What `PageCache.set` takes: one rendered page and the nonce it was rendered with. */
export interface RenderedPage {
  status: number;
  headers: [string, string | string[]][];
  body: Buffer;
  nonce: string;
}

/**
 * The cache key of a page: `bot` or `browser`, the page version, then the path and query.
 * @param url the request's URL as Express has it (`req.originalUrl`), e.g. `/shop?page=2`.
 * @returns null when the URL cannot be read (the request is then not cached).
 */
export function pageCacheKey(url: string, version: string, bot: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://page-cache.invalid');
  } catch {
    return null;
  }
  return `${bot ? 'bot' : 'browser'} ${version} ${parsed.pathname}${parsed.search}`;
}

/** `body` cut at every occurrence of `nonce` (the nonce left out); one part when it has none. */
export function splitAtNonce(body: Buffer, nonce: string): Buffer[] {
  const needle = Buffer.from(nonce);
  if (needle.length === 0) return [body];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** The body with `nonce` put back between every two parts. */
export function joinWithNonce(parts: Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(needle);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/**
 * The pages of this instance (see the module's comment). Entries are kept in a Map in order
 * of last use, so the first one is the least recently used.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private storedBytes = 0;
  private clears = 0;

  constructor(
    private readonly options: PageCacheOptions = {
      ttlMs: 60_000,
      maxEntries: 500,
      maxBytes: 64 * 1024 * 1024,
      maxEntryBytes: 2 * 1024 * 1024,
    },
  ) {}

  /** A cache that never stores anything (tests, `PAGE_CACHE=off`-style setups). */
  static disabled(): PageCache {
    return new PageCache({ ttlMs: 0, maxEntries: 0, maxBytes: 0, maxEntryBytes: 0 });
  }

  /** Whether the cache may store anything at all. */
  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.maxEntries > 0;
  }

  /** The page stored under `key` while it has not expired, marked as just used. */
  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    this.entries.delete(key);
    if (page.expires <= now) {
      this.storedBytes -= page.bytes;
      return undefined;
    }
    this.entries.set(key, page);
    return page;
  }

  /**
   * A number that changes on every `clear()`: a render that began before a clear passes the
   * one it read then to `set`, which then drops its (possibly stale) page.
   */
  get generation(): number {
    return this.clears;
  }

  /**
   * Stores a rendered page under `key`, unless the cache was cleared since `generation` was
   * read or the body is larger than `maxEntryBytes`; then drops the least recently used pages
   * until the bounds hold.
   * @returns whether the page was stored.
   */
  set(key: string, page: RenderedPage, generation: number, now = Date.now()): boolean {
    if (!this.enabled || generation !== this.clears) return false;
    if (page.body.length > this.options.maxEntryBytes) return false;
    // A copy, so the stored page does not keep the render's larger buffers alive.
    const parts = splitAtNonce(page.body, page.nonce).map((part) => Buffer.from(part));
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    this.delete(key);
    this.entries.set(key, {
      status: page.status,
      headers: page.headers,
      parts,
      bytes,
      expires: now + this.options.ttlMs,
    });
    this.storedBytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.storedBytes <= this.options.maxBytes)
        break;
      this.delete(oldest);
    }
    return this.entries.has(key);
  }

  /** Drops every page (every catalogue or settings change). */
  clear(): void {
    this.entries.clear();
    this.storedBytes = 0;
    this.clears += 1;
  }

  /** How many pages are stored. */
  get size(): number {
    return this.entries.size;
  }

  /** The stored bodies' total length, in bytes. */
  get bytes(): number {
    return this.storedBytes;
  }

  private delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.storedBytes -= page.bytes;
  }
}

const INCOMPLETE = Symbol('page incomplete');

/**
 * Marks this response's page as not to be stored: its stream failed or timed out after the
 * shell was sent, so the body is not the whole page its 200 promises.
 */
export function markPageIncomplete(res: Response): void {
  (res.locals as Record<symbol, unknown>)[INCOMPLETE] = true;
}

function storedHeaders(res: Response): [string, string | string[]][] {
  const headers: [string, string | string[]][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers.push([name, Array.isArray(value) ? value : String(value)]);
  }
  return headers;
}

function isStorable(req: Request, res: Response, headers: [string, string | string[]][]) {
  const header = (name: string) => headers.find(([key]) => key === name)?.[1];
  const type = header('content-type');
  return (
    req.method === 'GET' &&
    res.statusCode === 200 &&
    !(res.locals as Record<symbol, unknown>)[INCOMPLETE] &&
    !res.hasHeader('set-cookie') &&
    typeof type === 'string' &&
    type.startsWith('text/html') &&
    header('cache-control') === PUBLIC_PAGE_CACHE_CONTROL
  );
}

/**
 * The Express middleware of the page cache (see the module's comment). It needs
 * `res.locals.cspNonce` set before it and must come after compression (it sends and reads
 * uncompressed bodies).
 * @param version the current page version (e.g. `PageVersion.etag()`), part of every key.
 */
export function pageCacheMiddleware(cache: PageCache, version: () => string) {
  /** Renders under way, by key: each settles when its response has finished or closed. */
  const rendering = new Map<string, Promise<void>>();

  /** Sends the stored page under `key`, if any; returns whether it did. */
  const sendCached = (req: Request, res: Response, key: string, nonce: string): boolean => {
    const page = cache.get(key);
    if (!page) return false;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader(PAGE_CACHE_HEADER, 'hit');
    res.status(page.status);
    const body = joinWithNonce(page.parts, nonce);
    res.setHeader('Content-Length', body.length);
    if (req.method === 'HEAD') res.end();
    else res.end(body);
    return true;
  };

  /** Lets the request render, and keeps its page when it may be kept. */
  const renderAndKeep = (
    req: Request,
    res: Response,
    next: NextFunction,
    key: string,
    nonce: string,
  ): void => {
    res.setHeader(PAGE_CACHE_HEADER, 'miss');
    if (req.method !== 'GET') return next();

    if (!rendering.has(key)) {
      let settle!: () => void;
      const settled = new Promise<void>((resolve) => (settle = resolve));
      rendering.set(key, settled);
      res.once('close', () => {
        if (rendering.get(key) === settled) rendering.delete(key);
        settle();
      });
    }
    const generation = cache.generation;
    const chunks: Buffer[] = [];
    let headers: [string, string | string[]][] | undefined;
    let size = 0;
    const keep = (chunk: unknown, encoding: unknown) => {
      headers ??= storedHeaders(res);
      if (size < 0 || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.isBuffer(chunk)
            ? chunk
            : chunk instanceof Uint8Array
              ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
              : undefined;
      // A body of a kind it cannot read is not stored.
      if (!buffer) size = -1;
      else {
        chunks.push(buffer);
        size += buffer.length;
      }
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, ...args: unknown[]) {
      keep(args[0], args[1]);
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as Response['write'];
    res.end = function (this: Response, ...args: unknown[]) {
      keep(args[0], args[1]);
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as Response['end'];
    // 'finish' comes only once the whole response was handed to the connection; a request the
    // visitor left early ends with 'close' alone and is not stored.
    res.once('finish', () => {
      if (!headers || size < 0 || !isStorable(req, res, headers)) return;
      cache.set(
        key,
        { status: 200, headers, body: Buffer.concat(chunks, size), nonce },
        generation,
      );
    });
    next();
  };

  return (req: Request, res: Response, next: NextFunction): void => {
    if (
      !cache.enabled ||
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.headers.cookie !== undefined
    ) {
      return next();
    }
    const userAgent = req.headers['user-agent'];
    const key = pageCacheKey(req.originalUrl, version(), Boolean(userAgent && isbot(userAgent)));
    const nonce = res.locals.cspNonce as unknown;
    // React Router's data requests (client navigations) carry no nonce and are not kept.
    if (key === null || typeof nonce !== 'string' || req.path.endsWith('.data')) {
      return next();
    }
    if (sendCached(req, res, key, nonce)) return;
    const underway = rendering.get(key);
    if (!underway) return renderAndKeep(req, res, next, key, nonce);
    // Another visitor's render of this page is under way: its page serves this one too.
    let waited = false;
    const timer = setTimeout(() => proceed(), COALESCE_WAIT_MS);
    const proceed = () => {
      if (waited) return;
      waited = true;
      clearTimeout(timer);
      if (res.writableEnded || req.destroyed) return;
      if (!sendCached(req, res, key, nonce)) renderAndKeep(req, res, next, key, nonce);
    };
    void underway.then(proceed);
  };
}

/**
 * The NOTIFY channel of changes that make pages stale outside the catalogue: the payload is
 * the page's path. Today a saved design deleted or changed (`/d/<id>`, migration 0013's
 * trigger on `designs`); catalogue tables and the settings announce themselves on `catalogue`.
 */
const PAGES_CHANNEL = 'pages';

/**
 * Keeps this instance's pages fresh on every instance at once (decision 011; issue 28 item 8):
 * on each `catalogue` or `pages` NOTIFY, which every instance hears, the page version is bumped
 * (so a browser revalidating its copy with the old ETag gets the new page, or the 404 of a
 * deleted design, instead of a 304) and the page cache is emptied. A version bump changes every
 * page's ETag and cache key, so the whole cache goes rather than the one page.
 * @param onCatalogue also run on each `catalogue` NOTIFY (the server clears its query cache).
 * @returns a function that stops listening on both channels.
 * @throws when a LISTEN cannot be set up.
 */
export async function clearPagesOnNotify(
  database: Pick<Database, 'listen'>,
  pages: { cache: PageCache; version: PageVersion },
  onCatalogue: () => void = () => {},
): Promise<() => Promise<void>> {
  const clear = () => {
    pages.version.bump();
    pages.cache.clear();
  };
  const stopCatalogue = await database.listen('catalogue', () => {
    onCatalogue();
    clear();
  });
  const stopPages = await database.listen(PAGES_CHANNEL, clear);
  return async () => {
    await stopCatalogue();
    await stopPages();
  };
}
