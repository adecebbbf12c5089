/**
 * Whether the database answers, as the server sees it (issue 8 item 2 "Faults"). While it does
 * not, pages answer 503 with a short "back in a minute" page instead of failing one by one,
 * and the server pings every second so that it serves again, with no restart, as soon as the
 * database is back.
 *
 * The state turns "down" when a request fails with a connection error (`report`) or a
 * background ping fails; it turns "up" on the first ping that succeeds. PGlite runs inside
 * the process and cannot go away, so this matters on PostgreSQL.
 */
/** SQLSTATE classes and codes that mean "the server is not there", not "the query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node socket errors that mean the same. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** What node-postgres says when a connection drops or the pool cannot get one in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Connection ended unexpectedly/,
];

/**
 * Whether an error (or any error in its `cause` chain, as Drizzle wraps driver errors) means
 * the database cannot be reached, rather than a bad query or a broken rule.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (code.startsWith('08')) return true;
    }
    if (
      typeof message === 'string' &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
    )
      return true;
    current = cause;
  }
  return false;
}

export interface DatabaseHealth {
  /** False while the database is known not to answer. */
  available(): boolean;
  /**
   * Tells the monitor about a failed request; a connection error marks the database down
   * at once (a recheck follows within `recheckMs`).
   * @returns whether the error was a connection error.
   */
  report(error: unknown): boolean;
  /** Stops the background pings. */
  stop(): void;
}

export interface DatabaseHealthOptions {
  /** Resolves when the database answers (`Database.ping`). */
  ping(): Promise<void>;
  /** Pause between pings while the database is down, in ms (1 s). */
  recheckMs?: number;
  /** Pause between pings while it is up, in ms (5 s), to notice an outage with no traffic. */
  idleCheckMs?: number;
  log?: {
    warn(fields: object, message: string): void;
    info(fields: object, message: string): void;
  };
}

/** Starts watching the database; see the module comment. */
export function createDatabaseHealth(options: DatabaseHealthOptions): DatabaseHealth {
  const recheckMs = options.recheckMs ?? 1_000;
  const idleCheckMs = options.idleCheckMs ?? 5_000;
  let up = true;
  let downSince = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let checking = false;

  const markDown = (error: unknown) => {
    if (!up) return;
    up = false;
    downSince = Date.now();
    options.log?.warn({ err: error }, 'database unavailable: answering 503 until it is back');
    schedule(0);
  };

  const check = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      await options.ping();
      if (!up) {
        up = true;
        options.log?.info({ downMs: Date.now() - downSince }, 'database available again');
      }
    } catch (error) {
      markDown(error);
    } finally {
      checking = false;
      schedule(up ? idleCheckMs : recheckMs);
    }
  };

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void check(), ms);
    timer.unref();
  }

  schedule(idleCheckMs);
  return {
    available: () => up,
    report(error) {
      if (!isDatabaseUnavailable(error)) return false;
      markDown(error);
      return true;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Seconds a client should wait before retrying while the database is down (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_S = 10;

/**
 * The page served with 503 while the database is down: self-contained (no scripts, no database
 * reads), refreshing itself every `UNAVAILABLE_RETRY_AFTER_S` seconds.
 */
export const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${UNAVAILABLE_RETRY_AFTER_S}">
<meta name="robots" content="noindex">
<title>Back in a minute</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#faf7f2;color:#2b2118}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.75rem;margin:0 0 .75rem}
p{line-height:1.5;color:#5c4d3f}
a{color:#7a3e12}
</style>
</head>
<body>
<main>
<h1>We will be right back</h1>
<p>Our website is taking a short break. This page will try again by itself in a few seconds; your cart and your orders are safe.</p>
<p><a href="/">Try again now</a></p>
</main>
</body>
</html>`;
