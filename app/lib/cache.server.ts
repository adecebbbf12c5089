import { randomBytes } from 'node:crypto';

/**
 * The version of what public pages show, for their weak ETag: this process's start (so a
 * deploy or restart changes it) and a counter bumped by every catalogue or settings change.
 */
export class PageVersion {
  private readonly boot = randomBytes(6).toString('hex');
  private version = 0;

  /** Marks every page as changed. */
  bump(): void {
    this.version += 1;
  }

  /** The weak ETag of every public page now, e.g. W/"3f9a1c2b7d10-4". */
  etag(): string {
    return `W/"${this.boot}-${this.version}"`;
  }

  /** Whether an If-None-Match header names the current version. */
  matches(ifNoneMatch: string): boolean {
    const current = this.etag();
    return ifNoneMatch
      .split(',')
      .some((tag) => tag.trim() === current || tag.trim() === current.slice(2));
  }
}

/**
 * An in-memory cache of query results for this instance. Entries live at most `ttlMs` and
 * the whole cache is cleared whenever the catalogue or the settings change (the server clears
 * it on every `catalogue` NOTIFY, which every instance hears), so several instances on one
 * database never serve stale data for long. Concurrent misses for one key share one load.
 */
export class QueryCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  /**
   * @param ttlMs how long an entry may be served, in ms; 0 turns the cache off.
   * @param maxEntries the oldest entries are dropped past this many.
   */
  constructor(
    private readonly options: { ttlMs: number; maxEntries: number } = {
      ttlMs: 60_000,
      maxEntries: 1000,
    },
  ) {}

  /** A cache that never stores anything (tests, scripts). */
  static disabled(): QueryCache {
    return new QueryCache({ ttlMs: 0, maxEntries: 0 });
  }

  /** The cached value for `key`, loading it with `load` when absent or expired. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { expires: now + this.options.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
