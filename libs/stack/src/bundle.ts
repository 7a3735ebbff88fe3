/**
 * Production bundles: every process (the gateway, the six services, the provider stand-ins) built by esbuild into
 * one ES module, `dist/<name>/main.mjs`, with its source map. The workspace packages (`@app/*`, TypeScript sources)
 * are compiled into it; every other npm package stays an `import` of `node_modules`, and the build writes, next to
 * the bundle, the `package.json` and `package-lock.json` that install exactly those packages at the versions and
 * with the integrity hashes of the repository's lockfile (`npm ci --omit=dev` in the image).
 *
 * The build fails, naming the package and the file, when a bundle imports a package that is not a production
 * dependency of the process or of a workspace library it depends on, or pulls in a workspace package that is not.
 */
import Arborist from '@npmcli/arborist';
import { build, type Metafile, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { PROCESS_NAMES, PROCESSES, type ProcessName } from '@app/contracts';
import { repoRoot } from './paths.js';

/** Each process and its package folder; the entry point is `<folder>/src/main.ts`. */
export const BUNDLES = {
  ...(Object.fromEntries(PROCESS_NAMES.map((p) => [p, PROCESSES[p].folder])) as Record<ProcessName, string>),
  'dev-providers': 'tools/dev-providers',
};
export type BundleName = keyof typeof BUNDLES;
export const BUNDLE_NAMES = Object.keys(BUNDLES) as BundleName[];

export const isBundleName = (name: string): name is BundleName => Object.hasOwn(BUNDLES, name);

/**
 * Packages a process reads files of at run time by package path (`createRequire(import.meta.url).resolve(…)`),
 * which no `import` shows: the bundle resolves them from the `node_modules` beside it, so they are installed too.
 * The pdf-worker embeds the DejaVu faces of `@fontsource` in every sheet (services/pdf-worker/src/domain/sheet-fonts.ts).
 * Each must still be named in the bundle's text, or the build fails (the list would be stale).
 * `@sparticuz/chromium` (libs/browser) is deliberately absent: the images carry the system's Chromium (CHROME_PATH).
 */
export const RUNTIME_PACKAGES: Partial<Record<BundleName, readonly string[]>> = {
  'pdf-worker': ['@fontsource/dejavu-sans', '@fontsource/dejavu-mono'],
};

/** Workspace packages: compiled into the bundle. Everything else that is not relative is an npm package. */
export const WORKSPACE_SCOPE = '@app/';

export interface Manifest {
  name: string;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** One entry of package-lock.json's `packages` (lockfile v3), keyed by its folder (`node_modules/x`, `libs/kit`). */
export interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

/** A workspace package: its folder (relative to the root, `/`-separated) and manifest. */
export interface Workspace {
  dir: string;
  manifest: Manifest;
}

/** An npm package a bundle imports, and the file (relative to the root) that imports it. */
export interface ExternalImport {
  pkg: string;
  importer: string;
}

export class BundleError extends Error {
  override name = 'BundleError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The npm package a bare specifier names (`@scope/pkg/sub` → `@scope/pkg`); null for Node built-ins and paths. */
export function packageName(specifier: string): string | null {
  if (isBuiltin(specifier) || specifier.startsWith('.') || path.isAbsolute(specifier)) return null;
  const parts = specifier.split('/');
  if (specifier.startsWith('@')) return parts.length >= 2 ? `${parts[0]}/${parts[1]}` : null;
  return parts[0] || null;
}

/** esbuild: `@app/*` and relative imports are bundled, every other bare specifier stays an import. */
export const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith(WORKSPACE_SCOPE) || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * The workspace packages a process runs: itself and, transitively, every `@app/*` of the `dependencies` (never the
 * devDependencies) of those. Throws on a name that is not a workspace.
 */
export function workspaceClosure(start: string, workspaces: ReadonlyMap<string, Workspace>): string[] {
  const seen: string[] = [];
  const visit = (name: string) => {
    if (seen.includes(name)) return;
    if (!workspaces.has(name)) throw new BundleError([`${name} is not a workspace package`]);
    seen.push(name);
    for (const dep of Object.keys(workspaces.get(name)!.manifest.dependencies ?? {}))
      if (dep.startsWith(WORKSPACE_SCOPE)) visit(dep);
  };
  visit(start);
  return seen;
}

/** The workspace whose folder holds `file` (root-relative), the deepest one; undefined outside every workspace. */
export function workspaceOf(file: string, workspaces: ReadonlyMap<string, Workspace>): string | undefined {
  let best: Workspace | undefined;
  let bestName: string | undefined;
  for (const [name, ws] of workspaces) {
    if (file.startsWith(`${ws.dir}/`) && (!best || ws.dir.length > best.dir.length)) {
      best = ws;
      bestName = name;
    }
  }
  return bestName;
}

/**
 * What is wrong with a bundle's imports: an npm package that is not in the `dependencies` of the process or of a
 * workspace library in its closure (a devDependency is named as such), or a bundled file of a workspace package
 * outside that closure. Empty when all is well.
 */
export function checkImports(o: {
  process: string;
  closure: readonly string[];
  workspaces: ReadonlyMap<string, Workspace>;
  externals: readonly ExternalImport[];
  bundledFiles: readonly string[];
}): string[] {
  const problems: string[] = [];
  const declared = new Set<string>();
  const devDeclared = new Map<string, string[]>();
  for (const name of o.closure) {
    const m = o.workspaces.get(name)!.manifest;
    for (const dep of Object.keys(m.dependencies ?? {})) declared.add(dep);
    for (const dep of Object.keys(m.devDependencies ?? {}))
      devDeclared.set(dep, [...(devDeclared.get(dep) ?? []), name]);
  }
  const libraries = o.closure.slice(1);
  const where = `the dependencies of ${o.process}${libraries.length ? ` or of ${libraries.join(', ')}` : ''}`;
  const reported = new Set<string>();
  for (const { pkg, importer } of o.externals) {
    if (declared.has(pkg) || reported.has(pkg)) continue;
    reported.add(pkg);
    const dev = devDeclared.get(pkg);
    problems.push(
      `${o.process}: the bundle imports "${pkg}" (${importer}), which is not in ${where}` +
        (dev ? ` (it is a devDependency of ${dev.join(', ')})` : '') +
        `: add it to the "dependencies" of the package that imports it.`,
    );
  }
  const outside = new Set<string>();
  for (const file of o.bundledFiles) {
    const ws = workspaceOf(file, o.workspaces);
    if (ws && !o.closure.includes(ws) && !outside.has(ws)) {
      outside.add(ws);
      problems.push(
        `${o.process}: the bundle compiles ${file} of ${ws}, which is not a production dependency of ${o.process} ` +
          `(only ${o.closure.join(', ')} are): import it from a package that declares it, or declare it.`,
      );
    }
  }
  return problems;
}

/**
 * Where Node would find package `name` required from folder `from` (root-relative, '' for the root), in the tree a
 * lockfile describes: `<from>/node_modules/<name>`, then up each parent folder. Undefined when nowhere.
 */
export function resolveInLock(
  packages: Readonly<Record<string, LockEntry>>,
  from: string,
  name: string,
): string | undefined {
  let dir = from;
  for (;;) {
    if (path.posix.basename(dir) !== 'node_modules') {
      const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
    }
    if (!dir) return undefined;
    const parent = path.posix.dirname(dir);
    dir = parent === '.' ? '' : parent;
  }
}

/**
 * The lockfile of one bundle: a root that depends on `roots` (package → its folder in the repository's lockfile, exact
 * versions) and every package they reach, with the versions, integrity hashes and layout of the repository's
 * lockfile. The tree is npm's own answer: Arborist (`@npmcli/arborist`, what `npm install` runs) builds the ideal tree
 * of that root over the repository's lockfile, offline with an empty cache, so it can only keep, move or drop what the
 * lockfile holds (what it would fetch fails the build instead), and it follows npm's rules (an optional peer that
 * nothing else requires stays out, flags are those of the bundle's root, not of the repository's).
 *
 * Packages that a workspace had in its own `node_modules` (`gateway/node_modules/ioredis`) come first to the top of
 * the tree given to Arborist: from that workspace's code they hide the root's copies, and the bundle is that code. A
 * root that would then lose its own copy, or two workspaces that hold different copies at one place, are refused.
 */
export async function pruneLockfile(o: {
  lock: Lockfile;
  name: string;
  version: string;
  roots: ReadonlyMap<string, string>;
}): Promise<Lockfile> {
  const { packages } = o.lock;
  const problems: string[] = [];
  const dependencies: Record<string, string> = {};
  for (const [pkg, location] of [...o.roots].sort(([a], [b]) => a.localeCompare(b))) {
    const entry = packages[location];
    if (!entry || entry.link || !entry.version)
      problems.push(`${location} is not an installed package in package-lock.json`);
    else dependencies[pkg] = entry.version;
  }
  if (problems.length) throw new BundleError(problems);

  const given: Record<string, LockEntry> = {
    ...packages,
    '': { name: o.name, version: o.version, dependencies },
  };
  const hoisted = new Map<string, string>();
  for (const prefix of new Set(
    [...o.roots.values()].map((loc) => loc.slice(0, loc.indexOf('node_modules/'))),
  )) {
    if (!prefix) continue;
    for (const [from, entry] of Object.entries(packages)) {
      if (!from.startsWith(`${prefix}node_modules/`)) continue;
      const to = from.slice(prefix.length);
      const other = hoisted.get(to);
      if (other !== undefined && packages[other]!.version !== entry.version)
        problems.push(`${other} and ${from} would both be installed at ${to}: the bundle needs two copies`);
      hoisted.set(to, from);
      given[to] = entry;
    }
  }
  // A copy of the root's that a workspace's hides takes its own nested packages with it: they belong to that copy
  // (another version, which may need other versions of its dependencies), never to the workspace's.
  for (const to of hoisted.keys())
    for (const nested of Object.keys(given))
      if (nested.startsWith(`${to}/node_modules/`) && !hoisted.has(nested)) delete given[nested];
  // A root the bundle takes from the root's node_modules, hidden by a workspace's copy.
  for (const location of o.roots.values())
    if (hoisted.has(location))
      problems.push(
        `${hoisted.get(location)} and ${location} would both be installed at ${location}: the bundle needs two copies`,
      );
  if (problems.length) throw new BundleError(problems);

  const dir = await mkdtemp(path.join(tmpdir(), 'bundle-lock-'));
  let tree: Lockfile;
  try {
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: o.name, version: o.version, dependencies }),
    );
    await writeFile(path.join(dir, 'package-lock.json'), JSON.stringify({ ...o.lock, packages: given }));
    const arborist = new Arborist({
      path: dir,
      offline: true,
      cache: path.join(dir, '.npm-cache'),
      lockfileVersion: 3,
      audit: false,
      ignoreScripts: true,
    });
    tree = (await arborist.buildIdealTree()).meta.commit() as unknown as Lockfile;
  } catch (err) {
    const e = err as { code?: string; requiredBy?: string; message?: string };
    if (e.code !== 'ENOTCACHED')
      throw new BundleError([`${o.name}: npm could not build its tree: ${e.message}`]);
    // "request to https://registry.npmjs.org/<name> failed: ...": what npm would have fetched.
    const url = /request to (\S+) failed/.exec(e.message ?? '')?.[1];
    const wanted = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : 'a package';
    const by = !e.requiredBy || e.requiredBy === '.' ? o.name : e.requiredBy;
    throw new BundleError([
      `package-lock.json has no "${wanted}" for ${by} where the bundle can use it (npm would fetch it): run npm install`,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // Same copies: every package is one of the repository's lockfile, same version and integrity, at its place.
  for (const [location, entry] of Object.entries(tree.packages)) {
    if (!location) continue;
    const source = given[location];
    if (!source || source.version !== entry.version || source.integrity !== entry.integrity)
      problems.push(`npm placed ${location}@${entry.version}, which package-lock.json does not hold there`);
  }
  if (problems.length) throw new BundleError(problems);
  const sorted = Object.fromEntries(
    Object.entries(tree.packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { name: o.name, version: o.version, lockfileVersion: 3, requires: true, packages: sorted };
}

/** The bundle's package.json: an ES module package whose dependencies are exactly its npm imports, exact versions. */
export function bundleManifest(lock: Lockfile): Manifest & { private: true; type: 'module'; main: string } {
  const root = lock.packages['']!;
  return {
    name: root.name!,
    version: root.version!,
    private: true,
    type: 'module',
    main: 'main.mjs',
    dependencies: { ...root.dependencies },
  };
}

/** The workspace packages of the repository, read from the lockfile's links and each folder's package.json. */
export function readWorkspaces(lock: Lockfile, root: string): Map<string, Workspace> {
  const workspaces = new Map<string, Workspace>();
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (!entry.link || typeof entry.resolved !== 'string') continue;
    const manifest = JSON.parse(
      readFileSync(path.join(root, entry.resolved, 'package.json'), 'utf8'),
    ) as Manifest;
    workspaces.set(manifest.name, { dir: entry.resolved, manifest });
    if (location !== `node_modules/${manifest.name}`)
      throw new BundleError([`package-lock.json links ${location} to ${entry.resolved} (${manifest.name})`]);
  }
  return workspaces;
}

/**
 * The npm packages a bundle imports (from the metafile), with their importers, and the files it compiled. Only what
 * the output keeps counts: a module esbuild read but dropped (nothing of it used, in a package with
 * `"sideEffects": false`, as the kit's database module in a process without a database) brings no package.
 */
export function metafileImports(metafile: Metafile): { externals: ExternalImport[]; files: string[] } {
  const outputs = Object.entries(metafile.outputs).filter(([name]) => !name.endsWith('.map'));
  const kept = new Set(outputs.flatMap(([, o]) => Object.keys(o.inputs)));
  const keptImports = new Set(
    outputs.flatMap(([, o]) => o.imports.filter((i) => i.external).map((i) => i.path)),
  );
  const externals: ExternalImport[] = [];
  const files: string[] = [];
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (!kept.has(file)) continue;
    files.push(file);
    for (const imp of input.imports) {
      // `<runtime>`: esbuild's own helpers (keepNames' __name), compiled in, not a package.
      if (!imp.external || imp.path === '<runtime>' || !keptImports.has(imp.path)) continue;
      const pkg = packageName(imp.path);
      if (pkg) externals.push({ pkg, importer: file });
    }
  }
  return { externals, files };
}

export interface BuiltBundle {
  name: BundleName;
  /** The folder holding main.mjs, main.mjs.map, package.json and package-lock.json. */
  dir: string;
  /** npm package → exact version: the bundle's dependencies. */
  dependencies: Record<string, string>;
  /** npm package → its folder in the repository's node_modules tree (root-relative), for tests that link them. */
  locations: Record<string, string>;
  /** Size of main.mjs in bytes. */
  bytes: number;
}

export interface BuildOptions {
  /** Where `<name>/` folders go; default `<root>/dist`. */
  outDir?: string;
  /** The repository; default the one this file is in. */
  root?: string;
}

/** Bundles the named processes (default: all). Throws a BundleError listing every problem found. */
export async function buildBundles(
  names: readonly BundleName[] = BUNDLE_NAMES,
  opts: BuildOptions = {},
): Promise<BuiltBundle[]> {
  const root = opts.root ?? repoRoot;
  const outDir = path.resolve(root, opts.outDir ?? 'dist');
  const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  const workspaces = readWorkspaces(lock, root);
  const results = await Promise.allSettled(
    names.map((name) => buildOne(name, { root, outDir, lock, workspaces })),
  );
  const problems = results.flatMap((r) =>
    r.status === 'fulfilled' ? [] : r.reason instanceof BundleError ? r.reason.problems : [String(r.reason)],
  );
  if (problems.length) throw new BundleError(problems);
  return results.map((r) => (r as PromiseFulfilledResult<BuiltBundle>).value);
}

/** node_modules beside a bundle with exactly its dependencies, each a link to the copy the lockfile resolved. */
export async function linkBundleDependencies(b: BuiltBundle, root: string = repoRoot): Promise<void> {
  for (const [pkg, location] of Object.entries(b.locations)) {
    const link = path.join(b.dir, 'node_modules', pkg);
    await mkdir(path.dirname(link), { recursive: true });
    await symlink(path.join(root, location), link, 'dir');
  }
}

/**
 * Every bundle built into `outDir` with its dependencies linked from the repository's node_modules: runnable where it
 * is, with plain `node`, as in its image. The test stacks run these (STACK_BUNDLES, ./processes.ts).
 */
export async function buildRunnableBundles(outDir: string): Promise<BuiltBundle[]> {
  await rm(outDir, { recursive: true, force: true });
  const built = await buildBundles(BUNDLE_NAMES, { outDir });
  await Promise.all(built.map((b) => linkBundleDependencies(b)));
  return built;
}

async function buildOne(
  name: BundleName,
  ctx: { root: string; outDir: string; lock: Lockfile; workspaces: Map<string, Workspace> },
): Promise<BuiltBundle> {
  const pkgDir = BUNDLES[name];
  const processPkg = [...ctx.workspaces].find(([, ws]) => ws.dir === pkgDir)?.[0];
  if (!processPkg) throw new BundleError([`${name}: no workspace package in ${pkgDir}`]);
  const dir = path.join(ctx.outDir, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const outfile = path.join(dir, 'main.mjs');

  const result = await build({
    absWorkingDir: ctx.root,
    entryPoints: [`${pkgDir}/src/main.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    keepNames: true,
    metafile: true,
    logLevel: 'silent',
    plugins: [externalPackages],
  }).catch((error: Error) => {
    throw new BundleError([`${name}: ${error.message}`]);
  });
  const code = await readFile(outfile, 'utf8');
  const { externals, files } = metafileImports(result.metafile);
  const problems: string[] = [];

  for (const pkg of RUNTIME_PACKAGES[name] ?? []) {
    if (code.includes(pkg)) externals.push({ pkg, importer: `${pkgDir} (resolved at run time)` });
    else
      problems.push(`${name}: RUNTIME_PACKAGES names ${pkg}, which the bundle no longer mentions: remove it`);
  }
  // A CommonJS `require` compiled into an ES module throws at run time: nothing of ours may use one.
  if (code.includes('Dynamic require of "'))
    problems.push(
      `${name}: bundled code calls require(); use import (or give the bundle a createRequire banner)`,
    );

  const closure = workspaceClosure(processPkg, ctx.workspaces);
  problems.push(
    ...checkImports({
      process: processPkg,
      closure,
      workspaces: ctx.workspaces,
      externals,
      bundledFiles: files,
    }),
  );
  if (problems.length) throw new BundleError(problems);

  // Each package from where its importer would load it: the importer's workspace's node_modules, then the root's.
  const roots = new Map<string, string>();
  for (const { pkg, importer } of externals) {
    const ws = workspaceOf(importer, ctx.workspaces) ?? processPkg;
    const location = resolveInLock(ctx.lock.packages, ctx.workspaces.get(ws)!.dir, pkg);
    const known = roots.get(pkg);
    if (!location)
      problems.push(`${name}: "${pkg}" (${importer}) is not in package-lock.json: run npm install`);
    else if (
      known &&
      known !== location &&
      ctx.lock.packages[known]!.version !== ctx.lock.packages[location]!.version
    )
      problems.push(`${name}: two versions of "${pkg}" are imported (${known}, ${location}): align them`);
    else if (!known) roots.set(pkg, location);
  }
  if (problems.length) throw new BundleError(problems);

  const version = ctx.workspaces.get(processPkg)!.manifest.version ?? '0.0.0';
  const lock = await pruneLockfile({ lock: ctx.lock, name: `aritmetica-${name}`, version, roots });
  // The images install with --ignore-scripts (nothing compiles or downloads at install): none may need one.
  const scripted = Object.keys(lock.packages).filter((loc) => lock.packages[loc]!.hasInstallScript);
  if (scripted.length)
    throw new BundleError([
      `${name}: ${scripted.join(', ')} ha${scripted.length > 1 ? 've' : 's'} an install script, which the images skip ` +
        `(npm ci --ignore-scripts in deploy/Dockerfile.*): allow it there or avoid the package`,
    ]);
  const manifest = bundleManifest(lock);
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  return {
    name,
    dir,
    dependencies: manifest.dependencies ?? {},
    locations: Object.fromEntries(roots),
    bytes: Buffer.byteLength(code),
  };
}
