/**
 * `npm run cycles`: fails when the files of a package import each other in a circle. A circle makes the order in
 * which modules run depend on which one was imported first (a value read before its module ran is `undefined`), and
 * it ties files that should be read one after the other into one knot. Between packages the same check is Nx's
 * (`@nx/enforce-module-boundaries` in eslint.architecture.js); this one looks inside each package, at every
 * TypeScript file but node_modules and build output.
 *
 * It reads the imports with the TypeScript compiler (import and export declarations, `import()` and
 * `import x = require()`), resolves the relative ones as tsc does (moduleResolution of tsconfig.base.json: a
 * `./x.js` is `./x.ts`), and prints each circle it finds, file by file, with `(type)` on an edge that only carries
 * types. A circle of imports that run fails the check; a circle closed only by type imports (erased from the
 * JavaScript, so nothing runs in a circle) is printed as a warning, and fails too with `--types`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.tsbuild', '.nx', 'public', 'test-results']);

/** Every package of the workspaces (libs/*, services/*, gateway, web, tools/*), and the root's own scripts. */
function packageRoots(): string[] {
  const workspaces = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces;
  const roots = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => path.join(root, pattern.slice(0, -2), d.name))
      : [path.join(root, pattern)],
  );
  return [...roots, ...['scripts', 'e2e', 'bench'].map((dir) => path.join(root, dir))];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(full);
    return /\.(?:ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

interface Edge {
  to: string;
  typeOnly: boolean;
}

/** The relative imports of one file, as written, each marked when it carries types only. */
function importsOf(file: string): Array<{ specifier: string; typeOnly: boolean }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ specifier: string; typeOnly: boolean }> = [];
  const add = (node: ts.Expression | undefined, typeOnly: boolean) => {
    if (node && ts.isStringLiteralLike(node) && node.text.startsWith('.'))
      found.push({ specifier: node.text, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes =
        !!named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, !!clause && (clause.isTypeOnly || (!clause.name && allNamedTypes)));
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause;
      const allNamedTypes =
        !!named &&
        ts.isNamedExports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, node.isTypeOnly || allNamedTypes);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const { config } = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile);
const options = ts.convertCompilerOptionsFromJson(config.compilerOptions, root).options;

/** The package's import graph: each file and the files of the same package it imports. */
function graphOf(pkg: string): Map<string, Edge[]> {
  const files = sourceFiles(pkg);
  const inside = new Set(files);
  const graph = new Map<string, Edge[]>();
  for (const file of files) {
    const edges: Edge[] = [];
    for (const { specifier, typeOnly } of importsOf(file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule
        ?.resolvedFileName;
      if (resolved && inside.has(path.resolve(resolved)))
        edges.push({ to: path.resolve(resolved), typeOnly });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), or of a file that imports itself. */
function circles(graph: Map<string, Edge[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).some((e) => e.to === v)) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return groups;
}

/** One circle through the group, from its first file back to it (breadth first: the shortest). */
function oneCircle(graph: Map<string, Edge[]>, group: string[]): Array<{ file: string; typeOnly: boolean }> {
  const members = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, { from: string; typeOnly: boolean }>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const { to, typeOnly } of graph.get(v) ?? []) {
      if (!members.has(to) || cameFrom.has(to)) continue;
      cameFrom.set(to, { from: v, typeOnly });
      if (to === start) queue.length = 0;
      else queue.push(to);
    }
  }
  const path: Array<{ file: string; typeOnly: boolean }> = [];
  let at = start;
  do {
    const step = cameFrom.get(at)!;
    path.unshift({ file: at, typeOnly: step.typeOnly });
    at = step.from;
  } while (at !== start);
  return [{ file: start, typeOnly: false }, ...path];
}

const strict = process.argv.includes('--types');
const rel = (f: string) => path.relative(root, f);

function report(mark: string, pkg: string, graph: Map<string, Edge[]>, group: string[], what: string): void {
  console.error(`${mark} ${rel(pkg)}: ${group.length} files ${what}:`);
  const [first, ...rest] = oneCircle(graph, group);
  console.error(`    ${rel(first!.file)}`);
  for (const step of rest) console.error(`  → ${rel(step.file)}${step.typeOnly ? ' (type)' : ''}`);
  const others = group.filter((f) => !rest.some((s) => s.file === f));
  if (others.length) console.error(`    and in the same knot: ${others.map(rel).join(', ')}`);
}

let failed = 0;
let warned = 0;
for (const pkg of packageRoots()) {
  const graph = graphOf(pkg);
  const running = new Map([...graph].map(([file, edges]) => [file, edges.filter((e) => !e.typeOnly)]));
  const runtimeGroups = circles(running);
  for (const group of runtimeGroups) {
    failed++;
    report('✗', pkg, running, group, 'import each other in a circle');
  }
  const inRuntime = new Set(runtimeGroups.flat());
  for (const group of circles(graph).filter((g) => !g.every((f) => inRuntime.has(f)))) {
    if (strict) failed++;
    else warned++;
    report(strict ? '✗' : '!', pkg, graph, group, 'import each other in a circle closed by type imports');
  }
}
if (warned) console.error(`\n${warned} circle(s) of type imports (a warning; \`--types\` fails on them).`);
if (failed) {
  console.error(`\n${failed} import circle(s): move what both sides need into a module of its own.`);
  process.exit(1);
}
console.log('No import circle in any package.');
