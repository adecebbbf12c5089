/**
 * The layer rules of issue 30 item 4 fail `npm run lint:layers` on a planted breach and pass on
 * the tree: a domain importing the back office (dependency-cruiser's `domains-not-to-admin`),
 * an import loop between feature folders (scripts/feature-loops.ts), and a write to a table
 * from outside its owner's folder (scripts/table-owners.ts, the owners in ARCHITECTURE.md). The
 * breaches are planted in a temporary tree of a few files, so each check reads only those.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TIMEOUTS } from '../tests/support/timeouts';
import { featureFolderLoops } from './feature-loops';
import { checkTableOwners, writesIn, schemaTables } from './table-owners';

const repo = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(repo, 'node_modules', '.bin', name);
const config = path.join(repo, '.dependency-cruiser.cjs');

let planted: string | undefined;

/** A temporary tree with `files` (path → text) and the tsconfig that maps '~/' to app/. */
function plant(files: Record<string, string>): string {
  planted = fs.mkdtempSync(path.join(os.tmpdir(), 'layer-rules-'));
  const tsconfig = {
    compilerOptions: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      baseUrl: '.',
      paths: { '~/*': ['./app/*'] },
    },
  };
  fs.writeFileSync(path.join(planted, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
    fs.writeFileSync(path.join(planted, file), text);
  }
  return planted;
}

/** The owner check as `npm run lint:layers` runs it, over the tree at `root`. */
function ownerCheck(root: string) {
  const run = spawnSync(bin('tsx'), [path.join(repo, 'scripts/table-owners.ts'), root], {
    encoding: 'utf8',
    timeout: TIMEOUTS.subprocess,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A schema of two tables and the owners' list, as the owner check reads them. */
const OWNED_TREE = {
  'app/lib/schema.server.ts':
    "export const orders = pgTable('orders', {});\nexport const jobs = pgTable(\n  'jobs',\n  {},\n);\n",
  'docs/ARCHITECTURE.md':
    '# Map\n\n## Tables and their owners\n\n| table | owner | what |\n| --- | --- | --- |\n| `orders` | `orders` | orders |\n| `jobs` | `lib` | jobs |\n\n## Next\n',
  'app/features/orders/orders-commands.server.ts':
    "import { orders } from '~/lib/schema.server';\nexport const ship = (tx) => tx.update(orders).set({ status: 'shipped' });\n",
};

/** dependency-cruiser with the project's rules over `paths` of the tree at `cwd`. */
function depcruise(cwd: string, paths: string[], extra: string[] = []) {
  const run = spawnSync(bin('depcruise'), [...paths, '--config', config, ...extra], {
    cwd,
    encoding: 'utf8',
    timeout: TIMEOUTS.subprocess,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The loop check as `npm run lint:layers` runs it, over the tree at `root`. */
function loopCheck(root: string) {
  const run = spawnSync(bin('tsx'), [path.join(repo, 'scripts/feature-loops.ts'), root], {
    encoding: 'utf8',
    timeout: TIMEOUTS.subprocess,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  if (planted) fs.rmSync(planted, { recursive: true, force: true });
  planted = undefined;
});

describe('lint:layers', () => {
  it('fails on a features/booking → features/admin import, naming the rule and the files', () => {
    const root = plant({
      'app/features/booking/slots-note.ts':
        "import { adminOnly } from '~/features/admin/shared/admin-only';\nexport const note = adminOnly;\n",
      'app/features/admin/shared/admin-only.ts': "export const adminOnly = 'admin';\n",
    });
    const result = depcruise(root, ['app']);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('domains-not-to-admin');
    expect(result.output).toContain('app/features/booking/slots-note.ts');
    expect(result.output).toContain('app/features/admin/shared/admin-only.ts');
  });

  it('lets the back office import a domain, and a domain test drive the back office', () => {
    const root = plant({
      'app/features/admin/appointments/screen.ts':
        "import { note } from '~/features/booking/note';\nexport const screen = note;\n",
      'app/features/booking/note.ts': "export const note = 'booking';\n",
      'app/features/booking/note.test.ts':
        "import { screen } from '~/features/admin/appointments/screen';\nexport const seen = screen;\n",
    });
    const result = depcruise(root, ['app']);
    expect(result.output).not.toContain('domains-not-to-admin');
    expect(result.status).toBe(0);
  });

  it('fails on an import loop between two feature folders, and not when the way back is type-only', () => {
    const files = {
      'app/features/cart/cart-note.ts':
        "import { wish } from '~/features/wishlist/wish-note';\nexport const cartNote = wish;\n",
      'app/features/wishlist/wish-note.ts':
        "import { cartLabel } from '../cart/cart-label';\nexport const wish = cartLabel;\n",
      'app/features/cart/cart-label.ts': "export const cartLabel = 'cart';\n",
    };
    const root = plant(files);
    expect(featureFolderLoops(root).map((loop) => loop.folders)).toEqual([['cart', 'wishlist']]);
    const result = loopCheck(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('no-feature-folder-loops: cart, wishlist');
    expect(result.output).toContain(
      'app/features/wishlist/wish-note.ts → app/features/cart/cart-label',
    );
    fs.writeFileSync(
      path.join(root, 'app/features/wishlist/wish-note.ts'),
      "import type { CartLabel } from '../cart/cart-label';\nexport const wish: CartLabel = 'cart';\n",
    );
    fs.writeFileSync(
      path.join(root, 'app/features/cart/cart-label.ts'),
      "export type CartLabel = 'cart';\n",
    );
    expect(featureFolderLoops(root)).toEqual([]);
  });

  it('counts the areas of the back office as folders of their own', () => {
    const root = plant({
      'app/features/admin/orders/panel.ts':
        "import { pager } from '~/features/admin/shared/pager';\nexport const panel = pager;\n",
      'app/features/admin/shared/pager.ts':
        "import { orderLabel } from '../orders/label';\nexport const pager = orderLabel;\n",
      'app/features/admin/orders/label.ts': "export const orderLabel = 'order';\n",
    });
    expect(featureFolderLoops(root).map((loop) => loop.folders)).toEqual([
      ['admin/orders', 'admin/shared'],
    ]);
  });

  it('fails on a write to orders from features/admin, naming the file, the line and the owner', () => {
    const root = plant({
      ...OWNED_TREE,
      'app/features/admin/orders/orders.server.ts':
        "import { orders } from '~/lib/schema.server';\n\nexport const cancel = (db) =>\n  db.update(orders).set({ status: 'cancelled' });\n",
    });
    const result = ownerCheck(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'error table-owner: app/features/admin/orders/orders.server.ts:4 updates orders, owned by orders',
    );
    expect(result.output).not.toContain('orders-commands.server.ts');
    fs.rmSync(path.join(root, 'app/features/admin/orders/orders.server.ts'));
    expect(ownerCheck(root).status).toBe(0);
  });

  it('finds raw SQL writes, and fails on a table the owners’ list leaves out', () => {
    const tables = schemaTables(OWNED_TREE['app/lib/schema.server.ts']);
    expect([...tables]).toEqual([
      ['orders', 'orders'],
      ['jobs', 'jobs'],
    ]);
    const raw = writesIn(
      'app/features/cart/sweep.server.ts',
      'export const sweep = (db) => db.execute(sql`delete from jobs where id = ${1}`);\n',
      tables,
    );
    expect(raw).toEqual([
      { file: 'app/features/cart/sweep.server.ts', line: 1, table: 'jobs', kind: 'delete' },
    ]);
    const interpolated = writesIn(
      'app/features/cart/sweep.server.ts',
      'export const sweep = (db) =>\n  db.execute(sql`update ${orders} set status = ${status}`);\n',
      tables,
    );
    expect(interpolated).toEqual([
      { file: 'app/features/cart/sweep.server.ts', line: 2, table: 'orders', kind: 'update' },
    ]);
    const root = plant({
      ...OWNED_TREE,
      'app/lib/schema.server.ts': `${OWNED_TREE['app/lib/schema.server.ts']}export const notes = pgTable('notes', {});\n`,
    });
    expect(checkTableOwners(root)).toEqual({ breaches: [], unowned: ['notes'] });
    expect(ownerCheck(root).output).toContain('error table-owner: notes has no owner');
  });

  it('passes on the tree: no loop between feature folders, no domain importing the back office, every table written by its owner', () => {
    expect(featureFolderLoops(repo)).toEqual([]);
    expect(checkTableOwners(repo)).toEqual({ breaches: [], unowned: [] });
    const result = depcruise(repo, ['app/features'], ['--include-only', '^app/features/']);
    expect(result.output).not.toContain('domains-not-to-admin');
    expect(result.status).toBe(0);
  });
});
