import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-admin-cli-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Runs `npm run admin:create -- …` on an embedded database of its own. */
function adminCreate(...args: string[]) {
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
  const run = spawnSync(process.execPath, [tsx, 'scripts/admin-create.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

describe('npm run admin:create', () => {
  it('explains its usage, refuses a weak password, creates, then reports an existing admin', () => {
    const missing = adminCreate('--email', 'owner@example.com');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run admin:create -- --email E --password P');

    const weak = adminCreate('--email', 'owner@example.com', '--password', 'password123');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/at least 12 characters/);

    const created = adminCreate(
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

    const again = adminCreate('--email', 'owner@example.com', '--password', 'Rajkot-Looms-1987!');
    expect(again.stdout).toBe(
      'owner@example.com is already a verified administrator; nothing changed.',
    );
  });
});
