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
