/**
 * The figures `npm run bench` takes from Lighthouse, their medians, the ratios to the
 * script-free copy, and the budgets of issue 19 that judge them.
 */
import lighthouse from 'lighthouse';
import { medianOf } from './bench-support';

/** What one Lighthouse run of one page (or of its script-free copy) gives. */
export interface RunFigures {
  /** Category scores, 0–100 (NaN when the category was not run). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Main-thread work, audit `mainthread-work-breakdown`, in ms. */
  mainThreadMs: number;
  /** Every request of the load, the document included. */
  requests: number;
  /** The page's scripts: the service worker's script, fetched once the page is idle and run
   * off the page, is not one of them (it is `workerKiB`). */
  scriptRequests: number;
  /** Transfer size (compressed) of the page's scripts, in KiB. */
  scriptKiB: number;
  /** Transfer size of the service worker's script (/sw.js) when the run fetched it, in KiB. */
  workerKiB: number;
  /** Transfer size of the document, in bytes. */
  htmlTransferBytes: number;
}

interface SummaryItem {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

/**
 * How a page is loaded beyond Lighthouse's mobile defaults: request headers (a signed-in
 * shopper's session cookie) and a screen width in CSS px (e.g. 375, a small phone; the
 * default is Lighthouse's 412 px).
 */
export interface PageLoadOptions {
  headers?: Record<string, string>;
  widthPx?: number;
}

/**
 * Runs Lighthouse (mobile defaults, throttled) once on `url` in the Chromium listening on
 * `port`, with `load`'s headers and screen width. `categories` defaults to all four; the copy
 * only needs performance.
 */
export async function lighthouseRun(
  port: number,
  url: string,
  categories = ['performance', 'accessibility', 'best-practices', 'seo'],
  load: PageLoadOptions = {},
): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    ...(load.headers ? { extraHeaders: load.headers } : {}),
    ...(load.widthPx
      ? {
          screenEmulation: {
            mobile: true,
            width: load.widthPx,
            height: 812,
            deviceScaleFactor: 2,
            disabled: false,
          },
        }
      : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : NaN;
  };
  const summary =
    (lhr.audits['resource-summary']?.details as { items?: SummaryItem[] } | undefined)?.items ?? [];
  const ofType = (type: string) => summary.find((item) => item.resourceType === type);
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  const documentRequest = requests.find((item) => item.resourceType === 'Document');
  const isWorker = (item: { url: string }) => new URL(item.url).pathname === '/sw.js';
  const scripts = requests.filter((item) => item.resourceType === 'Script' && !isWorker(item));
  const kib = (items: { transferSize?: number }[]) =>
    Number((items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024).toFixed(1));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(audit('total-blocking-time')),
    mainThreadMs: Math.round(audit('mainthread-work-breakdown')),
    requests: ofType('total')?.requestCount ?? NaN,
    scriptRequests: scripts.length,
    scriptKiB: kib(scripts),
    workerKiB: kib(requests.filter(isWorker)),
    htmlTransferBytes: documentRequest?.transferSize ?? NaN,
  };
}

/**
 * The TBT ratio's floor for the copy, in ms. A page without scripts usually has no task over
 * 50 ms, so its TBT is 0 and a plain ratio would be infinite; 50 ms is one long task's
 * threshold, so the ratio reads "how many long-task thresholds of blocking the scripts add".
 */
const COPY_TBT_FLOOR_MS = 50;

/** One page's figures: each the median of its own runs, so they may come from different runs. */
export interface PageFigures extends Omit<RunFigures, 'htmlTransferBytes'> {
  path: string;
  /** Uncompressed length of the page's HTML as the bench fetched it, in bytes. */
  htmlBytes: number;
  /** Transfer size of the document in Lighthouse's load, in bytes. */
  htmlTransferBytes: number;
  /** The script-free copy's medians. */
  copy: { performance: number; lcpMs: number; tbtMs: number; mainThreadMs: number };
  /** Main-thread work of the page over that of the copy. */
  mainThreadRatio: number;
  /** TBT of the page over max(TBT of the copy, 50 ms). */
  tbtRatio: number;
}

/** Medians of `runs` (the page) and `copyRuns` (its copy), and the ratios between them. */
export function summarise(
  pathname: string,
  htmlBytes: number,
  runs: RunFigures[],
  copyRuns: RunFigures[],
): PageFigures {
  const of = (list: RunFigures[], key: keyof RunFigures) => medianOf(list.map((run) => run[key]));
  const copy = {
    performance: of(copyRuns, 'performance'),
    lcpMs: of(copyRuns, 'lcpMs'),
    tbtMs: of(copyRuns, 'tbtMs'),
    mainThreadMs: of(copyRuns, 'mainThreadMs'),
  };
  const page = {
    performance: of(runs, 'performance'),
    accessibility: of(runs, 'accessibility'),
    bestPractices: of(runs, 'bestPractices'),
    seo: of(runs, 'seo'),
    lcpMs: of(runs, 'lcpMs'),
    cls: of(runs, 'cls'),
    tbtMs: of(runs, 'tbtMs'),
    mainThreadMs: of(runs, 'mainThreadMs'),
    requests: of(runs, 'requests'),
    scriptRequests: of(runs, 'scriptRequests'),
    scriptKiB: of(runs, 'scriptKiB'),
    workerKiB: of(runs, 'workerKiB'),
    htmlTransferBytes: of(runs, 'htmlTransferBytes'),
  };
  return {
    path: pathname,
    ...page,
    htmlBytes,
    copy,
    mainThreadRatio: Number((page.mainThreadMs / Math.max(copy.mainThreadMs, 1)).toFixed(2)),
    tbtRatio: Number((page.tbtMs / Math.max(copy.tbtMs, COPY_TBT_FLOOR_MS)).toFixed(2)),
  };
}

/** The figures a budget applies to. */
export type BudgetFigure =
  | 'performance'
  | 'lcpMs'
  | 'tbtMs'
  | 'mainThreadRatio'
  | 'tbtRatio'
  | 'scriptRequests'
  | 'scriptKiB'
  | 'htmlBytes';

const CONTENT_PAGES = /^\/(about|services|contact|privacy-policy|terms-conditions)(\/|\?|$)/;
const LARGE_HTML_PAGES = /^\/($|\?|category\b|product\/)/;

/**
 * The figures of `page` that miss their budget (issue 19; medians of 3 on an idle machine):
 * performance >= 95, LCP <= 2000 ms, TBT <= 200 ms, main-thread work and TBT <= 2× the copy,
 * <= 12 script requests, first-load JS <= 150 KiB (<= 120 KiB on the content pages: about,
 * services, contact and the policies), raw HTML <= 60 KB (60 000 bytes) on home, listing and
 * product pages.
 */
export function missedBudgets(page: PageFigures): Set<BudgetFigure> {
  const missed = new Set<BudgetFigure>();
  const check = (figure: BudgetFigure, ok: boolean) => {
    if (!ok) missed.add(figure);
  };
  check('performance', page.performance >= 95);
  check('lcpMs', page.lcpMs <= 2000);
  check('tbtMs', page.tbtMs <= 200);
  check('mainThreadRatio', page.mainThreadRatio <= 2);
  check('tbtRatio', page.tbtRatio <= 2);
  check('scriptRequests', page.scriptRequests <= 12);
  check('scriptKiB', page.scriptKiB <= (CONTENT_PAGES.test(page.path) ? 120 : 150));
  check('htmlBytes', !LARGE_HTML_PAGES.test(page.path) || page.htmlBytes <= 60_000);
  return missed;
}
