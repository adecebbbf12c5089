/**
 * The layer rule dependency-cruiser cannot state (issue 30 item 4): no import loop between
 * feature folders, value imports counted. A feature folder is `app/features/<x>`, and each area
 * of the back office, `app/features/admin/<area>`, counts as a folder of its own. An edge runs
 * from one folder to another when a module of the first (tests left out) imports a module of
 * the second by value: `import type`, and imports whose every name is `type`, do not count;
 * `export … from` and `import()` do. A loop is a set of two or more folders that reach each
 * other (a strongly connected component of the folder graph).
 *
 * Run by `npm run lint:layers` after dependency-cruiser: prints each loop with the imports that
 * close it and exits 1, or exits 0 when there is none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One import between two feature folders: the importing file and the imported module. */
export interface FolderEdge {
  from: string;
  to: string;
  /** Repository-relative paths, '/'-separated. */
  file: string;
  imports: string;
}

/** A loop: its folders (sorted) and the imports between them. */
export interface FolderLoop {
  folders: string[];
  edges: FolderEdge[];
}

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.test\.tsx?$/;

/** The feature folder of a repository-relative path, or null outside app/features. */
export function featureFolder(file: string): string | null {
  const match = /^app\/features\/([^/]+)\/(?:([^/]+)\/)?/.exec(file);
  if (!match) return null;
  if (match[1] === 'admin')
    return match[2] && !SOURCE.test(match[2]) ? `admin/${match[2]}` : 'admin';
  return match[1]!;
}

/** The non-test source files under `dir` of the tree at `root`, repository-relative. */
export function listSources(root: string, dir: string): string[] {
  if (!fs.existsSync(path.join(root, dir))) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listSources(root, rel));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The specifiers a module imports by value. */
function valueImports(text: string, fileName: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          !clause.name &&
          named !== undefined &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The repository-relative target of a specifier ('~/' is app/), or null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('~/')) return `app/${specifier.slice(2)}`;
  if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(file), specifier);
  return null;
}

/** Every value import from one feature folder into another, under `root`. */
export function featureFolderEdges(root: string): FolderEdge[] {
  const edges: FolderEdge[] = [];
  if (!fs.existsSync(path.join(root, 'app/features'))) return edges;
  for (const file of listSources(root, 'app/features')) {
    const from = featureFolder(file)!;
    for (const specifier of valueImports(fs.readFileSync(path.join(root, file), 'utf8'), file)) {
      const imported = target(file, specifier);
      const to = imported && featureFolder(imported);
      if (to && to !== from) edges.push({ from, to, file, imports: imported! });
    }
  }
  return edges;
}

/** The loops of the folder graph `edges` make (Tarjan's strongly connected components). */
export function folderLoops(edges: readonly FolderEdge[]): FolderLoop[] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!next.has(edge.from)) next.set(edge.from, new Set());
    next.get(edge.from)!.add(edge.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: FolderLoop[] = [];
  let counter = 0;
  const connect = (folder: string) => {
    index.set(folder, counter);
    low.set(folder, counter);
    counter++;
    stack.push(folder);
    onStack.add(folder);
    for (const to of next.get(folder) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(folder, Math.min(low.get(folder)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(to)!));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== folder);
    if (members.length < 2) return;
    const inLoop = new Set(members);
    loops.push({
      folders: members.sort(),
      edges: edges.filter((edge) => inLoop.has(edge.from) && inLoop.has(edge.to)),
    });
  };
  for (const folder of next.keys()) if (!index.has(folder)) connect(folder);
  return loops;
}

/** The loops between the feature folders of the tree at `root`. */
export function featureFolderLoops(root: string): FolderLoop[] {
  return folderLoops(featureFolderEdges(root));
}

/** The report of `loops`, one block a loop. */
export function describeLoops(loops: readonly FolderLoop[]): string {
  return loops
    .map(
      (loop) =>
        `error no-feature-folder-loops: ${loop.folders.join(', ')}\n` +
        loop.edges.map((edge) => `    ${edge.file} → ${edge.imports}`).join('\n'),
    )
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? '.');
  const loops = featureFolderLoops(root);
  if (loops.length > 0) {
    console.error(describeLoops(loops));
    console.error(
      `\nx ${loops.length} import loop(s) between feature folders (value imports counted). Move what both sides share down: into the domain both use, or app/lib (docs/ARCHITECTURE.md).`,
    );
    process.exit(1);
  }
  console.log('✔ no import loop between feature folders (value imports counted).');
}
