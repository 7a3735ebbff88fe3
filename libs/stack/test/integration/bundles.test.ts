import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  BUNDLE_NAMES,
  buildBundles,
  type BuiltBundle,
  type BundleName,
  type Lockfile,
  linkBundleDependencies,
} from '../../src/bundle.js';
import { freePort, repoRoot, spawnManaged, type Managed } from '../../src/index.js';

/**
 * The production bundles (scripts/build-bundles.ts, what the images run), built into a temp folder and started with
 * plain `node` — no tsx — beside the test stack, as extra replicas on its database and NATS prefix. Each bundle's
 * node_modules holds only the packages its generated package.json names (links into the repository's tree), so a
 * package the build forgot to list fails the start here as it would in the image.
 */
const stack = inject('stack');
let outDir = '';
const built = new Map<BundleName, BuiltBundle>();
const started: Managed[] = [];
const rootLock = JSON.parse(await readFile(path.join(repoRoot, 'package-lock.json'), 'utf8')) as Lockfile;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'aritmetica-bundles-'));
  for (const b of await buildBundles(BUNDLE_NAMES, { outDir })) built.set(b.name, b);
});

afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const bundle = (name: BundleName) => built.get(name)!;

/** Starts a bundle with `node main.mjs` in its folder and waits until its /ready answers 200 (or it exits). */
async function startBundle(name: BundleName): Promise<{ proc: Managed; ready: Response; body: unknown }> {
  const b = bundle(name);
  await linkBundleDependencies(b);
  const port = await freePort();
  const proc = spawnManaged(`bundle-${name}`, process.execPath, ['--enable-source-maps', 'main.mjs'], {
    cwd: b.dir,
    // The gateway's metrics listener too: on any free port, not the stack gateway's.
    env: { ...stack.env[name], PORT: String(port), METRICS_PORT: '0', LOG_LEVEL: 'info' },
    log: { kind: 'dir', dir: stack.logDir },
  });
  started.push(proc);
  const exited = new Promise<never>((_, reject) =>
    proc.child.once('exit', (code) =>
      reject(
        new Error(`the ${name} bundle exited with code ${code} (log: ${stack.logDir}/bundle-${name}.log)`),
      ),
    ),
  );
  const ready = vi.waitFor(
    async () => {
      const res = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) });
      expect(res.status).toBe(200);
      return res;
    },
    { timeout: 90_000, interval: 200 },
  );
  const res = await Promise.race([ready, exited]);
  return { proc, ready: res, body: await res.json() };
}

describe('production bundles', () => {
  it('builds every process into one ES module whose npm imports are exactly its package.json', async () => {
    expect([...built.keys()].sort()).toEqual([...BUNDLE_NAMES].sort());
    for (const b of built.values()) {
      const code = await readFile(path.join(b.dir, 'main.mjs'), 'utf8');
      expect((await stat(path.join(b.dir, 'main.mjs.map'))).size, b.name).toBeGreaterThan(0);
      // The workspace packages are compiled in: no TypeScript source and no @app import is left.
      expect(code, b.name).not.toMatch(/from ["']@app\//);
      expect(code, b.name).not.toMatch(/from ["'][^"']+\.ts["']/);
      const manifest = JSON.parse(await readFile(path.join(b.dir, 'package.json'), 'utf8')) as {
        type: string;
        dependencies: Record<string, string>;
      };
      expect(manifest.type).toBe('module');
      expect(manifest.dependencies).toEqual(b.dependencies);
      for (const [pkg, version] of Object.entries(b.dependencies))
        expect(rootLock.packages[b.locations[pkg]!]?.version, `${b.name}: ${pkg}`).toBe(version);
      const lock = JSON.parse(await readFile(path.join(b.dir, 'package-lock.json'), 'utf8')) as Lockfile;
      expect(lock.packages['']?.dependencies).toEqual(b.dependencies);
      for (const [location, entry] of Object.entries(lock.packages))
        if (location) expect(entry.integrity, `${b.name}: ${location}`).toMatch(/^sha(512|1)-/);
    }
    // Each process carries only its own packages: the worker's browser driver and fonts, not the mailer; the
    // packaged Chromium nowhere (the images have Debian's).
    expect(Object.keys(bundle('pdf-worker').dependencies)).toEqual(
      expect.arrayContaining(['puppeteer-core', '@fontsource/dejavu-sans', '@fontsource/dejavu-mono']),
    );
    expect(bundle('pdf-worker').dependencies).not.toHaveProperty('@sparticuz/chromium');
    expect(bundle('mail').dependencies).toHaveProperty('nodemailer');
    expect(bundle('mail').dependencies).not.toHaveProperty('puppeteer-core');
    expect(bundle('gateway').dependencies).not.toHaveProperty('nodemailer');
    // The gateway's own lru-cache (gateway/node_modules: another version than the root's) is the one it gets.
    expect(bundle('gateway').locations['lru-cache']).toBe(
      rootLock.packages['gateway/node_modules/lru-cache']
        ? 'gateway/node_modules/lru-cache'
        : 'node_modules/lru-cache',
    );
  });

  // The gateway's /ready asks every upstream's (the stack's services) and NATS.
  it.each(['mail', 'pdf-worker', 'gateway'] as const)(
    'runs the %s bundle with plain node and its declared packages only, ready on /ready, stopped cleanly',
    async (name) => {
      const { proc, ready, body } = await startBundle(name);
      expect(ready.headers.get('content-type')).toMatch(/^application\/json/);
      expect(body).toMatchObject({ status: 'ready' });
      await proc.stop();
      expect(proc.child.exitCode).toBe(0);
    },
    120_000,
  );
});
