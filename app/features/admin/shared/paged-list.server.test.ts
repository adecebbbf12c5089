/**
 * The paged list's window (page clamping, offset from page and size) and its two reads running
 * in parallel. No database: the reads are stand-ins that record what they were asked.
 */
import { describe, expect, it } from 'vitest';
import { pagedList, type PageWindow } from './paged-list.server';

/** The window `pagedList` gives the rows read for `page` at 10 a page. */
async function windowFor(page: number): Promise<PageWindow> {
  let asked: PageWindow | undefined;
  await pagedList(
    { page, size: 10 },
    async (window) => {
      asked = window;
      return [];
    },
    async () => 0,
  );
  return asked!;
}

describe('pagedList', () => {
  it('reads the page asked for: limit is the size, offset skips the pages before', async () => {
    expect(await windowFor(1)).toEqual({ limit: 10, offset: 0 });
    expect(await windowFor(3)).toEqual({ limit: 10, offset: 20 });
  });

  it('reads page 1 for a page below 1 or not a number, and rounds a fraction down', async () => {
    expect(await windowFor(0)).toEqual({ limit: 10, offset: 0 });
    expect(await windowFor(-4)).toEqual({ limit: 10, offset: 0 });
    expect(await windowFor(Number.NaN)).toEqual({ limit: 10, offset: 0 });
    expect(await windowFor(2.7)).toEqual({ limit: 10, offset: 10 });
  });

  it('starts both reads before either ends, and answers their rows and total', async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const result = pagedList(
      { page: 2, size: 2 },
      async () => {
        started.push('rows');
        await gate;
        return ['c', 'd'];
      },
      async () => {
        started.push('total');
        await gate;
        return 5;
      },
    );
    await Promise.resolve();
    expect(started).toEqual(['rows', 'total']);
    release();
    expect(await result).toEqual({ rows: ['c', 'd'], total: 5 });
  });
});
