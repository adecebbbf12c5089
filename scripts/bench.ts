/**
 * `npm run bench` (issue "Benchmark"): builds and starts the production server on a fresh
 * data directory, then
 *   (a) Lighthouse, mobile defaults, 3 runs per page (median by performance score): the four
 *       scores, LCP (ms), CLS, TBT (ms) and transferred JavaScript (KiB);
 *   (b) autocannon, 50 connections for 10 s, on / and a product page, beside a static file of
 *       the same size from the same server: requests/s, p50/p99 latency (ms) and the ratio;
 *   (c) writes every figure to bench/results.json (beside `npm run bench:load`'s).
 * Not part of `npm test`. Options: BENCH_RUNS (default 3), BENCH_SECONDS (default 10).
 */
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { machine, RESULTS_FILE, waitForHealth, writeResults } from './bench-support';

const PORT = Number(process.env.BENCH_PORT ?? 3250);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const origin = `http://127.0.0.1:${PORT}`;
const chromePath = chromiumPath();

interface PageFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKiB: number;
}

async function lighthousePage(port: number, url: string): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const scripts = (
    lhr.audits['resource-summary']?.details as {
      items?: { resourceType: string; transferSize: number }[];
    }
  )?.items?.find((item) => item.resourceType === 'script');
  return {
    path: new URL(url).pathname + new URL(url).search,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(audit('total-blocking-time')),
    scriptKiB: Math.round((scripts?.transferSize ?? 0) / 1024),
  };
}

function median(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface LoadFigures {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  bytes: number;
}

async function load(pathname: string): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${origin}${pathname}`,
    connections: 50,
    duration: SECONDS,
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

async function main() {
  console.log('Building…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-'));
  const server = spawn('node', ['server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const staticFiles: string[] = [];
  try {
    await waitForHealth(origin, 120_000);
    const pages = ['/', '/wardrobe', '/category?subcategory=sherwani', '/product/1'];
    if ((await fetch(`${origin}/gallery`)).ok) pages.push('/gallery');
    pages.push('/contact');
    // Warm the caches and image variants once, as visitors before us would have: a first
    // AVIF request is answered by WebP while the AVIF renders, so ask until AVIF comes back.
    const variants = new Set<string>();
    for (const page of pages) {
      const html = await (await fetch(`${origin}${page}`)).text();
      for (const [url] of html.matchAll(/\/media\/variants\/img-[0-9a-f]+-\d+\.avif/g)) {
        variants.add(url);
      }
    }
    const warmDeadline = Date.now() + 300_000;
    let pending = [...variants];
    while (pending.length > 0 && Date.now() < warmDeadline) {
      const types = await Promise.all(
        pending.map(async (url) => (await fetch(`${origin}${url}`)).headers.get('content-type')),
      );
      pending = pending.filter((_, index) => types[index] !== 'image/avif');
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    console.log(`warmed ${variants.size - pending.length} of ${variants.size} AVIF variants`);

    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    const lighthouseFigures: PageFigures[] = [];
    try {
      for (const page of pages) {
        const runs: PageFigures[] = [];
        for (let run = 0; run < RUNS; run += 1)
          runs.push(await lighthousePage(chrome.port, `${origin}${page}`));
        lighthouseFigures.push(median(runs));
        console.log(`lighthouse ${page}: done`);
      }
    } finally {
      await chrome.kill();
    }

    const loadFigures: (LoadFigures & { staticRequestsPerSecond: number; ratio: number })[] = [];
    for (const page of ['/', '/product/1']) {
      const html = await (await fetch(`${origin}${page}`)).text();
      const name = `bench-static-${loadFigures.length}.html`;
      const file = path.join('build/client', name);
      await fs.writeFile(file, html);
      staticFiles.push(file);
      const dynamic = await load(page);
      const stat = await load(`/${name}`);
      loadFigures.push({
        ...dynamic,
        staticRequestsPerSecond: stat.requestsPerSecond,
        ratio: Number((dynamic.requestsPerSecond / stat.requestsPerSecond).toFixed(3)),
      });
      console.log(`autocannon ${page}: done`);
    }

    console.log('\nLighthouse (mobile, median of', RUNS, 'runs)');
    console.table(
      lighthouseFigures.map((f) => ({
        page: f.path,
        perf: f.performance,
        a11y: f.accessibility,
        bp: f.bestPractices,
        seo: f.seo,
        'LCP ms': f.lcpMs,
        CLS: f.cls,
        'TBT ms': f.tbtMs,
        'JS KiB': f.scriptKiB,
      })),
    );
    console.log(`\nautocannon (50 connections, ${SECONDS} s)`);
    console.table(
      loadFigures.map((f) => ({
        page: f.path,
        'req/s': f.requestsPerSecond,
        'p50 ms': f.p50Ms,
        'p99 ms': f.p99Ms,
        errors: f.errors,
        'static req/s': f.staticRequestsPerSecond,
        'page/static': f.ratio,
      })),
    );

    await writeResults({
      measuredAt: new Date().toISOString(),
      machine: machine(),
      lighthouse: lighthouseFigures,
      load: loadFigures,
    });
    console.log(`\nWritten to ${RESULTS_FILE}`);
  } finally {
    for (const file of staticFiles) await fs.rm(file, { force: true });
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
