/**
 * The architecture's rules as lint rules (issue 30), so an editor shows a break where it is typed; spread into
 * eslint.config.js, and checked against a sample of each break in libs/stack/test/unit/architecture-lint.test.ts.
 *
 * 1. A service never imports another service or the gateway (they talk over NATS and HTTP through @app/contracts).
 * 2. A library never imports a service or the gateway (libraries are below the processes).
 * 3. A service's domain (src/domain/) holds no SQL and no TypeORM, and does not import what implements its ports
 *    (src/persistence/, src/nats/, src/browser/, src/mercadopago/): it depends on its ports, in domain/deps.ts.
 * 4. Events go out only through Bus.publishEvent, which names them by their business id: never `bus.publish(Events.…)`.
 */

/** Every process's package, and the paths that reach into one. */
const PROCESS_PACKAGES = [
  '@app/auth',
  '@app/billing',
  '@app/pages',
  '@app/mail',
  '@app/admin-stats',
  '@app/pdf-worker',
  '@app/gateway',
];
const SERVICE_FOLDERS = ['auth', 'billing', 'pages', 'mail', 'admin-stats', 'pdf-worker'];

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
  message: `No SQL in the domain (.${method}): it belongs in src/persistence/, behind a port of domain/deps.ts.`,
}));

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
    files: ['libs/*/src/**/*.ts'],
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
                '../persistence/*',
                '../nats/*',
                '../browser/*',
                '../mercadopago/*',
              ],
              'The domain depends on its ports (domain/deps.ts), never on what implements them.',
            ),
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...SQL_CALLS, PUBLISH_EVENT],
    },
  },
  {
    files: [...SERVICE_FOLDERS.map((name) => `services/${name}/src/**/*.ts`), 'gateway/src/**/*.ts'],
    ignores: DOMAIN_FILES,
    rules: { 'no-restricted-syntax': ['error', PUBLISH_EVENT] },
  },
];
