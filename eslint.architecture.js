import path from 'node:path';
import nx from '@nx/eslint-plugin';

/**
 * The architecture's rules as lint rules, so an editor shows a break where it is typed; spread into
 * eslint.config.js, and checked against a sample of each break in libs/stack/test/unit/architecture-lint.test.ts.
 *
 * 1. A service never imports another service or the gateway (they talk over NATS and HTTP through @app/contracts),
 *    nor do the web app and the tools.
 * 2. A library never imports a service or the gateway (libraries are below the processes).
 * 3. A service's domain (src/domain/, at any depth) holds no SQL and no TypeORM, and imports only inside src/domain/
 *    and libraries: nothing of the rest of src/, so not what implements its ports (src/persistence/, src/nats/,
 *    src/browser/, src/mercadopago/) nor the service that wires them; only the type of its settings (config.ts)
 *    may be named. It depends on its ports: the storage's in domain/ports.ts, the rest of what its use cases are
 *    given (bus, limits, settings) in domain/deps.ts.
 * 4. Events go out only through Bus.publishEvent, which names them by their business id: never `bus.publish(Events.…)`.
 * 5. The floors, by the tags of each project (its package.json "nx": {"tags"}), with Nx's
 *    @nx/enforce-module-boundaries: the libraries stack up contracts → kit → stack → testing, each importing only
 *    those before it (browser stands alone, diagnosis stands on contracts' ids, generator on both: a reforço page draws
 *    where a mistake shows; stack drives the browser; digits, the reader of handwritten digits, stands alone, and
 *    reader, which reads a sheet's photo, on digits); a service or the gateway imports the libraries its process runs
 *    on, never another process; the web app only contracts, generator, diagnosis, digits and reader (a sheet's photo
 *    is read in the teacher's browser and never sent). A test may also use the harness (stack and testing) and
 *    import its own package by name.
 * 6. A library is imported by its name or a subpath its package.json `exports` declares, never by a path into its
 *    files (`@app/generator/src/…`): what a library offers is what it exports.
 */

/** Every process's package, and the paths that reach into one. */
const PROCESS_PACKAGES = [
  '@app/auth',
  '@app/billing',
  '@app/pages',
  '@app/mail',
  '@app/admin-stats',
  '@app/classroom',
  '@app/pdf-worker',
  '@app/gateway',
];
const SERVICE_FOLDERS = ['auth', 'billing', 'pages', 'mail', 'admin-stats', 'classroom', 'pdf-worker'];

const importsOf = (group, message) => ({ group, message });

/** Rule 1 for one service: every other process's package, and any relative path into services/ or gateway/. */
function serviceRules(name) {
  return {
    files: [`services/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            importsOf(
              [
                ...PROCESS_PACKAGES.filter((p) => p !== `@app/${name}`),
                '**/services/**',
                '**/gateway/**',
                // A relative path from one service's folder into a sibling's (../../mail/src/…).
                ...SERVICE_FOLDERS.filter((other) => other !== name).map((other) => `**/${other}/src/**`),
              ],
              'A service never imports another service or the gateway: they talk over NATS or HTTP, through @app/contracts.',
            ),
          ],
        },
      ],
    },
  };
}

const DOMAIN_FILES = SERVICE_FOLDERS.map((name) => `services/${name}/src/domain/**/*.ts`);

/** A call the domain must not make: SQL and TypeORM's ways in. */
const SQL_CALLS = ['query', 'createQueryBuilder', 'getRepository'].map((method) => ({
  selector: `CallExpression[callee.property.name="${method}"]`,
  message: `No SQL in the domain (.${method}): it belongs in src/persistence/, behind a port of domain/ports.ts.`,
}));

/** The specifier of an import, export-from or import(), when it is written as a string. */
function specifierOf(node) {
  return node.source && node.source.type === 'Literal' && typeof node.source.value === 'string'
    ? node.source.value
    : undefined;
}
const IMPORT_NODES = [
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
];
const onImports = (check) => Object.fromEntries(IMPORT_NODES.map((type) => [type, check]));

/**
 * Rule 3 at any depth: a relative import of a domain file must land inside the same service's src/domain/. The path
 * is resolved from the file's folder, so `../persistence/store.js` from domain/ and `../../service.js` from
 * domain/sets/ are both caught, and `../ports.js` from domain/sets/ is fine.
 */
const domainImports = {
  meta: {
    type: 'problem',
    docs: { description: "A service's domain imports only inside its src/domain/ and libraries." },
    schema: [],
    messages: {
      outside:
        "The domain depends on its ports (domain/ports.ts, domain/deps.ts), never on what implements them: it imports only inside src/domain/ and libraries, and '{{specifier}}' is {{where}}.",
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const domain = /^(.*\/services\/[^/]+\/src\/domain)\//.exec(file)?.[1];
    if (!domain) return {};
    return onImports((node) => {
      const specifier = specifierOf(node);
      if (!specifier || !(specifier.startsWith('.') || specifier.startsWith('/'))) return;
      const target = path.posix.resolve(path.posix.dirname(file), specifier);
      if (target.startsWith(`${domain}/`)) return;
      const src = domain.slice(0, -'/domain'.length);
      // The settings' type (what config.ts reads from the environment) may be named: a type, gone at run time.
      if (node.importKind === 'type' && /^config(?:\.[jt]s)?$/.test(path.posix.relative(src, target))) return;
      const where = target.startsWith(`${src}/`)
        ? `src/${target.slice(src.length + 1)}`
        : 'outside its service';
      context.report({ node, messageId: 'outside', data: { specifier, where } });
    });
  },
};

/** Rule 6: `@app/<library>/src/…` reaches past what the library's package.json exports. */
const noDeepImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A library is imported by its name or a subpath it exports.' },
    schema: [],
    messages: {
      deep: "'{{specifier}}' reaches into a library's files: import it by its name or a subpath its package.json exports.",
    },
  },
  create(context) {
    return onImports((node) => {
      const specifier = specifierOf(node);
      if (specifier && /^@app\/[^/]+\/(?:src|test)(?:\/|$)/.test(specifier))
        context.report({ node, messageId: 'deep', data: { specifier } });
    });
  },
};

/** The rules above that no plugin has; they run as `architecture/<name>`. */
const plugin = { rules: { 'domain-imports': domainImports, 'no-deep-imports': noDeepImports } };

/** Rule 5: what each tag may import, in a package's own code (src/). */
const FLOORS = [
  { sourceTag: 'lib:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'lib:generator', onlyDependOnLibsWithTags: ['lib:contracts', 'lib:diagnosis'] },
  { sourceTag: 'lib:browser', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'lib:diagnosis', onlyDependOnLibsWithTags: ['lib:contracts'] },
  { sourceTag: 'lib:digits', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'lib:reader', onlyDependOnLibsWithTags: ['lib:digits'] },
  { sourceTag: 'lib:kit', onlyDependOnLibsWithTags: ['lib:contracts'] },
  { sourceTag: 'lib:stack', onlyDependOnLibsWithTags: ['lib:contracts', 'lib:kit', 'lib:browser'] },
  { sourceTag: 'lib:testing', onlyDependOnLibsWithTags: ['lib:contracts', 'lib:kit', 'lib:stack'] },
  {
    sourceTag: 'type:service',
    onlyDependOnLibsWithTags: ['lib:contracts', 'lib:kit', 'lib:generator', 'lib:diagnosis', 'lib:browser'],
  },
  {
    sourceTag: 'type:gateway',
    onlyDependOnLibsWithTags: ['lib:contracts', 'lib:kit', 'lib:generator', 'lib:browser'],
  },
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['lib:contracts', 'lib:kit'] },
  {
    sourceTag: 'type:web',
    onlyDependOnLibsWithTags: ['lib:contracts', 'lib:generator', 'lib:diagnosis', 'lib:digits', 'lib:reader'],
  },
];

/** In its tests a package may also use the harness (stack and testing) and the contracts it is tested against. */
const HARNESS = ['lib:contracts', 'lib:stack', 'lib:testing'];
const TEST_FLOORS = FLOORS.map(({ sourceTag, onlyDependOnLibsWithTags }) => ({
  sourceTag,
  onlyDependOnLibsWithTags:
    sourceTag === 'type:web'
      ? onlyDependOnLibsWithTags
      : [...new Set([...onlyDependOnLibsWithTags, sourceTag, ...HARNESS])],
}));

/**
 * The options of @nx/enforce-module-boundaries. An import of a process is rules 1 and 2's to report (every file is
 * under one of them): Nx leaves those to them (`allow`), so a break is told once, in its own words. A test may import
 * its own package by name, as its users do.
 */
/** What rules 1 and 2 catch: a process's package, or a relative path into services/, gateway/ or a service's folder. */
const PROCESS_IMPORTS = [
  ...PROCESS_PACKAGES.flatMap((p) => [p, `${p}/**`]),
  `^\\.\\.?/(?:.*/)?(?:services|gateway|${SERVICE_FOLDERS.join('|')})/`,
];

const boundaries = (depConstraints, { ownPackage }) => [
  'error',
  {
    depConstraints,
    allowCircularSelfDependency: ownPackage,
    allow: PROCESS_IMPORTS,
    // kit's and stack's tests run on the harness (stack, testing), which is built on them: circles of packages
    // through tests only, never through the code a process runs.
    ignoredCircularDependencies: [
      ['@app/kit', '@app/stack'],
      ['@app/kit', '@app/testing'],
      ['@app/stack', '@app/testing'],
    ],
  },
];

const ALL_CODE = ['{libs,services,tools}/*/**/*.{ts,tsx}', '{gateway,web}/**/*.{ts,tsx}'];
const OWN_CODE = ['{libs,services,tools}/*/src/**/*.{ts,tsx}', '{gateway,web}/src/**/*.{ts,tsx}'];

const PUBLISH_EVENT = {
  selector:
    'CallExpression[callee.property.name="publish"][arguments.0.type="MemberExpression"][arguments.0.object.name="Events"]',
  message:
    'Events go out only through bus.publishEvent(def, payload, businessId), which names them by their business id.',
};

export default [
  ...SERVICE_FOLDERS.map(serviceRules),
  {
    files: ['gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            importsOf(
              [...PROCESS_PACKAGES.filter((p) => p !== '@app/gateway'), '**/services/**'],
              'The gateway never imports a service: it proxies to them over HTTP and asks them over NATS.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['libs/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            importsOf(
              [...PROCESS_PACKAGES, '**/services/**', '**/gateway/**'],
              'A library never imports a service or the gateway: libraries are below the processes.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: DOMAIN_FILES,
    plugins: { architecture: plugin },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typeorm', message: 'No TypeORM in the domain: it belongs in src/persistence/.' },
            { name: 'pg', message: 'No SQL driver in the domain: it belongs in src/persistence/.' },
          ],
          patterns: [
            importsOf(
              [
                ...PROCESS_PACKAGES,
                '**/services/**',
                '**/gateway/**',
                ...SERVICE_FOLDERS.map((other) => `**/${other}/src/**`),
              ],
              'The domain depends on its ports (domain/ports.ts, domain/deps.ts), never on another process.',
            ),
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...SQL_CALLS, PUBLISH_EVENT],
      'architecture/domain-imports': 'error',
    },
  },
  {
    files: [...SERVICE_FOLDERS.map((name) => `services/${name}/src/**/*.ts`), 'gateway/src/**/*.ts'],
    ignores: DOMAIN_FILES,
    rules: { 'no-restricted-syntax': ['error', PUBLISH_EVENT] },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'tools/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            importsOf(
              [...PROCESS_PACKAGES, '**/services/**', '**/gateway/**'],
              'The web app and the tools never import a process: they talk to it over HTTP, through @app/contracts.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ALL_CODE,
    plugins: { '@nx': nx, architecture: plugin },
    rules: {
      '@nx/enforce-module-boundaries': boundaries(TEST_FLOORS, { ownPackage: true }),
      'architecture/no-deep-imports': 'error',
    },
  },
  {
    files: OWN_CODE,
    rules: { '@nx/enforce-module-boundaries': boundaries(FLOORS, { ownPackage: false }) },
  },
];
