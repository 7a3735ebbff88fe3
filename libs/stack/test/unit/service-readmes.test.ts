import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  Buckets,
  Events,
  Jobs,
  Rpc,
  Streams,
  type ApiRoute,
  SERVICE_NAMES,
  type ProcessName,
} from '@app/contracts';
import { databaseEnv, processEnv } from '@app/kit';
import { fromRoot } from '../../src/paths.js';

/**
 * Each service's README (and the gateway's) names, in the same order everywhere, what it owns, the routes it serves,
 * the subjects it serves, publishes, consumes and requests, its variables and its files. These checks hold
 * the READMEs to the code: the routes of gateway/src/route-table.ts, the keys of each zod env schema, the subjects of
 * @app/contracts' messaging definitions.
 */

/** @app/contracts' process list: a README per process, the services' in one shape. */
const SERVICES = SERVICE_NAMES;
const PROCESSES = [...SERVICE_NAMES, 'gateway' as const];
type Process = ProcessName;

const SECTIONS = ['Owns', 'Routes', 'Subjects', 'Variables', 'Layout'];
const SUBJECT_LISTS = ['Serves', 'Publishes', 'Consumes', 'Requests'];
/** The Layout lines a service may have, in this order (only those that apply). */
const LAYOUT = [
  'src/config.ts',
  'src/service.ts',
  'src/main.ts',
  'src/routes.ts',
  'src/nats/handlers.ts',
  'src/domain/',
  'src/persistence/',
  'test/fakes/',
  'test/spec/',
];
const KIT_README = 'libs/kit/README.md';

const dirOf = (p: Process) => (p === 'gateway' ? 'gateway' : `services/${p}`);
const readmeOf = (p: Process) => readFileSync(fromRoot(dirOf(p), 'README.md'), 'utf8');

/** The level-2 sections of a markdown file, in order (headings inside fenced code blocks are not headings). */
function sections(markdown: string): Array<{ title: string; body: string[] }> {
  const out: Array<{ title: string; body: string[] }> = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^## (.+?)\s*$/.exec(line);
    if (heading) out.push({ title: heading[1]!, body: [] });
    else out.at(-1)?.body.push(line);
  }
  return out;
}

function section(markdown: string, title: string): string[] {
  const found = sections(markdown).find((s) => s.title === title);
  if (!found) throw new Error(`no "## ${title}" section`);
  return found.body;
}

/** The body rows of the markdown tables in these lines, as cells (an escaped `\|` stays inside its cell). */
function tableRows(lines: string[]): string[][] {
  const rows = lines
    .filter((l) => l.trim().startsWith('|'))
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  // Each table's header is the row before its separator row (| --- | --- |).
  const isSeparator = (r: string[]) => r.every((c) => /^:?-+:?$/.test(c));
  return rows.filter((r, i) => !isSeparator(r) && !(rows[i + 1] && isSeparator(rows[i + 1]!)));
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

type Loaded = Record<string, z.ZodObject>;
const load = (rel: string) => import(pathToFileURL(fromRoot(rel)).href) as Promise<Loaded>;
const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape).sort();

interface RouteTableModule {
  routeTable: Array<{ route: ApiRoute; service: string }>;
  gatewayRoutes: ApiRoute[];
  pageRoutes: Record<string, { method: string; path: string }>;
}
const routeTableModule = () =>
  import(pathToFileURL(fromRoot('gateway/src/route-table.ts')).href) as Promise<RouteTableModule>;

/** The Routes table as `METHOD path` → who may call (a row may name several methods and several paths). */
function routesListed(readme: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [method = '', paths = '', access = ''] of tableRows(section(readme, 'Routes'))) {
    for (const m of method.split(/,\s*/)) for (const p of backticked(paths)) out.set(`${m} ${p}`, access);
  }
  return out;
}

/** The first column's backticked names of the table in a Variables section. */
const variablesListed = (readme: string, title = 'Variables') =>
  tableRows(section(readme, title))
    .map((r) => backticked(r[0] ?? '')[0] ?? `(not backticked: ${r[0]})`)
    .sort();

const SUBJECT = /^(events|jobs)\.[A-Za-z0-9_.-]+$|^[a-z][a-z-]*\.v\d+\.[A-Za-z0-9_]+$/;
const allSubjects = new Set(
  [...Object.values(Rpc), ...Object.values(Jobs), ...Object.values(Events)].map((d) => d.subject),
);

/** Every .ts file under a directory. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** The subjects of the messaging definitions a process's code names (`Rpc.x`, `Jobs.x`, `Events.x`). */
function subjectsInCode(p: Process): string[] {
  const defs: Record<string, Record<string, { subject: string }>> = { Rpc, Jobs, Events };
  const found = new Set<string>();
  for (const file of sourceFiles(fromRoot(dirOf(p), 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\b(Rpc|Jobs|Events)\.(\w+)/g)) {
      const def = defs[m[1]!]![m[2]!];
      if (!def) throw new Error(`${file}: ${m[0]} is not in @app/contracts`);
      found.add(def.subject);
    }
  }
  return [...found].sort();
}

describe('service READMEs', () => {
  it.each(PROCESSES)(
    '%s: the sections Owns, Routes, Subjects, Variables, Layout, in that order, first',
    (p) => {
      const titles = sections(readmeOf(p)).map((s) => s.title);
      expect(titles.slice(0, SECTIONS.length)).toEqual(SECTIONS);
      // None of them a second time further down.
      expect(titles.slice(SECTIONS.length).filter((t) => SECTIONS.includes(t))).toEqual([]);
    },
  );

  it.each(SERVICES)(
    '%s: Routes links to its part of docs/routes.md (rendered from the contracts) and types no route list itself',
    async (s) => {
      const { routeTable } = await routeTableModule();
      const routes = section(readmeOf(s), 'Routes');
      // The list is rendered from the route declarations (docs/routes.md, held to them by its own test): a copy here
      // would be a second home for it.
      expect(routesListed(readmeOf(s)).size).toBe(0);
      expect(routes.filter((l) => /`(GET|POST) \/api\//.test(l))).toEqual([]);
      if (routeTable.some((e) => e.service === s))
        expect(routes.join('\n')).toContain(`(../../docs/routes.md#${s})`);
      else expect(routes.join('\n')).toMatch(/^None \(no HTTP API/m);
    },
  );

  it("gateway: the Routes table lists the routes it answers itself, and none of the services'", async () => {
    const { routeTable, gatewayRoutes, pageRoutes } = await routeTableModule();
    const listed = routesListed(readmeOf('gateway'));
    for (const r of gatewayRoutes) expect(listed.get(`${r.method} ${r.path}`), r.path).toBe(r.access);
    for (const r of Object.values(pageRoutes)) expect(listed.has(`${r.method} ${r.path}`), r.path).toBe(true);
    const proxied = routeTable.map((e) => `${e.route.method} ${e.route.path}`);
    expect([...listed.keys()].filter((k) => proxied.includes(k))).toEqual([]);
  });

  it.each(SERVICES)('%s: the Variables table lists exactly the keys of its env schema', async (s) => {
    const own = (await load(`services/${s}/src/config.ts`)).env!;
    const readme = readmeOf(s);
    expect(variablesListed(readme)).toEqual(keysOf(own));
    expect(section(readme, 'Variables').join('\n')).toContain(KIT_README);
  });

  it('gateway: the Variables table lists every variable of its own, and only variables it reads', async () => {
    const gateway = keysOf((await load('gateway/src/config.ts')).gatewayEnv!);
    const base = new Set(Object.keys(processEnv.shape));
    const listed = variablesListed(readmeOf('gateway'));
    // Those it shares with every service (NATS_URL, LOG_LEVEL, ...) are documented once, in the kit's README; it may
    // list one of them again where its meaning or default is the gateway's own (HOST).
    expect(listed.filter((k) => !gateway.includes(k))).toEqual([]);
    expect(gateway.filter((k) => !base.has(k) && !listed.includes(k))).toEqual([]);
    expect(section(readmeOf('gateway'), 'Variables').join('\n')).toContain(KIT_README);
  });

  it("the kit's README lists the base variables every service reads", () => {
    const listed = variablesListed(readFileSync(fromRoot(KIT_README), 'utf8'), 'Base variables');
    // Every process reads processEnv; one with a database (defineService's `database`) reads databaseEnv too.
    expect(listed).toEqual([...Object.keys(processEnv.shape), ...Object.keys(databaseEnv.shape)].sort());
  });

  it.each(PROCESSES)(
    '%s: Subjects has Serves, Publishes, Consumes, Requests, naming only real subjects',
    (p) => {
      const body = section(readmeOf(p), 'Subjects');
      const lists = body.map((l) => /^- \*\*(\w+)\*\*/.exec(l)?.[1]).filter((l): l is string => !!l);
      expect(lists).toEqual(SUBJECT_LISTS);
      const names = backticked(body.join('\n'));
      const subjects = names.filter((n) => SUBJECT.test(n));
      expect(subjects.length, 'subjects named').toBeGreaterThan(0);
      expect(subjects.filter((n) => !allSubjects.has(n))).toEqual([]);
      // The streams and buckets named are real ones too.
      const stores = names.filter((n) => /^(EVENTS|JOBS_[A-Z_]+|RENDERS|OBJ_[A-Z_]+)$/.test(n));
      expect(stores.filter((n) => !(n in Streams) && !(n in Buckets))).toEqual([]);
      // Every subject the code names is in the README.
      expect(subjectsInCode(p).filter((s) => !subjects.includes(s))).toEqual([]);
    },
  );

  it.each(SERVICES)('%s: Layout names the same files, in the same order, as every service', (s) => {
    const files = section(readmeOf(s), 'Layout')
      .map((l) => /^- `([^`]+)`/.exec(l)?.[1])
      .filter((f): f is string => !!f);
    expect(files.length).toBeGreaterThan(0);
    expect(files).toEqual(LAYOUT.filter((f) => files.includes(f)));
    // Every service has these (defineService's shape), and every file named is there.
    expect(files.slice(0, 3)).toEqual(['src/config.ts', 'src/service.ts', 'src/main.ts']);
    for (const f of files) expect(existsSync(fromRoot('services', s, f)), f).toBe(true);
  });
});
