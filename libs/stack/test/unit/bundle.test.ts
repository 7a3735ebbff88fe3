import { describe, expect, it } from 'vitest';
import {
  BundleError,
  bundleManifest,
  checkImports,
  metafileImports,
  packageName,
  pruneLockfile,
  resolveInLock,
  workspaceClosure,
  workspaceOf,
  type LockEntry,
  type Lockfile,
  type Workspace,
} from '../../src/bundle.js';

const workspaces = new Map<string, Workspace>([
  [
    '@app/mail',
    {
      dir: 'services/mail',
      manifest: {
        name: '@app/mail',
        dependencies: { '@app/kit': '*', nodemailer: '7.0.13' },
        devDependencies: { '@types/nodemailer': '7.0.12', '@app/testing': '*' },
      },
    },
  ],
  [
    '@app/kit',
    {
      dir: 'libs/kit',
      manifest: {
        name: '@app/kit',
        dependencies: { '@app/contracts': '*', pino: '10.4.0' },
        devDependencies: { '@app/testing': '*', vitest: '4.1.12' },
      },
    },
  ],
  [
    '@app/contracts',
    { dir: 'libs/contracts', manifest: { name: '@app/contracts', dependencies: { zod: '4.6.7' } } },
  ],
  [
    '@app/testing',
    { dir: 'libs/testing', manifest: { name: '@app/testing', dependencies: { pg: '8.23.1' } } },
  ],
]);

describe('the packages a bundle imports, from what esbuild kept', () => {
  const imp = (path: string, external = true) => ({ path, kind: 'import-statement' as const, external });
  const metafile = {
    inputs: {
      'libs/kit/src/service.ts': { bytes: 1, imports: [imp('fastify'), imp('libs/kit/src/db.ts', false)] },
      // Read, but nothing of it used in a side-effect-free package: not in the output.
      'libs/kit/src/db.ts': { bytes: 1, imports: [imp('typeorm'), imp('pg')] },
      'libs/kit/src/logger.ts': { bytes: 1, imports: [imp('pino/file'), imp('<runtime>')] },
    },
    outputs: {
      'dist/gateway/main.mjs': {
        bytes: 1,
        inputs: {
          'libs/kit/src/service.ts': { bytesInOutput: 1 },
          'libs/kit/src/logger.ts': { bytesInOutput: 1 },
        },
        imports: [imp('fastify'), imp('pino/file')],
        exports: [],
      },
      'dist/gateway/main.mjs.map': { bytes: 1, inputs: {}, imports: [], exports: [] },
    },
  };

  it('counts the modules in the output, never one esbuild read and dropped', () => {
    expect(metafileImports(metafile)).toEqual({
      externals: [
        { pkg: 'fastify', importer: 'libs/kit/src/service.ts' },
        { pkg: 'pino', importer: 'libs/kit/src/logger.ts' },
      ],
      files: ['libs/kit/src/service.ts', 'libs/kit/src/logger.ts'],
    });
  });
});

describe('which npm package an import names', () => {
  it('takes the package of a bare or scoped specifier and nothing of built-ins or paths', () => {
    expect(packageName('zod')).toBe('zod');
    expect(packageName('mercadopago/dist/utils/config/index.js')).toBe('mercadopago');
    expect(packageName('@nats-io/jetstream')).toBe('@nats-io/jetstream');
    expect(packageName('@fontsource/dejavu-sans/files/x.woff2')).toBe('@fontsource/dejavu-sans');
    expect(packageName('node:fs')).toBeNull();
    expect(packageName('fs/promises')).toBeNull();
    expect(packageName('./app.js')).toBeNull();
    expect(packageName('/abs/file.js')).toBeNull();
  });
});

describe('a process and the workspace libraries it runs', () => {
  it('follows dependencies, never devDependencies', () => {
    expect(workspaceClosure('@app/mail', workspaces)).toEqual(['@app/mail', '@app/kit', '@app/contracts']);
  });

  it('finds the workspace a file belongs to', () => {
    expect(workspaceOf('libs/kit/src/nats/bus.ts', workspaces)).toBe('@app/kit');
    expect(workspaceOf('libs/kitchen/src/x.ts', workspaces)).toBeUndefined();
  });

  const closure = workspaceClosure('@app/mail', workspaces);
  const check = (externals: Array<{ pkg: string; importer: string }>, bundledFiles: string[] = []) =>
    checkImports({ process: '@app/mail', closure, workspaces, externals, bundledFiles });

  it('accepts a package declared by the process or by a library of its closure', () => {
    expect(
      check([
        { pkg: 'nodemailer', importer: 'services/mail/src/domain/mailer.ts' },
        { pkg: 'pino', importer: 'libs/kit/src/logger.ts' },
        { pkg: 'zod', importer: 'libs/contracts/src/index.ts' },
      ]),
    ).toEqual([]);
  });

  it('refuses an undeclared package and a devDependency, naming the importer', () => {
    const problems = check([
      { pkg: 'left-pad', importer: 'services/mail/src/routes.ts' },
      { pkg: 'vitest', importer: 'libs/kit/src/x.ts' },
      { pkg: 'pg', importer: 'libs/kit/src/db.ts' },
    ]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('"left-pad" (services/mail/src/routes.ts)');
    expect(problems[0]).toContain('the dependencies of @app/mail or of @app/kit, @app/contracts');
    expect(problems[1]).toContain('it is a devDependency of @app/kit');
    // pg is a dependency of @app/testing, which mail and kit only have as a devDependency.
    expect(problems[2]).toContain('"pg"');
  });

  it('refuses a bundled file of a workspace package outside the closure', () => {
    const problems = check([], ['services/mail/src/main.ts', 'libs/testing/src/users.ts']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('libs/testing/src/users.ts of @app/testing');
  });
});

const entry = (version: string, extra: Partial<LockEntry> = {}): LockEntry => ({
  version,
  resolved: `https://registry.npmjs.org/x/-/x-${version}.tgz`,
  integrity: `sha512-${version}`,
  ...extra,
});

/** A repository lockfile: the gateway has its own ioredis (and its own @ioredis/commands) beside the root's. */
const repoLock: Lockfile = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'aritmetica' },
    gateway: { name: '@app/gateway' },
    'node_modules/@app/gateway': { resolved: 'gateway', link: true },
    'gateway/node_modules/ioredis': entry('5.9.2', {
      dependencies: { '@ioredis/commands': '^1.4', debug: '^4' },
    }),
    'gateway/node_modules/@ioredis/commands': entry('1.4.0'),
    'node_modules/ioredis': entry('5.4.1', { dev: true, dependencies: { '@ioredis/commands': '^1.2' } }),
    'node_modules/@ioredis/commands': entry('1.2.0', { dev: true }),
    'node_modules/debug': entry('4.4.0', { dependencies: { ms: '^2' } }),
    'node_modules/ms': entry('2.1.3'),
    'node_modules/fastify': entry('5.12.8', {
      dependencies: { 'light-my-request': '6.6.0' },
      optionalDependencies: { 'not-on-this-platform': '1' },
      peerDependencies: { typescript: '*' },
      peerDependenciesMeta: { typescript: { optional: true } },
    }),
    'node_modules/light-my-request': entry('6.6.0', { dependencies: { ms: '^3' } }),
    'node_modules/light-my-request/node_modules/ms': entry('3.0.0', { devOptional: true }),
    'node_modules/vitest': entry('4.1.12', { dev: true }),
  },
};

describe('where Node finds a package in the tree a lockfile describes', () => {
  it('looks in the folder, then in each parent', () => {
    expect(resolveInLock(repoLock.packages, 'gateway', 'ioredis')).toBe('gateway/node_modules/ioredis');
    expect(resolveInLock(repoLock.packages, 'libs/kit', 'ioredis')).toBe('node_modules/ioredis');
    expect(resolveInLock(repoLock.packages, 'gateway/node_modules/ioredis', 'debug')).toBe(
      'node_modules/debug',
    );
    expect(resolveInLock(repoLock.packages, 'node_modules/light-my-request', 'ms')).toBe(
      'node_modules/light-my-request/node_modules/ms',
    );
    expect(resolveInLock(repoLock.packages, '', 'left-pad')).toBeUndefined();
  });
});

describe("the lockfile of one bundle (npm's Arborist over the repository's lockfile)", async () => {
  const pruned = await pruneLockfile({
    lock: repoLock,
    name: 'aritmetica-gateway',
    version: '0.0.0',
    roots: new Map([
      ['ioredis', 'gateway/node_modules/ioredis'],
      ['fastify', 'node_modules/fastify'],
    ]),
  });

  it('holds the roots and all they reach, the workspace copy moved to the bundle’s node_modules', () => {
    expect(Object.keys(pruned.packages)).toEqual([
      '',
      'node_modules/@ioredis/commands',
      'node_modules/debug',
      'node_modules/fastify',
      'node_modules/ioredis',
      'node_modules/light-my-request',
      'node_modules/light-my-request/node_modules/ms',
      'node_modules/ms',
    ]);
    expect(pruned.packages['node_modules/ioredis']?.version).toBe('5.9.2');
    expect(pruned.packages['node_modules/@ioredis/commands']?.version).toBe('1.4.0');
    expect(pruned.packages['']).toEqual({
      name: 'aritmetica-gateway',
      version: '0.0.0',
      dependencies: { fastify: '5.12.8', ioredis: '5.9.2' },
    });
    expect(pruned.lockfileVersion).toBe(3);
  });

  it("keeps versions and integrity; the flags are the bundle's, not the repository's", () => {
    expect(pruned.packages['node_modules/ms']).toEqual(repoLock.packages['node_modules/ms']);
    // devOptional in the repository; for the bundle a plain dependency of light-my-request, which fastify needs.
    const nestedMs = pruned.packages['node_modules/light-my-request/node_modules/ms']!;
    expect(nestedMs.devOptional).toBeUndefined();
    expect(nestedMs.optional).toBeUndefined();
    expect(nestedMs.integrity).toBe('sha512-3.0.0');
    for (const e of Object.values(pruned.packages)) expect(e.dev).toBeUndefined();
  });

  it('gives the package.json of exactly the roots, exact versions, an ES module package', () => {
    expect(bundleManifest(pruned)).toEqual({
      name: 'aritmetica-gateway',
      version: '0.0.0',
      private: true,
      type: 'module',
      main: 'main.mjs',
      dependencies: { fastify: '5.12.8', ioredis: '5.9.2' },
    });
  });

  it("leaves out an optional peer that nothing requires, as npm installs it (the pdf-worker's yauzl)", async () => {
    const lock: Lockfile = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'aritmetica' },
        'node_modules/@puppeteer/browsers': entry('2.13.2', {
          peerDependencies: { yauzl: '^2.10.0' },
          peerDependenciesMeta: { yauzl: { optional: true } },
        }),
        'node_modules/yauzl': entry('2.10.0', { devOptional: true }),
        'node_modules/extract-zip': entry('2.0.1', { dev: true, dependencies: { yauzl: '^2.10.0' } }),
      },
    };
    const only = await pruneLockfile({
      lock,
      name: 'x',
      version: '0.0.0',
      roots: new Map([['@puppeteer/browsers', 'node_modules/@puppeteer/browsers']]),
    });
    expect(Object.keys(only.packages)).toEqual(['', 'node_modules/@puppeteer/browsers']);
  });

  it("drops the nested packages of a root copy that a workspace's copy hides (the kit's OpenTelemetry)", async () => {
    // The root's core 1 (a tool's) holds an old semantic-conventions of its own; the kit's core 3 needs the root's.
    const lock: Lockfile = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'aritmetica' },
        'libs/kit': { name: '@app/kit' },
        'node_modules/@app/kit': { resolved: 'libs/kit', link: true },
        'node_modules/core': entry('1.30.1', { dev: true, dependencies: { semconv: '1.28.0' } }),
        'node_modules/core/node_modules/semconv': entry('1.28.0', { dev: true }),
        'node_modules/semconv': entry('1.45.0'),
        'libs/kit/node_modules/core': entry('3.1.0', { dependencies: { semconv: '^1.29.0' } }),
      },
    };
    const only = await pruneLockfile({
      lock,
      name: 'x',
      version: '0.0.0',
      roots: new Map([['core', 'libs/kit/node_modules/core']]),
    });
    expect(Object.keys(only.packages)).toEqual(['', 'node_modules/core', 'node_modules/semconv']);
    expect(only.packages['node_modules/core']?.version).toBe('3.1.0');
    expect(only.packages['node_modules/semconv']?.version).toBe('1.45.0');
  });

  it('refuses two copies that would need the same folder', async () => {
    const both = () =>
      pruneLockfile({
        lock: repoLock,
        name: 'x',
        version: '0.0.0',
        roots: new Map([
          ['ioredis', 'gateway/node_modules/ioredis'],
          ['other', 'node_modules/ioredis'],
        ]),
      });
    await expect(both()).rejects.toThrow(BundleError);
    await expect(both()).rejects.toThrow(
      /gateway\/node_modules\/ioredis .*would both be installed at node_modules\/ioredis:/,
    );
  });

  it('refuses a lockfile that lacks a required dependency (npm would fetch it)', async () => {
    const lock: Lockfile = {
      lockfileVersion: 3,
      packages: { 'node_modules/a': entry('1.0.0', { dependencies: { b: '^1' } }) },
    };
    await expect(
      pruneLockfile({ lock, name: 'x', version: '0.0.0', roots: new Map([['a', 'node_modules/a']]) }),
    ).rejects.toThrow(/package-lock\.json has no "b" for node_modules\/a/);
  });
});
