/**
 * `npm run bench:load` (issue 8 item 3): a mixed, realistic traffic profile against the
 * production build, on the embedded database and, when `BENCH_POSTGRES_URL` names a PostgreSQL
 * server, on a fresh database there as well. Not part of `npm test`.
 *
 * The profile runs one autocannon per kind of traffic at the same time, for the same length of
 * time, so each kind reports on its own while all of them load the server together:
 *   anonymous browsing of home, wardrobe, listings, products, gallery and search;
 *   signed-in cart changes (add, change the quantity, remove) by 20 shoppers;
 *   checkouts through the sandbox provider (add to cart, place the order, pay, confirm) by 24
 *   shoppers, at a bounded rate that keeps each shopper inside the checkout limit
 *   (`CHECKOUT_LIMITS`), as a shop's real checkouts are a small part of its traffic.
 *
 * After a warm-up with the same profile, it prints requests/s, p50/p95/p99 latency (ms) and
 * errors (socket errors, timeouts and any non-2xx answer) per kind; the server's live heap
 * (MiB in use after a full garbage collection, through `scripts/bench-heap-probe.js`) after the
 * warm-up, at each quarter of the run and after it, and its resident memory (RSS, MiB) every
 * 5 s; and checks that every order the checkouts placed is stored exactly once and paid. It
 * exits non-zero when there were errors, when the live heap grew by more than
 * `LIVE_HEAP_GROWTH_BOUND_MIB`, when RSS went above `RSS_CEILING_MIB`, or when the order check
 * fails. Figures go to bench/results.json under `loadProfile`.
 *
 * Usage: `npm run bench:load [-- --seconds 60] [-- --connections 50]`; `--soak` means 300 s.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { createScratchDatabase } from '../tests/support/scratch-db';
import { machine, RESULTS_FILE, waitForHealth, writeResults } from './bench-support';

/**
 * The bound on memory growth over the measured run (MiB): the live heap (in use after a full
 * garbage collection) once the load has stopped, against the same after the warm-up, both
 * with no request in flight. Whatever a leak keeps, it keeps there. RSS is no measure of a
 * leak: it keeps rising for minutes under full load while V8 lets its heap grow (a 4-minute
 * run took heapTotal from 140 to 460 MiB while the live heap stayed at 110–125 MiB).
 */
const LIVE_HEAP_GROWTH_BOUND_MIB = 32;
/** The most resident memory the server may take under the profile (MiB), a small server's share. */
const RSS_CEILING_MIB = 1536;
const WARM_UP_SECONDS = 20;
const CART_SHOPPERS = 20;
const CHECKOUT_SHOPPERS = 24;
const PASSWORD = 'a-long-bench-password-2026';

const options = z
  .object({
    seconds: z.coerce.number().int().min(5).max(3600).default(60),
    connections: z.coerce.number().int().min(10).max(500).default(50),
    soak: z.boolean().default(false),
  })
  .parse(
    parseArgs({
      options: {
        seconds: { type: 'string' },
        connections: { type: 'string' },
        soak: { type: 'boolean' },
      },
    }).values,
  );
const seconds = options.soak ? 300 : options.seconds;

interface Target {
  name: 'PGlite' | 'PostgreSQL';
  /** The server's environment beyond the common one. */
  env: Record<string, string>;
  /** Where the bench itself reaches the same database. */
  databaseUrl: string;
  dispose(): Promise<void>;
}

interface Shopper {
  cookie: string;
  clientIp: string;
}

interface Catalogue {
  products: { id: number; size: string; color: string }[];
  subcategories: string[];
}

interface RouteFigures {
  route: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
}

/**
 * The server's live heap (MiB): asks `scripts/bench-heap-probe.js` in it (SIGUSR2) for a full
 * garbage collection and reads the `heapUsed` it appends to `heapFile`.
 * @throws Error when no answer comes within 10 s.
 */
async function liveHeapMiB(child: ChildProcess, heapFile: string): Promise<number> {
  const lines = async () =>
    (await fs.readFile(heapFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const before = (await lines()).length;
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 100) {
    const now = await lines();
    if (now.length > before) {
      const usage = z.object({ heapUsed: z.number() }).parse(JSON.parse(now.at(-1)!));
      return Math.round(usage.heapUsed / 1024 / 1024);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not report its heap within 10 s.');
}

/** The server's resident memory (MiB), from /proc. */
function rssMiB(child: ChildProcess): Promise<number> {
  return fs
    .readFile(`/proc/${child.pid}/status`, 'utf8')
    .then((status) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024));
}

async function pglite(port: number): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-load-'));
  const socketPort = port + 1;
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '', PGLITE_SOCKET_PORT: String(socketPort) },
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${socketPort}/postgres?sslmode=disable`,
    dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgres(serverUrl: string): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-load-'));
  const scratch = await createScratchDatabase(serverUrl, 'storefront_load');
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    databaseUrl: scratch.url,
    async dispose() {
      await scratch.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers, verifies (in the database) and signs in `count` shoppers, each from its own address. */
async function shoppers(
  origin: string,
  db: pg.Client,
  prefix: string,
  count: number,
): Promise<Shopper[]> {
  const made: Shopper[] = [];
  for (let n = 0; n < count; n += 1) {
    const email = `${prefix}-${n}@bench.example`;
    const clientIp = `10.${prefix === 'cart' ? 61 : 62}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const headers = {
      Origin: origin,
      'X-Forwarded-For': clientIp,
      'content-type': 'application/json',
    };
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD, name: `Bench ${prefix} ${n}` }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    await db.query(`update "user" set email_verified = true where email = $1`, [email]);
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => pair.includes('session_token='))
      .join('; ');
    made.push({ cookie, clientIp });
  }
  return made;
}

async function readCatalogue(db: pg.Client): Promise<Catalogue> {
  const products = await db.query<{ id: number; sizes: string[]; colors: string[] }>(
    // Sizes are the active variants (issue 29 item 2, decision "size variants").
    `select id, coalesce((select array_agg(v.size order by v.position) from product_variants v
        where v.product_id = products.id and v.is_active), '{}') as sizes, colors
       from products where is_active order by id limit 40`,
  );
  const subcategories = await db.query<{ slug: string }>(
    'select slug from subcategories where is_active order by id limit 12',
  );
  return {
    products: products.rows.map((row) => ({
      id: row.id,
      size: row.sizes[0] ?? '',
      color: row.colors[0] ?? '',
    })),
    subcategories: subcategories.rows.map((row) => row.slug),
  };
}

/** Round-robin over a list: each call gives the next item. */
function rotation<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}

type AutocannonRequest = NonNullable<autocannon.Options['requests']>[number];

function gets(paths: string[]): AutocannonRequest[] {
  return paths.map((pathname) => ({ method: 'GET', path: pathname }));
}

/** Cart changes: pick the next shopper, add a line, change its quantity, remove it. */
function cartFlow(origin: string, pool: Shopper[], catalogue: Catalogue): AutocannonRequest[] {
  const nextShopper = rotation(pool);
  const nextProduct = rotation(catalogue.products);
  type Context = { shopper?: Shopper; line?: object };
  const post = (build: (context: Context) => object): AutocannonRequest => ({
    method: 'POST',
    path: '/api/cart',
    setupRequest: (request, raw) => {
      const context = raw as Context;
      if (!context.shopper) {
        context.shopper = nextShopper();
        const product = nextProduct();
        context.line = { productId: product.id, size: product.size, color: product.color };
      }
      return {
        ...request,
        headers: {
          cookie: context.shopper.cookie,
          origin,
          'x-forwarded-for': context.shopper.clientIp,
          'content-type': 'application/json',
        },
        body: JSON.stringify(build(context)),
      };
    },
  });
  return [
    post((c) => ({ action: 'add', line: { ...c.line, quantity: 1 } })),
    post((c) => ({ action: 'set', line: { ...c.line, quantity: 2 } })),
    post((c) => ({ action: 'remove', line: { ...c.line, quantity: 1 } })),
  ];
}

/** A checkout: add a line, place the order, the sandbox's Pay, then the confirmation. */
function checkoutFlow(
  origin: string,
  pool: Shopper[],
  catalogue: Catalogue,
  placed: Set<string>,
  confirmed: Set<string>,
): AutocannonRequest[] {
  const nextShopper = rotation(pool);
  const nextProduct = rotation(catalogue.products);
  type Context = { shopper?: Shopper; orderNumber?: string; payment?: Record<string, string> };
  const headers = (shopper: Shopper, type: string) => ({
    cookie: shopper.cookie,
    origin,
    'x-forwarded-for': shopper.clientIp,
    'content-type': type,
  });
  const details = new URLSearchParams({
    name: 'Bench Shopper',
    email: 'bench@example.com',
    phone: '+919825012345',
    address: '1 Soni Bazaar',
    city: 'Rajkot',
    state: 'Gujarat',
    pincode: '360001',
  }).toString();
  return [
    {
      method: 'POST',
      path: '/api/cart',
      setupRequest: (request, raw) => {
        const context = raw as Context;
        context.shopper = nextShopper();
        const product = nextProduct();
        return {
          ...request,
          headers: headers(context.shopper, 'application/json'),
          body: JSON.stringify({
            action: 'add',
            line: { productId: product.id, size: product.size, color: product.color, quantity: 1 },
          }),
        };
      },
    },
    {
      method: 'POST',
      path: '/checkout.data',
      setupRequest: (request, raw) => {
        const context = raw as Context;
        return {
          ...request,
          headers: headers(context.shopper!, 'application/x-www-form-urlencoded'),
          body: details,
        };
      },
      onResponse: (status, body, raw) => {
        const context = raw as Context;
        context.orderNumber = /"orderNumber","([^"]+)"/.exec(body)?.[1];
        if (status === 200 && context.orderNumber) placed.add(context.orderNumber);
      },
    },
    {
      method: 'POST',
      path: '/api/payments/sandbox',
      setupRequest: (request, raw) => {
        const context = raw as Context;
        if (!context.orderNumber) return undefined as unknown as typeof request;
        return {
          ...request,
          headers: headers(context.shopper!, 'application/json'),
          body: JSON.stringify({ orderNumber: context.orderNumber, outcome: 'pay' }),
        };
      },
      onResponse: (status, body, raw) => {
        if (status === 200) (raw as Context).payment = JSON.parse(body) as Record<string, string>;
      },
    },
    {
      method: 'POST',
      path: '/api/payments/confirm',
      setupRequest: (request, raw) => {
        const context = raw as Context;
        if (!context.payment) return undefined as unknown as typeof request;
        return {
          ...request,
          headers: headers(context.shopper!, 'application/json'),
          body: JSON.stringify({ orderNumber: context.orderNumber, ...context.payment }),
        };
      },
      onResponse: (status, _body, raw) => {
        const { orderNumber } = raw as Context;
        if (status === 200 && orderNumber) confirmed.add(orderNumber);
      },
    },
  ];
}

/** The nearest-rank percentile `p` (0–100) of sorted latencies, in ms. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs one kind of traffic for `duration` s, keeping every response time for the percentiles. */
async function measure(
  route: string,
  connections: number,
  options: autocannon.Options,
  duration: number,
): Promise<RouteFigures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration, timeout: 30 }, (error, done) =>
      error ? reject(error as Error) : resolve(done),
    );
    // autocannon emits (client, statusCode, resBytes, responseTime); its types omit `client`.
    const onResponse = (...args: unknown[]) => latencies.push(args[3] as number);
    instance.on('response', onResponse as never);
  });
  latencies.sort((x, y) => x - y);
  return {
    route,
    connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round((result.requests.total / duration) * 10) / 10,
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms: Math.round(percentile(latencies, 95)),
    p99Ms: Math.round(percentile(latencies, 99)),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function runProfile(target: Target, port: number) {
  const origin = `http://127.0.0.1:${port}`;
  const heapFile = path.join(target.env.DATA_DIR!, 'bench-heap.jsonl');
  const probe = ['--expose-gc', '--import', './scripts/bench-heap-probe.js'];
  const server = spawn(process.execPath, [...probe, 'server/main.js'], {
    env: {
      ...process.env,
      BENCH_HEAP_FILE: heapFile,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      ...target.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const db = new pg.Client({ connectionString: target.databaseUrl });
  try {
    await waitForHealth(origin, 180_000);
    await db.connect();
    const catalogue = await readCatalogue(db);
    const cartPool = await shoppers(origin, db, 'cart', CART_SHOPPERS);
    const checkoutPool = await shoppers(origin, db, 'checkout', CHECKOUT_SHOPPERS);

    const anonymous: Record<string, string[]> = {
      home: ['/'],
      wardrobe: ['/wardrobe', '/wardrobe?category=fabrics', '/wardrobe?category=wedding-suits'],
      listings: catalogue.subcategories.map((slug) => `/category?subcategory=${slug}`),
      products: catalogue.products.map((product) => `/product/${product.id}`),
      gallery: ['/gallery', '/gallery?type=images', '/gallery?type=videos'],
      search: ['/wardrobe?search=linen', '/wardrobe?search=silk', '/wardrobe?search=sherwani'],
    };
    // Every page once, as the visitors before us would have.
    for (const pathname of Object.values(anonymous).flat()) await fetch(`${origin}${pathname}`);

    const total = options.connections;
    const share = (fraction: number) => Math.max(1, Math.round(total * fraction));
    const placed = new Set<string>();
    const confirmed = new Set<string>();
    const kinds: { route: string; connections: number; options: autocannon.Options }[] = [
      ...Object.entries(anonymous).map(([route, paths]) => {
        const connections = share(
          {
            home: 0.16,
            wardrobe: 0.12,
            listings: 0.12,
            products: 0.2,
            gallery: 0.08,
            search: 0.08,
          }[route]!,
        );
        return {
          route,
          connections,
          options: { url: origin, connections, requests: gets(paths) } as autocannon.Options,
        };
      }),
      {
        route: 'cart (signed in)',
        connections: share(0.16),
        options: {
          url: origin,
          connections: share(0.16),
          requests: cartFlow(origin, cartPool, catalogue),
        },
      },
      {
        route: 'checkout (sandbox)',
        connections: share(0.08),
        options: {
          url: origin,
          connections: share(0.08),
          // 4 requests per checkout at 1 request/s (autocannon's lowest rate): a checkout
          // every 4 s, about 3 per shopper over a 5-minute soak, far inside the checkout limit
          // of 10 per 10 minutes.
          overallRate: 1,
          requests: checkoutFlow(origin, checkoutPool, catalogue, placed, confirmed),
        },
      },
    ];

    console.log(`${target.name}: warming up with the same profile for ${WARM_UP_SECONDS} s…`);
    await Promise.all(
      kinds.map((kind) => measure(kind.route, kind.connections, kind.options, WARM_UP_SECONDS)),
    );
    const heapBefore = await liveHeapMiB(server, heapFile);
    const rssBefore = await rssMiB(server);
    const started = Date.now();
    const elapsed = () => Math.round((Date.now() - started) / 1000);
    const rssSeries: { s: number; mib: number }[] = [{ s: 0, mib: rssBefore }];
    const rssSampler = setInterval(() => {
      const s = elapsed();
      void rssMiB(server).then((mib) => rssSeries.push({ s, mib }));
    }, 5_000);
    // Under load, at the end of the first three quarters: for the trend, not the bound.
    const heapSeries: { s: number; mib: number }[] = [{ s: 0, mib: heapBefore }];
    const heapSamplers = [1, 2, 3].map((q) =>
      setTimeout(
        () =>
          void liveHeapMiB(server, heapFile)
            .then((mib) => heapSeries.push({ s: elapsed(), mib }))
            .catch((error: Error) => console.warn(`No heap sample: ${error.message}`)),
        (q * seconds * 1000) / 4,
      ),
    );
    console.log(
      `${target.name}: ${kinds.reduce((sum, kind) => sum + kind.connections, 0)} connections for ${seconds} s…`,
    );
    const results = await Promise.all(
      kinds.map((kind) => measure(kind.route, kind.connections, kind.options, seconds)),
    );
    clearInterval(rssSampler);
    heapSamplers.forEach(clearTimeout);
    const rssAfter = await rssMiB(server);
    rssSeries.push({ s: elapsed(), mib: rssAfter });
    const heapAfter = await liveHeapMiB(server, heapFile);
    heapSeries.push({ s: elapsed(), mib: heapAfter });

    // Every order the checkouts placed: stored once, and paid when its confirmation was 200.
    const numbers = [...placed];
    const stored = await db.query<{ number: string; status: string; copies: number }>(
      `select number, min(status) as status, count(*)::int as copies
         from orders where number = any($1) group by number`,
      [numbers],
    );
    // Orders in the database the bench did not see placed: a checkout cut off when the run
    // stopped (the order was stored, its answer discarded). They must be unpaid and few.
    const inDatabase = await db.query<{ number: string; status: string }>(
      `select o.number, o.status from orders o join "user" u on u.id = o.user_id
        where u.email like 'checkout-%@bench.example'`,
    );
    const cutOff = inDatabase.rows.filter((row) => !placed.has(row.number));
    const unpaid = stored.rows.filter((row) => confirmed.has(row.number) && row.status !== 'paid');
    const ordersOk =
      stored.rows.length === numbers.length &&
      stored.rows.every((row) => row.copies === 1) &&
      unpaid.length === 0 &&
      cutOff.length <= share(0.08) &&
      cutOff.every((row) => row.status === 'created');

    return {
      database: target.name,
      seconds,
      routes: results,
      errors: results.reduce((sum, row) => sum + row.errors, 0),
      liveHeapMiB: {
        afterWarmUp: heapBefore,
        afterRun: heapAfter,
        growth: heapAfter - heapBefore,
        bound: LIVE_HEAP_GROWTH_BOUND_MIB,
        series: heapSeries,
      },
      rssMiB: {
        afterWarmUp: rssBefore,
        peak: Math.max(...rssSeries.map((sample) => sample.mib)),
        end: rssAfter,
        ceiling: RSS_CEILING_MIB,
        series: rssSeries,
      },
      orders: {
        placed: numbers.length,
        confirmed: confirmed.size,
        storedOnce: stored.rows.filter((row) => row.copies === 1).length,
        paid: stored.rows.filter((row) => row.status === 'paid').length,
        cutOffAtTheEnd: cutOff.length,
        ok: ordersOk,
      },
    };
  } finally {
    await db.end().catch(() => {});
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function main() {
  if (!(await fs.stat('build/server/index.js').catch(() => null))) {
    console.log('Building…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const port = Number(process.env.BENCH_PORT ?? 3260);
  const targets = [() => pglite(port)];
  const serverUrl = process.env.BENCH_POSTGRES_URL;
  if (serverUrl) targets.push(() => postgres(serverUrl));
  else console.log('BENCH_POSTGRES_URL is not set: measuring the embedded database only.');

  const runs = [];
  for (const make of targets) {
    const target = await make();
    try {
      runs.push(await runProfile(target, port));
    } finally {
      await target.dispose();
    }
  }

  let failed = false;
  for (const run of runs) {
    console.log(`\n${run.database}, ${run.seconds} s`);
    console.table(
      run.routes.map((row) => ({
        route: row.route,
        conns: row.connections,
        requests: row.requests,
        'req/s': row.requestsPerSecond,
        'p50 ms': row.p50Ms,
        'p95 ms': row.p95Ms,
        'p99 ms': row.p99Ms,
        errors: row.errors,
      })),
    );
    const { liveHeapMiB: heap, rssMiB: rss } = run;
    const underLoad = heap.series.slice(1, -1).map((sample) => `${sample.mib} at ${sample.s} s`);
    console.log(`errors: ${run.errors}`);
    console.log(
      `live heap (MiB after a full GC): ${heap.afterWarmUp} after warm-up, ` +
        `${underLoad.join(', ') || 'no sample'} under load, ${heap.afterRun} after the run ` +
        `(growth ${heap.growth}, bound ${heap.bound})`,
    );
    console.log(
      `resident memory (RSS MiB): ${rss.afterWarmUp} after warm-up, ${rss.peak} at most, ` +
        `${rss.end} at the end (ceiling ${rss.ceiling})`,
    );
    console.log(
      `orders: ${run.orders.placed} placed, ${run.orders.confirmed} confirmed, ` +
        `${run.orders.storedOnce} stored exactly once, ${run.orders.paid} paid, ` +
        `${run.orders.cutOffAtTheEnd} cut off unpaid at the end: ` +
        (run.orders.ok ? 'ok' : 'MISMATCH'),
    );
    if (run.errors > 0 || heap.growth > heap.bound || rss.peak > rss.ceiling || !run.orders.ok) {
      failed = true;
    }
  }
  await writeResults({
    loadProfile: { measuredAt: new Date().toISOString(), machine: machine(), runs },
  });
  console.log(`\nWritten to ${RESULTS_FILE} (loadProfile)`);
  if (failed) {
    console.error('bench:load: errors, memory growth or an order mismatch (see above)');
    process.exit(1);
  }
}

await main();
