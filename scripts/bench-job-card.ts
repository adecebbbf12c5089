/**
 * The job card's part of `npm run bench` (issue 31, "Done when": "a job card PDF in under
 * 300 ms", measured here and never in a timed test). In this process, on an embedded database
 * of its own: one bespoke garment with everything a card prints (`makeJobCardGarment`), then
 * `printJobCard` (what the route does: load, draw, audit) timed BENCH_JOB_CARD_RUNS times
 * (default 20) per size, after one untimed print of each (the first print renders the style
 * drawings and the swatch's variant, which later prints reuse; its time is reported as
 * `firstMs`). Figures in milliseconds: median, p95 and the slowest.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '~/lib/db.server';
import { user } from '~/lib/schema.server';
import { createLocalStorage } from '~/lib/storage/storage.server';
import { JOB_CARD_SIZES, type JobCardSize } from '~/features/workshop/job-card-pdf.server';
import { printJobCard } from '~/features/workshop/job-card-print.server';
import { makeJobCardGarment } from '../tests/support/job-card-fixture';
import { medianOf } from './bench-support';

/** The budget for one job card, ms. */
export const JOB_CARD_BUDGET_MS = 300;

/** One size's timings, ms. */
export interface JobCardTiming {
  size: JobCardSize;
  runs: number;
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** The PDF's size, bytes. */
  bytes: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Times job cards of both sizes.
 * @throws when the database, the fixture or a print fails.
 */
export async function measureJobCards(
  runs = Number(process.env.BENCH_JOB_CARD_RUNS ?? 20),
): Promise<JobCardTiming[]> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-job-card-'));
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const storage = createLocalStorage(path.join(scratch, 'uploads'));
    const actor = { id: 'bench-job-card', email: 'bench@example.com' };
    await database.db
      .insert(user)
      .values({ ...actor, name: 'Bench', emailVerified: true, role: 'admin' });
    const { garmentId } = await makeJobCardGarment(database.db, storage, actor);
    const options = { storage, publicUrl: 'http://127.0.0.1:3250' };
    const print = async (size: JobCardSize) => {
      const started = performance.now();
      const printed = await printJobCard(database.db, actor, garmentId, size, options);
      if (!printed) throw new Error('the bench garment has no job card');
      return { ms: performance.now() - started, bytes: printed.pdf.length };
    };
    const timings: JobCardTiming[] = [];
    for (const size of JOB_CARD_SIZES) {
      const first = await print(size);
      const times: number[] = [];
      let bytes = first.bytes;
      for (let run = 0; run < runs; run += 1) {
        const timed = await print(size);
        times.push(timed.ms);
        bytes = timed.bytes;
      }
      const sorted = [...times].sort((a, b) => a - b);
      timings.push({
        size,
        runs,
        firstMs: round(first.ms),
        medianMs: round(medianOf(times)),
        p95Ms: round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!),
        maxMs: round(sorted[sorted.length - 1]!),
        bytes,
      });
    }
    return timings;
  } finally {
    await database.close();
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Prints the timings as a table, a ✗ beside a p95 over the budget. */
export function printJobCardTimings(timings: JobCardTiming[]): void {
  console.log(
    `\njob card PDF (printJobCard: load, draw, audit; ${timings[0]?.runs ?? 0} runs a size; budget < ${JOB_CARD_BUDGET_MS} ms)`,
  );
  console.table(
    timings.map((t) => ({
      size: t.size,
      'first ms': t.firstMs,
      'median ms': t.medianMs,
      'p95 ms': `${t.p95Ms}${t.p95Ms < JOB_CARD_BUDGET_MS ? '' : ' ✗'}`,
      'max ms': t.maxMs,
      KB: Math.round(t.bytes / 100) / 10,
    })),
  );
}
