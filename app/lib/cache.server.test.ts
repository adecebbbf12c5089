import { describe, expect, it, vi } from 'vitest';
import { PageVersion, QueryCache } from './cache.server';

describe('QueryCache', () => {
  it('loads once per key until cleared, sharing concurrent loads', async () => {
    const cache = new QueryCache({ ttlMs: 60_000, maxEntries: 10 });
    const load = vi.fn(async () => ({ n: 1 }));
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    cache.clear();
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('expires entries and forgets failures', async () => {
    vi.useFakeTimers();
    try {
      const cache = new QueryCache({ ttlMs: 1000, maxEntries: 10 });
      const load = vi.fn(async () => 1);
      await cache.get('k', load);
      vi.advanceTimersByTime(1001);
      await cache.get('k', load);
      expect(load).toHaveBeenCalledTimes(2);
      await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow(
        'down',
      );
      await Promise.resolve();
      expect(await cache.get('bad', async () => 'up')).toBe('up');
    } finally {
      vi.useRealTimers();
    }
  });
  it('keeps at most maxEntries, and stores nothing when disabled', async () => {
    const cache = new QueryCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    const off = QueryCache.disabled();
    const load = vi.fn(async () => 1);
    await off.get('k', load);
    await off.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('PageVersion', () => {
  it('gives a weak ETag that changes with every bump and matches lists of tags', () => {
    const version = new PageVersion();
    const first = version.etag();
    expect(first).toMatch(/^W\/"[0-9a-f]{12}-0"$/);
    expect(version.matches(`"other", ${first}`)).toBe(true);
    version.bump();
    expect(version.etag()).not.toBe(first);
    expect(version.matches(first)).toBe(false);
    expect(new PageVersion().etag()).not.toBe(first);
  });
});
