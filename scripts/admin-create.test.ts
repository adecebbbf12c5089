/**
 * `npm run admin:create` as an owner runs it, one process per test (issue 17 item 13: four
 * `tsx` processes in one test outran its limit on a busy 2-core machine). The tests run in
 * order on one embedded database of their own.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEOUTS } from '../tests/support/timeouts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-admin-cli-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Runs `npm run admin:create -- …` on the embedded database of this file. */
function adminCreate(
  ...args: string[]
): Promise<{ status: number; stdout: string; stderr: string }> {
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsx, 'scripts/admin-create.ts', ...args],
      {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
        timeout: TIMEOUTS.subprocess,
      },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        resolve({
          status: error ? (typeof code === 'number' ? code : -1) : 0,
          stdout: stdout.trim(),
          stderr: stderr.trim(),
        });
      },
    );
  });
}

const subprocess = { timeout: TIMEOUTS.subprocess + TIMEOUTS.unitTest };

describe('npm run admin:create', () => {
  it('explains its usage when a flag is missing', subprocess, async () => {
    const missing = await adminCreate('--email', 'owner@example.com');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run admin:create -- --email E --password P');
  });

  it('refuses a weak password', subprocess, async () => {
    const weak = await adminCreate('--email', 'owner@example.com', '--password', 'password123');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/at least 12 characters/);
  });

  it('creates a verified administrator', subprocess, async () => {
    const created = await adminCreate(
      '--email',
      'Owner@Example.com',
      '--password',
      'Rajkot-Looms-1987!',
      '--name',
      'Shop Owner',
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe(
      'Created the administrator owner@example.com (Shop Owner), e-mail verified. Sign in at /login.',
    );
    expect(created.status).toBe(0);
  });

  it('reports an existing administrator and changes nothing', subprocess, async () => {
    const again = await adminCreate(
      '--email',
      'owner@example.com',
      '--password',
      'Rajkot-Looms-1987!',
    );
    expect(again.stdout).toBe(
      'owner@example.com is already a verified administrator; nothing changed.',
    );
  });

  it('refuses an unknown role', subprocess, async () => {
    const wrong = await adminCreate(
      '--email',
      'tailor@example.com',
      '--password',
      'Rajkot-Looms-1987!',
      '--role',
      'chef',
    );
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--role must be owner, counter or workshop (not "chef").');
  });

  it('never moves the last owner to another role', subprocess, async () => {
    const refused = await adminCreate(
      '--email',
      'owner@example.com',
      '--password',
      'Rajkot-Looms-1987!',
      '--role',
      'counter',
    );
    expect(refused.stderr.trim()).toBe('The shop must keep at least one administrator.');
    expect(refused.status).toBe(1);
  });

  it('creates a verified member of the workshop (issue 31 item 2)', subprocess, async () => {
    const created = await adminCreate(
      '--email',
      'tailor@example.com',
      '--password',
      'Rajkot-Looms-1987!',
      '--name',
      'Ramesh Darji',
      '--role',
      'workshop',
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe(
      'Created the workshop staff member tailor@example.com (Ramesh Darji), e-mail verified. Sign in at /login.',
    );
    expect(created.status).toBe(0);
  });
});
