/**
 * A production server of the tests' own (`node server/main.js` on the built app), started on
 * a free port with a fresh data folder and the embedded database open on a wire-protocol port,
 * with everything it logs kept: the attack and fuzz tests read its error-level lines and its
 * database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TIMEOUTS } from './timeouts';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One line the server wrote: pino JSON on stdout, or anything on stderr. */
interface LogLine {
  stream: 'stdout' | 'stderr';
  text: string;
  /** pino's numeric level (50 error, 60 fatal) when the line is pino JSON. */
  level?: number;
  msg?: string;
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  log: LogLine[];
  /** Lines at error level or above, and anything on stderr. */
  errors(): LogLine[];
  /** Runs `fn` with a client on the server's embedded database. */
  withDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

function keepLines(child: ChildProcess, stream: 'stdout' | 'stderr', log: LogLine[]) {
  let rest = '';
  child[stream]!.setEncoding('utf8');
  child[stream]!.on('data', (chunk: string) => {
    rest += chunk;
    let end: number;
    while ((end = rest.indexOf('\n')) !== -1) {
      const text = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (!text.trim()) continue;
      let level: number | undefined;
      let msg: string | undefined;
      try {
        const parsed = JSON.parse(text) as { level?: number; msg?: string };
        level = parsed.level;
        msg = parsed.msg;
      } catch {
        // Not pino JSON.
      }
      log.push({ stream, text, level, msg });
    }
  });
}

/**
 * The environment of a production server listening on 127.0.0.1:`port` with its files in
 * `dataDir` (its public URL is that address unless `env` gives PUBLIC_URL); `env` adds or
 * replaces variables, an empty string unsetting one for the server.
 */
export function productionServerEnv(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...env,
  };
}

/**
 * Starts a production server and waits until /healthz answers 200.
 * @param env extra or replaced variables (an empty string unsets one for the server).
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dbPort = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-own-server-'));
  const url = `http://127.0.0.1:${port}`;
  const log: LogLine[] = [];
  const child = spawn(process.execPath, ['server/main.js'], {
    env: productionServerEnv(port, dataDir, {
      DATABASE_URL: '',
      PGLITE_SOCKET_PORT: String(dbPort),
      LOG_LEVEL: 'warn',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keepLines(child, 'stdout', log);
  keepLines(child, 'stderr', log);
  const deadline = Date.now() + TIMEOUTS.serverStart;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode}): ${log.map((l) => l.text).join('\n')}`,
      );
    }
    const status = await fetch(`${url}/healthz`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error('the server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres?sslmode=disable`;
  return {
    url,
    port,
    dataDir,
    process: child,
    log,
    errors: () => log.filter((line) => line.stream === 'stderr' || (line.level ?? 0) >= 50),
    async withDatabase(fn) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await fn(client);
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
