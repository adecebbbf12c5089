/**
 * The app under `npm run bench`: building it, starting its production server on a fresh data
 * directory, warming it, checking out another git ref beside the working tree for
 * `--compare`, and undoing all of that at the end, also on failure or Ctrl-C.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { waitForHealth } from './bench-support';

/** Steps that undo what the bench set up, run last-in first-out, once. */
export interface Cleanup {
  add(step: () => unknown): void;
  run(): Promise<void>;
}

/** A cleanup list that also runs on SIGINT and SIGTERM (then exits with 130 or 143). */
export function createCleanup(): Cleanup {
  const steps: (() => unknown)[] = [];
  let running: Promise<void> | undefined;
  const cleanup: Cleanup = {
    add: (step) => steps.push(step),
    run: () =>
      (running ??= (async () => {
        while (steps.length > 0) {
          try {
            await steps.pop()!();
          } catch (error) {
            console.error('cleanup:', error);
          }
        }
      })()),
  };
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanup.run().then(() => process.exit(code));
    });
  }
  return cleanup;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** `npm run build` in `dir`. */
export function buildApp(dir: string): void {
  console.log(`Building ${dir}…`);
  run('npm', ['run', 'build'], dir);
}

/** A production server the bench started: its origin and its data directory (mail outbox). */
export interface RunningApp {
  origin: string;
  dataDir: string;
}

/**
 * Starts the production server of the build in `dir` on 127.0.0.1:`port` with a fresh data
 * directory (the demo catalogue, embedded database) and resolves once healthy.
 * Stopping it and removing the data directory are added to `cleanup`.
 */
export async function startApp(dir: string, port: number, cleanup: Cleanup): Promise<RunningApp> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-'));
  cleanup.add(() => fs.rm(dataDir, { recursive: true, force: true }));
  const server = spawn('node', [path.resolve(dir, 'server/main.js')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    server.once('exit', (code, signal) => {
      if (!stopping) console.error(`the server of ${dir} stopped (${signal ?? `exit ${code}`})`);
      resolve();
    }),
  );
  cleanup.add(async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  });
  await Promise.race([
    waitForHealth(origin, 120_000),
    exited.then(() => {
      throw new Error(`the server of ${dir} stopped before it answered on ${origin}`);
    }),
  ]);
  return { origin, dataDir };
}

/**
 * Warms the caches and image variants of `pages` once, as visitors before us would have: a
 * first AVIF request is answered by WebP while the AVIF renders, so it asks until AVIF comes
 * back (for at most 5 minutes).
 */
export async function warmApp(origin: string, pages: string[]): Promise<void> {
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
  console.log(
    `${origin}: warmed ${variants.size - pending.length} of ${variants.size} AVIF variants`,
  );
}

/** The commit id `ref` names in the repository of the working directory. */
export function commitOf(ref: string): string {
  const result = spawnSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git cannot resolve ${ref}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/**
 * Whether the working tree has changes that are not committed (tracked files only, leaving out
 * bench/results.json, which the bench itself writes).
 */
export function workingTreeDirty(): boolean {
  const args = ['diff', '--quiet', 'HEAD', '--', '.', ':(exclude)bench/results.json'];
  return spawnSync('git', args, { stdio: 'ignore' }).status !== 0;
}

/**
 * Checks `commit` out in a temporary git worktree outside the repository and resolves with its
 * folder. Its node_modules is a symlink to the working tree's when both package-lock.json files
 * are equal, else `npm ci` installs it. Removing the worktree is added to `cleanup`.
 */
export async function checkoutRef(commit: string, cleanup: Cleanup): Promise<string> {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-ref-'));
  const dir = path.join(parent, 'tree');
  cleanup.add(async () => {
    await fs.rm(path.join(dir, 'node_modules'), { force: true }).catch(() => {});
    spawnSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    await fs.rm(parent, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { stdio: 'ignore' });
  });
  run('git', ['worktree', 'add', '--detach', dir, commit], process.cwd());
  const [theirs, ours] = await Promise.all([
    fs.readFile(path.join(dir, 'package-lock.json'), 'utf8'),
    fs.readFile('package-lock.json', 'utf8'),
  ]);
  if (theirs === ours) {
    const modules = await fs.realpath('node_modules');
    console.log(`${commit.slice(0, 10)}: same package-lock.json, node_modules -> ${modules}`);
    await fs.symlink(modules, path.join(dir, 'node_modules'), 'dir');
  } else {
    console.log(`${commit.slice(0, 10)}: package-lock.json differs, running npm ci there…`);
    run('npm', ['ci'], dir);
  }
  return dir;
}
