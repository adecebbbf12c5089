/**
 * `npm run bench` (issue "Benchmark", issue 19 item 7): builds and starts the production
 * server on a fresh data directory, then
 *   (a) Lighthouse, mobile defaults, BENCH_RUNS runs per page, each run beside a run on the
 *       page's script-free copy (served by the bench, see `serveCopies`): scores, LCP, CLS,
 *       TBT, main-thread work (ms), requests, script requests, first-load JS (KiB) and HTML
 *       bytes, each the median of its own runs, and the ratios to the copy; every figure over
 *       its budget is marked;
 *   (b) autocannon, 50 connections for BENCH_SECONDS s, on / and a product page, beside a
 *       static file of the same size from the same server: requests/s, p50/p99 latency (ms);
 *   (c) writes every figure to bench/results.json (beside `npm run bench:load`'s).
 * `-- --compare <git-ref>` builds that ref in a temporary worktree and measures it beside the
 * working tree, alternating runs, and prints before → after (no autocannon then).
 * `-- --strict` exits with 1 when a figure of the working tree misses its budget.
 * (d) the job card PDF's time in this process (`bench-job-card.ts`, issue 31: under 300 ms);
 *     `-- --only job-card` measures that alone, without building or starting the server.
 * Not part of `npm test`. Options: BENCH_RUNS (default 3), BENCH_SECONDS (default 10),
 * BENCH_PORT (default 3250; the bench uses it and the three ports after it), BENCH_PAGES
 * (comma-separated paths instead of the default seven: six public pages, and `/checkout` as a
 * signed-in shopper with a cart on a 375 px screen, `bench-checkout.ts`).
 * `-- --only board` runs only the production board's entry (scripts/bench-board.ts: 500 open
 * work tickets on a scratch database, the board's loader and render timed), nothing else.
 */
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import {
  buildApp,
  checkoutRef,
  type RunningApp,
  commitOf,
  createCleanup,
  startApp,
  warmApp,
  workingTreeDirty,
  type Cleanup,
} from './bench-app';
import {
  lighthouseRun,
  missedBudgets,
  summarise,
  type BudgetFigure,
  type PageFigures,
  type PageLoadOptions,
  type RunFigures,
} from './bench-figures';
import { benchBoard } from './bench-board';
import { CHECKOUT_PAGE, checkoutLoad } from './bench-checkout';
import { machine, RESULTS_FILE, scriptFree, serveCopies, writeResults } from './bench-support';
import {
  JOB_CARD_BUDGET_MS,
  measureJobCards,
  printJobCardTimings,
  type JobCardTiming,
} from './bench-job-card';

const { values: options } = parseArgs({
  options: {
    compare: { type: 'string' },
    strict: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 3250);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** One build under measurement: its server, its copies' server and its runs. */
interface Target {
  origin: string;
  copyOrigin: string;
  /** How Lighthouse loads a page beyond its defaults (the checkout's shopper and width). */
  loads: Map<string, PageLoadOptions>;
  htmlBytes: Map<string, number>;
  runs: Map<string, RunFigures[]>;
  copyRuns: Map<string, RunFigures[]>;
}

/** The public pages, then the signed-in shopper's checkout at 375 px (issue 32). */
async function defaultPages(origins: string[]): Promise<string[]> {
  const pages = ['/', '/wardrobe', '/category?subcategory=sherwani', '/product/1'];
  const gallery = await Promise.all(origins.map(async (o) => (await fetch(`${o}/gallery`)).ok));
  if (gallery.every(Boolean)) pages.push('/gallery');
  pages.push('/contact', CHECKOUT_PAGE);
  return pages;
}

async function prepare(app: RunningApp, copyPort: number, pages: string[], cleanup: Cleanup) {
  const { origin } = app;
  await warmApp(origin, pages);
  const loads = new Map<string, PageLoadOptions>();
  if (pages.includes(CHECKOUT_PAGE)) loads.set(CHECKOUT_PAGE, await checkoutLoad(app));
  const htmlBytes = new Map<string, number>();
  const copies = new Map<string, string>();
  for (const page of pages) {
    const response = await fetch(`${origin}${page}`, { headers: loads.get(page)?.headers });
    if (!response.ok) throw new Error(`${origin}${page} answered ${response.status}`);
    const html = await response.text();
    htmlBytes.set(page, Buffer.byteLength(html));
    copies.set(page, scriptFree(html));
  }
  cleanup.add(await serveCopies(origin, copyPort, copies));
  const target: Target = {
    origin,
    copyOrigin: `http://127.0.0.1:${copyPort}`,
    loads,
    htmlBytes,
    runs: new Map(pages.map((page) => [page, []])),
    copyRuns: new Map(pages.map((page) => [page, []])),
  };
  return target;
}

/** Lighthouse on every page: per run, each target's page, then each target's copy. */
async function measure(targets: Target[], pages: string[], cleanup: Cleanup) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    handleSIGINT: false,
  });
  cleanup.add(() => chrome.kill());
  for (const page of pages) {
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of targets) {
        const load = target.loads.get(page);
        target.runs
          .get(page)!
          .push(await lighthouseRun(chrome.port, `${target.origin}${page}`, undefined, load));
      }
      for (const target of targets) {
        // The copy on the same screen; its server needs no cookie.
        const widthPx = target.loads.get(page)?.widthPx;
        target.copyRuns.get(page)!.push(
          await lighthouseRun(chrome.port, `${target.copyOrigin}${page}`, ['performance'], {
            widthPx,
          }),
        );
      }
    }
    console.log(`lighthouse ${page}: done`);
  }
  await chrome.kill();
  return targets.map((target) =>
    pages.map((page) =>
      summarise(
        page,
        target.htmlBytes.get(page)!,
        target.runs.get(page)!,
        target.copyRuns.get(page)!,
      ),
    ),
  );
}

/** The columns both tables print: header, figure, text. */
const COLUMNS: [string, keyof PageFigures, (f: PageFigures) => string][] = [
  ['perf', 'performance', (f) => String(f.performance)],
  ['LCP ms', 'lcpMs', (f) => String(f.lcpMs)],
  ['TBT ms', 'tbtMs', (f) => String(f.tbtMs)],
  ['main ms', 'mainThreadMs', (f) => String(f.mainThreadMs)],
  ['copy main ms', 'copy', (f) => String(f.copy.mainThreadMs)],
  ['main ×copy', 'mainThreadRatio', (f) => f.mainThreadRatio.toFixed(2)],
  ['TBT ×copy', 'tbtRatio', (f) => f.tbtRatio.toFixed(2)],
  ['requests', 'requests', (f) => String(f.requests)],
  ['scripts', 'scriptRequests', (f) => String(f.scriptRequests)],
  ['JS KiB', 'scriptKiB', (f) => f.scriptKiB.toFixed(1)],
  ['sw.js KiB', 'workerKiB', (f) => f.workerKiB.toFixed(1)],
  ['HTML KB', 'htmlBytes', (f) => (f.htmlBytes / 1000).toFixed(1)],
];

function cell(page: PageFigures, figure: keyof PageFigures, text: string): string {
  return missedBudgets(page).has(figure as BudgetFigure) ? `${text} ✗` : text;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((text, i) => (i === 0 ? text.padEnd(widths[i]!) : text.padStart(widths[i]!)));
  console.log(line(header).join('  '));
  for (const row of rows) console.log(line(row).join('  '));
}

const LEGEND =
  '✗ over budget: perf >= 95, LCP <= 2000 ms, TBT <= 200 ms, main-thread and TBT <= 2× the ' +
  'script-free copy (TBT against at least 50 ms), <= 12 scripts, JS <= 150 KiB (120 KiB on ' +
  'content pages), HTML <= 60 KB on home, listing and product pages';

function printPages(figures: PageFigures[]): void {
  printTable(
    ['page', 'a11y', 'bp', 'seo', 'CLS', ...COLUMNS.map(([title]) => title)],
    figures.map((f) => [
      f.path,
      String(f.accessibility),
      String(f.bestPractices),
      String(f.seo),
      String(f.cls),
      ...COLUMNS.map(([, figure, text]) => cell(f, figure, text(f))),
    ]),
  );
}

function printComparison(before: PageFigures[], after: PageFigures[]): void {
  printTable(
    ['page', ...COLUMNS.map(([title]) => title)],
    after.map((f, index) => {
      const b = before[index]!;
      return [
        f.path,
        ...COLUMNS.map(
          ([, figure, text]) => `${cell(b, figure, text(b))} → ${cell(f, figure, text(f))}`,
        ),
      ];
    }),
  );
}

interface LoadFigures {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  bytes: number;
}

/**
 * autocannon at 50 connections for BENCH_SECONDS s on one URL.
 * @param headers extra request headers (a cookie keeps the page cache out of the way).
 */
async function load(
  origin: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${origin}${pathname}`,
    connections: 50,
    duration: SECONDS,
    headers,
  });
  return {
    path: pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytes: Math.round(result.throughput.average / Math.max(result.requests.average, 1)),
  };
}

/** A page's throughput beside a static file of the same bytes (issue 19 item 6). */
interface PageLoad {
  path: string;
  /** Anonymous visitors, served from the page cache after the first render. */
  cached: LoadFigures & { ratio: number };
  /** The same page rendered for every request (any cookie keeps the page cache out). */
  uncached: LoadFigures & { ratio: number };
  static: LoadFigures;
}

/** Budgets of issue 19 item 6: cached pages at least half a static file's throughput with a
 * p99 under 100 ms, uncached server rendering at least a fifth. */
const LOAD_BUDGETS = { cachedRatio: 0.5, cachedP99Ms: 100, uncachedRatio: 0.2 };

async function loadPages(origin: string, cleanup: Cleanup): Promise<PageLoad[]> {
  const figures: PageLoad[] = [];
  for (const page of ['/', '/product/1']) {
    const html = await (await fetch(`${origin}${page}`)).text();
    const name = `bench-static-${figures.length}.html`;
    const file = path.join('build/client', name);
    await fs.writeFile(file, html);
    cleanup.add(() => fs.rm(file, { force: true }));
    const stat = await load(origin, `/${name}`);
    const cached = await load(origin, page);
    const uncached = await load(origin, page, { cookie: 'bench=uncached' });
    const ratio = (f: LoadFigures) =>
      Number((f.requestsPerSecond / Math.max(stat.requestsPerSecond, 1)).toFixed(3));
    figures.push({
      path: page,
      cached: { ...cached, ratio: ratio(cached) },
      uncached: { ...uncached, ratio: ratio(uncached) },
      static: stat,
    });
    console.log(`autocannon ${page}: done`);
  }
  return figures;
}

/** `value` with a ✗ when `ok` is false. */
const judged = (value: number, ok: boolean) => `${value}${ok ? '' : ' ✗'}`;

function anyMissed(figures: PageFigures[]): boolean {
  return figures.some((f) => missedBudgets(f).size > 0);
}

const jobCardMissed = (timings: JobCardTiming[]) =>
  timings.some((t) => t.p95Ms >= JOB_CARD_BUDGET_MS);

/** `-- --only job-card`: the job card's timings alone. */
async function jobCardsOnly() {
  const timings = await measureJobCards();
  printJobCardTimings(timings);
  await writeResults({
    jobCard: { measuredAt: new Date().toISOString(), machine: machine(), timings },
  });
  console.log(`\nWritten to ${RESULTS_FILE}`);
  if (options.strict && jobCardMissed(timings)) process.exitCode = 1;
}

async function main(cleanup: Cleanup) {
  if (options.only === 'board') {
    await benchBoard();
    return;
  }
  if (options.only === 'job-card') return jobCardsOnly();
  if (options.only !== undefined) {
    throw new Error(`--only ${options.only}: unknown entry (known: board, job-card)`);
  }
  const requested = process.env.BENCH_PAGES?.split(',')
    .map((page) => page.trim())
    .filter(Boolean);

  if (options.compare !== undefined) {
    const ref = options.compare;
    const beforeCommit = commitOf(ref);
    const afterCommit = commitOf('HEAD');
    const dirty = workingTreeDirty();
    const refDir = await checkoutRef(beforeCommit, cleanup);
    buildApp(refDir);
    buildApp(process.cwd());
    const beforeApp = await startApp(refDir, PORT + 2, cleanup);
    const afterApp = await startApp(process.cwd(), PORT, cleanup);
    const pages = requested ?? (await defaultPages([beforeApp.origin, afterApp.origin]));
    const before = await prepare(beforeApp, PORT + 3, pages, cleanup);
    const after = await prepare(afterApp, PORT + 1, pages, cleanup);
    const [beforeFigures, afterFigures] = await measure([before, after], pages, cleanup);
    const afterName = `working tree (${afterCommit.slice(0, 10)}${dirty ? ' + changes' : ''})`;
    console.log(
      `\nLighthouse (mobile, medians of ${RUNS} runs): ${ref} (${beforeCommit.slice(0, 10)}) → ${afterName}`,
    );
    printComparison(beforeFigures!, afterFigures!);
    console.log(LEGEND);
    console.log('\nautocannon: skipped in --compare mode (run `npm run bench` on each side)');
    await writeResults({
      compare: {
        measuredAt: new Date().toISOString(),
        machine: machine(),
        runs: RUNS,
        before: { ref, commit: beforeCommit, lighthouse: beforeFigures },
        after: { commit: afterCommit, uncommittedChanges: dirty, lighthouse: afterFigures },
      },
    });
    console.log(`\nWritten to ${RESULTS_FILE}`);
    if (options.strict && anyMissed(afterFigures!)) process.exitCode = 1;
    return;
  }

  buildApp(process.cwd());
  const app = await startApp(process.cwd(), PORT, cleanup);
  const { origin } = app;
  const pages = requested ?? (await defaultPages([origin]));
  const target = await prepare(app, PORT + 1, pages, cleanup);
  const [figures] = await measure([target], pages, cleanup);
  const loadFigures = await loadPages(origin, cleanup);
  const jobCardTimings = await measureJobCards();

  console.log(`\nLighthouse (mobile, medians of ${RUNS} runs)`);
  printPages(figures!);
  console.log(LEGEND);
  console.log(
    `\nautocannon (50 connections, ${SECONDS} s; budgets: cached ≥ ${LOAD_BUDGETS.cachedRatio}× static with p99 < ${LOAD_BUDGETS.cachedP99Ms} ms, uncached ≥ ${LOAD_BUDGETS.uncachedRatio}× static)`,
  );
  console.table(
    loadFigures.map((f) => ({
      page: f.path,
      'static req/s': f.static.requestsPerSecond,
      'cached req/s': f.cached.requestsPerSecond,
      'cached ×static': judged(f.cached.ratio, f.cached.ratio >= LOAD_BUDGETS.cachedRatio),
      'cached p99 ms': judged(f.cached.p99Ms, f.cached.p99Ms < LOAD_BUDGETS.cachedP99Ms),
      'uncached req/s': f.uncached.requestsPerSecond,
      'uncached ×static': judged(f.uncached.ratio, f.uncached.ratio >= LOAD_BUDGETS.uncachedRatio),
      'uncached p99 ms': f.uncached.p99Ms,
      errors: f.static.errors + f.cached.errors + f.uncached.errors,
    })),
  );
  printJobCardTimings(jobCardTimings);
  await writeResults({
    measuredAt: new Date().toISOString(),
    machine: machine(),
    lighthouse: figures,
    load: loadFigures,
    jobCard: { timings: jobCardTimings },
  });
  console.log(`\nWritten to ${RESULTS_FILE}`);
  if (options.strict && (anyMissed(figures!) || jobCardMissed(jobCardTimings))) {
    process.exitCode = 1;
  }
}

const cleanup = createCleanup();
try {
  await main(cleanup);
} finally {
  await cleanup.run();
}
