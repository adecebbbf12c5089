/**
 * The third layer rule of issue 30 item 4: each table is written only from its owner's folder.
 * The owners are the table "Tables and their owners" in docs/ARCHITECTURE.md (a row a table:
 * the schema's export name in backticks, then the owner: a feature folder such as `orders`, or
 * `lib` for app/lib). A write is a Drizzle `insert(t)`, `update(t)` or `delete(t)` call whose
 * argument is a table the schema module (app/lib/schema.server.ts) exports, or a raw
 * `insert into` / `update` / `delete from` naming the table inside a `sql` template, by its SQL
 * name or interpolated (`delete from ${cartLines}`). Writes are
 * looked for in app/ (tests left out); the back office's areas (`features/admin/<area>`) own no
 * table, so any write there breaks the rule.
 *
 * Run by `npm run lint:layers`: prints each write outside its owner's folder and exits 1, or
 * exits 0 when there is none. `--count` prints the count by folder and exits 0.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { featureFolder, listSources } from './feature-loops';

/** One write statement: where it is, the table (schema export name) and its kind. */
export interface TableWrite {
  /** Repository-relative path, '/'-separated. */
  file: string;
  line: number;
  table: string;
  kind: 'insert' | 'update' | 'delete';
}

const SCHEMA = 'app/lib/schema.server.ts';
const ARCHITECTURE = 'docs/ARCHITECTURE.md';

/**
 * The folder a file writes from: `lib` for app/lib, the feature folder (`orders`,
 * `admin/orders`, `admin`) under app/features, `routes` for app/routes, else its first two path
 * segments.
 */
export function writerFolder(file: string): string {
  if (file.startsWith('app/lib/')) return 'lib';
  const feature = featureFolder(file);
  if (feature) return feature;
  if (file.startsWith('app/routes/')) return 'routes';
  return file.split('/').slice(0, 2).join('/');
}

/** The schema's tables: export name → SQL name, read from the schema module's text. */
export function schemaTables(text: string): Map<string, string> {
  const tables = new Map<string, string>();
  const pattern = /export const (\w+) = pgTable\(\s*'([a-z_0-9]+)'/g;
  for (const match of text.matchAll(pattern)) tables.set(match[1]!, match[2]!);
  return tables;
}

/**
 * The owners from ARCHITECTURE.md's table: rows of the form "| `orders` | `orders` | …".
 * @returns schema export name → owner folder.
 */
export function tableOwners(markdown: string): Map<string, string> {
  const owners = new Map<string, string>();
  const section = markdown.split(/^## Tables and their owners$/m)[1]?.split(/^## /m)[0] ?? '';
  for (const match of section.matchAll(/^\|\s*`(\w+)`\s*\|\s*`([\w/]+)`\s*\|/gm)) {
    owners.set(match[1]!, match[2]!);
  }
  return owners;
}

/** The demo seed loads fixed rows at the first start, like a migration: it is not checked. */
const UNCHECKED = /^app\/seed\//;

const RAW_VERB_BEFORE = /\b(insert\s+into|update|delete\s+from)\s*$/i;

/** The kind of write a raw SQL verb makes. */
function kindOf(verb: string): TableWrite['kind'] {
  const lower = verb.toLowerCase();
  return lower.startsWith('insert') ? 'insert' : lower === 'update' ? 'update' : 'delete';
}

const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_0-9]+)"?/gi;

/** The writes in one module's text; `tables` maps export names to SQL names. */
export function writesIn(file: string, text: string, tables: Map<string, string>): TableWrite[] {
  const bySqlName = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const writes: TableWrite[] = [];
  const lineOf = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!) &&
      tables.has(node.arguments[0].text)
    ) {
      writes.push({
        file,
        line: lineOf(node),
        table: node.arguments[0].text,
        kind: node.expression.name.text as TableWrite['kind'],
      });
    } else if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      node.tag.text === 'sql'
    ) {
      const raw = node.template.getText(source);
      for (const match of raw.matchAll(RAW_WRITE)) {
        const table = bySqlName.get(match[2]!.toLowerCase());
        if (table) writes.push({ file, line: lineOf(node), table, kind: kindOf(match[1]!) });
      }
      // `delete from ${cartLines}`: the table interpolated after the verb.
      if (ts.isTemplateExpression(node.template)) {
        let before = node.template.head.text;
        for (const span of node.template.templateSpans) {
          const verb = RAW_VERB_BEFORE.exec(before);
          if (verb && ts.isIdentifier(span.expression) && tables.has(span.expression.text)) {
            writes.push({
              file,
              line: lineOf(node),
              table: span.expression.text,
              kind: kindOf(verb[1]!),
            });
          }
          before = span.literal.text;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** Every write under app/ of the tree at `root`. */
export function treeWrites(root: string): TableWrite[] {
  const tables = schemaTables(fs.readFileSync(path.join(root, SCHEMA), 'utf8'));
  return listSources(root, 'app')
    .filter((file) => !UNCHECKED.test(file))
    .flatMap((file) => writesIn(file, fs.readFileSync(path.join(root, file), 'utf8'), tables));
}

/** What the check finds in the tree at `root`. */
export interface OwnerReport {
  /** Writes from outside their table's owner folder. */
  breaches: TableWrite[];
  /** Schema tables ARCHITECTURE.md names no owner for. */
  unowned: string[];
}

/** Checks every write of the tree at `root` against the owners ARCHITECTURE.md names. */
export function checkTableOwners(root: string): OwnerReport {
  const tables = schemaTables(fs.readFileSync(path.join(root, SCHEMA), 'utf8'));
  const owners = tableOwners(fs.readFileSync(path.join(root, ARCHITECTURE), 'utf8'));
  const unowned = [...tables.keys()].filter((table) => !owners.has(table));
  const breaches = treeWrites(root).filter(
    (write) => owners.has(write.table) && owners.get(write.table) !== writerFolder(write.file),
  );
  return { breaches, unowned };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? '.');
  const report = checkTableOwners(root);
  if (args.includes('--count')) {
    const byFolder = new Map<string, number>();
    for (const write of report.breaches) {
      const folder = writerFolder(write.file);
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
    }
    for (const [folder, n] of [...byFolder].sort((a, b) => b[1] - a[1])) {
      console.log(`${String(n).padStart(4)}  ${folder}`);
    }
    console.log(
      `${report.breaches.length} write(s) outside their owner, in ${new Set(report.breaches.map((w) => w.file)).size} file(s)`,
    );
    process.exit(0);
  }
  const owners = tableOwners(fs.readFileSync(path.join(root, ARCHITECTURE), 'utf8'));
  for (const write of report.breaches) {
    console.error(
      `error table-owner: ${write.file}:${write.line} ${write.kind}s ${write.table}, owned by ${owners.get(write.table)}`,
    );
  }
  for (const table of report.unowned) {
    console.error(`error table-owner: ${table} has no owner in ${ARCHITECTURE}`);
  }
  if (report.breaches.length > 0 || report.unowned.length > 0) {
    console.error(
      `\nx ${report.breaches.length} write(s) outside their table's owner, ${report.unowned.length} table(s) with no owner. Write a table only through its owner's commands (docs/ARCHITECTURE.md).`,
    );
    process.exit(1);
  }
  console.log('✔ every table is written only from its owner’s folder.');
}
