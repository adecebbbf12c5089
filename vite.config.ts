import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import path from 'node:path';
import type { Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;
type GetManualChunk = Rollup.GetManualChunk;

/** React, React DOM and React Router, with what they import (and Rollup's CommonJS helper). */
const VENDOR =
  /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\/|^\0commonjsHelpers/;
const ICONS = '/node_modules/lucide-react/';
const ROOT_ROUTE = /\/app\/root\.tsx\?/;
const ROUTE = /\/app\/routes\/.*\?/;
const ADMIN_ROUTE = /\/app\/routes\/admin\//;
/** The content pages, whose first load has the smaller budget (issue 19 item 2: 120 KiB). */
const CONTENT_ROUTE =
  /\/app\/routes\/(about|services|contact|privacy-policy|terms-conditions)\.tsx\?/;
const LUCIDE_BARREL = /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.js$/;

/**
 * The icon modules `importer` takes from lucide-react's index, which re-exports every icon:
 * following the index itself would put every icon the app uses anywhere in whichever group
 * reached it first. The names come from the importer's `import { … } from 'lucide-react'`,
 * their files from the index's `export { default as Name, … } from './icons/name.js'` lines.
 */
function lucideIcons(meta: ManualChunkMeta, importer: string, barrel: string): string[] {
  const code = meta.getModuleInfo(importer)?.code ?? '';
  const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)]
    .flatMap((match) => match[1]!.split(','))
    .map((part) => part.trim().split(/\s+as\s+/)[0]!)
    .filter(Boolean);
  const index = meta.getModuleInfo(barrel)?.code ?? '';
  const files = names.map((name) => {
    const line = new RegExp(`default as ${name}[,\\s}][^;]*from\\s*'(\\./icons/[^']+)'`).exec(
      index,
    );
    return line ? path.join(path.dirname(barrel), line[1]!) : barrel;
  });
  return [...new Set(files)];
}

/** What `id` imports statically, with lucide-react's index replaced by the icons it takes. */
function importsOf(meta: ManualChunkMeta, id: string): string[] {
  return (meta.getModuleInfo(id)?.importedIds ?? []).flatMap((next) =>
    LUCIDE_BARREL.test(next) ? lucideIcons(meta, id, next) : [next],
  );
}

/** The modules `from` imports statically, directly or not, short of vendor and `stop`. */
function reach(meta: ManualChunkMeta, from: string, stop: Set<string>): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || stop.has(id) || VENDOR.test(id)) return;
    found.add(id);
    importsOf(meta, id).forEach(visit);
  };
  visit(from);
  return found;
}

/**
 * A small module (under 8 KB) of the app's own, or an icon: the shared group gathers the small
 * helpers, components and icons that Rollup would otherwise give a chunk (and a request) each.
 */
function isSmallModule(meta: ManualChunkMeta, id: string): boolean {
  const small = (meta.getModuleInfo(id)?.code?.length ?? Infinity) < 8_000;
  return small && (id.includes('/app/') || id.includes(ICONS));
}

interface Groups {
  /** What the root route (the layout of every page) needs: loaded on every page. */
  shell: Set<string>;
  /** What two or more shopper routes need beyond the shell, a content page among them. */
  content: Set<string>;
  /** What two or more shopper routes need beyond the shell and `content`. */
  shared: Set<string>;
}

/** Sorts the module graph into the groups, once per build. */
function groups(meta: ManualChunkMeta): Groups {
  const ids = [...meta.getModuleIds()];
  const root = ids.find((id) => ROOT_ROUTE.test(id));
  const shell = root ? reach(meta, root, new Set()) : new Set<string>();
  shell.delete(root!);
  const users = new Map<string, string[]>();
  for (const route of ids.filter((id) => ROUTE.test(id) && !ADMIN_ROUTE.test(id))) {
    for (const id of reach(meta, route, shell)) {
      if (id !== route && isSmallModule(meta, id)) users.set(id, [...(users.get(id) ?? []), route]);
    }
  }
  const grouped = new Set([...users].filter(([, routes]) => routes.length > 1).map(([id]) => id));
  // A grouped module that imports anything outside the groups (a library such as zod, a large
  // module) would drag it onto every page: it stays with the routes that use it, and so, in
  // turn, do the grouped modules that import it.
  const allowed = (id: string) => shell.has(id) || grouped.has(id) || VENDOR.test(id);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of grouped) {
      if (importsOf(meta, id).every(allowed)) continue;
      grouped.delete(id);
      changed = true;
    }
  }
  const content = new Set(
    [...grouped].filter((id) => users.get(id)!.some((route) => CONTENT_ROUTE.test(route))),
  );
  // What a content module imports is content too, so the content chunk never needs `shared`.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of content) {
      for (const next of importsOf(meta, id)) {
        if (grouped.has(next) && !content.has(next)) {
          content.add(next);
          changed = true;
        }
      }
    }
  }
  const shared = new Set([...grouped].filter((id) => !content.has(id)));
  return { shell, content, shared };
}

/**
 * Fewer, larger client chunks (issue 19 item 1): about a dozen scripts at most on a page's
 * first load, where Rollup's own splitting gave 20 to 30, many of a few hundred bytes.
 *   - `vendor`: React, React DOM, the scheduler and React Router, the same from one release to
 *     the next;
 *   - `shell`: everything the root route needs on every page (header, footer, cart and wishlist
 *     state, the primitives and helpers they use, and their icons);
 *   - `content`: what two or more shopper routes need beyond the shell, when a content page
 *     (about, services, contact, policies) is among them (page sections, heroes, SEO helpers);
 *   - `shared`: the same for the other shopper routes (product cards, money, breadcrumbs…);
 *     sections, form fields, money, SEO helpers, their icons);
 *   - `icons`: the other lucide icons (the back office's), one chunk instead of one each;
 *   - the rest as Rollup splits it: each route's own code and lazily loaded parts (cart drawer,
 *     dialogs, user menu, the back office's shared code).
 * Only the modules named here go to these chunks (`onlyExplicitManualChunks`), so a lazy part
 * imported by a shell module stays lazy.
 */
function clientChunks(): GetManualChunk {
  let sorted: Groups | undefined;
  return (id, meta) => {
    if (VENDOR.test(id)) return 'vendor';
    sorted ??= groups(meta);
    if (sorted.shell.has(id)) return 'shell';
    if (sorted.content.has(id)) return 'content';
    if (sorted.shared.has(id)) return 'shared';
    if (id.includes(ICONS)) return 'icons';
    return undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  // The client manifest tells the service worker script which chunks only the back office uses.
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts' } }
    : {
        manifest: true,
        rollupOptions: {
          output: { manualChunks: clientChunks(), onlyExplicitManualChunks: true },
        },
      },
  plugins: [tailwindcss(), reactRouter()],
}));
