import { pathToFileURL } from 'node:url';
import { createProjectGraphAsync } from '@nx/devkit';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/paths.js';

/**
 * The architecture's lint rules (eslint.architecture.js, part of eslint.config.js) report each break they name, at
 * the file where it is typed, and leave the allowed imports alone. The rules are run here on small samples with
 * ESLint's own Linter (no type information needed).
 */
const architecture = (
  (await import(pathToFileURL(fromRoot('eslint.architecture.js')).href)) as { default: Linter.Config[] }
).default;

const linter = new Linter({ configType: 'flat', cwd: fromRoot() });
const config: Linter.Config[] = [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
  ...architecture,
];

// @nx/enforce-module-boundaries reads the projects and their tags from Nx's cached project graph (.nx/), and skips
// every check when there is none: one is computed first, as `npm run lint` does.
beforeAll(async () => {
  const daemon = process.env.NX_DAEMON;
  process.env.NX_DAEMON = 'false';
  try {
    await createProjectGraphAsync({ exitOnError: false });
  } finally {
    if (daemon === undefined) delete process.env.NX_DAEMON;
    else process.env.NX_DAEMON = daemon;
  }
});

/** The messages the rules give for `code` written in `file` (a path from the repository's root). */
const breaks = (file: string, code: string) =>
  linter.verify(code, config, { filename: fromRoot(file) }).map((m) => `${m.ruleId}: ${m.message}`);

describe('the architecture is lint rules', () => {
  it('a service never imports another service or the gateway', () => {
    expect(breaks('services/pages/src/routes.ts', "import { x } from '@app/billing';")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*never imports another service/),
    ]);
    expect(
      breaks('services/auth/test/unit/a.test.ts', "import { x } from '../../../mail/src/service.js';"),
    ).toEqual([expect.stringMatching(/never imports another service/)]);
    expect(
      breaks('services/pages/src/routes.ts', "import { x } from '../../../gateway/src/app.js';"),
    ).toHaveLength(1);
    // Its own code and the libraries are fine.
    expect(
      breaks(
        'services/pages/src/routes.ts',
        "import { ok } from '@app/contracts';\nimport { addRoute } from '@app/kit';\nimport { x } from './domain/buy-page.js';",
      ),
    ).toEqual([]);
  });

  it('the gateway never imports a service, and a library never imports a process', () => {
    expect(breaks('gateway/src/app.ts', "import { x } from '@app/pages';")).toEqual([
      expect.stringMatching(/The gateway never imports a service/),
    ]);
    expect(
      breaks('libs/kit/src/http.ts', "import { x } from '../../../services/auth/src/config.js';"),
    ).toEqual([expect.stringMatching(/A library never imports a service or the gateway/)]);
    expect(breaks('libs/testing/src/pages.ts', "import { x } from '@app/gateway';")).toHaveLength(1);
    expect(
      breaks('libs/kit/src/http.ts', "import { z } from 'zod';\nimport { Msg } from '@app/contracts';"),
    ).toEqual([]);
  });

  it('a service’s domain holds no SQL, no TypeORM, and nothing that implements its ports', () => {
    const domain = 'services/billing/src/domain/debit.ts';
    expect(breaks(domain, "import { DataSource } from 'typeorm';")).toEqual([
      expect.stringMatching(/No TypeORM in the domain/),
    ]);
    expect(breaks(domain, "import pg from 'pg';")).toEqual([expect.stringMatching(/No SQL driver/)]);
    for (const implementation of ['persistence/store.js', 'nats/handlers.js', 'mercadopago/client.js'])
      expect(breaks(domain, `import { x } from '../${implementation}';`)).toEqual([
        expect.stringMatching(/depends on its ports/),
      ]);
    expect(breaks(domain, "await db.query('select 1');")).toEqual([
      expect.stringMatching(/^no-restricted-syntax: No SQL in the domain \(\.query\)/),
    ]);
    expect(breaks(domain, 'manager.createQueryBuilder();')).toHaveLength(1);
    expect(
      breaks(domain, "import type { BillingDeps } from './deps.js';\nimport { Msg } from '@app/contracts';"),
    ).toEqual([]);
    // The same code outside the domain is where it belongs.
    expect(
      breaks('services/billing/src/persistence/store.ts', "import { DataSource } from 'typeorm';"),
    ).toEqual([]);
  });

  it('events go out only through publishEvent, in the domain and everywhere else in a process', () => {
    for (const file of [
      'services/pages/src/domain/buy-page.ts',
      'services/pages/src/nats/handlers.ts',
      'gateway/src/app.ts',
    ])
      expect(breaks(file, 'await bus.publish(Events.pageBought, payload);'), file).toEqual([
        expect.stringMatching(/^no-restricted-syntax: Events go out only through bus\.publishEvent/),
      ]);
    expect(
      breaks('services/pages/src/domain/buy-page.ts', 'await bus.publishEvent(Events.pageBought, p, code);'),
    ).toEqual([]);
    // A job is published as before.
    expect(
      breaks('services/pages/src/domain/renders.ts', 'await bus.publish(Jobs.pdfPreview, job);'),
    ).toEqual([]);
  });

  it('a service’s domain imports only inside src/domain/ and libraries, however deep the file', () => {
    const outside =
      /^architecture\/domain-imports: The domain depends on its ports .* imports only inside src\/domain\//;
    // One folder down, two folders down: the rest of src/ is out of reach, the service that wires it included.
    for (const [file, specifier] of <Array<[string, string]>>[
      ['services/billing/src/domain/debit.ts', '../service.js'],
      ['services/billing/src/domain/debit.ts', '../routes.js'],
      ['services/pages/src/domain/sets/buy-set.ts', '../../persistence/store.js'],
      ['services/pages/src/domain/sets/buy-set.ts', '../../service.js'],
      ['services/pages/src/domain/sets/deep/step.ts', '../../../nats/handlers.js'],
    ])
      expect(breaks(file, `import { x } from '${specifier}';`), `${file} → ${specifier}`).toEqual([
        expect.stringMatching(outside),
      ]);
    expect(
      breaks('services/pages/src/domain/sets/buy-set.ts', "export { x } from '../../routes.js';"),
    ).toEqual([expect.stringMatching(/'\.\.\/\.\.\/routes\.js' is src\/routes\.js/)]);
    expect(
      breaks('services/pages/src/domain/sets/buy-set.ts', "const m = await import('../../main.js');"),
    ).toEqual([expect.stringMatching(outside)]);
    // Inside the domain, at any depth, and the libraries, are fine; so is naming the settings' type.
    expect(
      breaks(
        'services/pages/src/domain/sets/buy-set.ts',
        "import type { PagesStore } from '../ports.js';\nimport { x } from './step.js';\nimport { y } from '../../domain/renders.js';\nimport { Msg } from '@app/contracts';",
      ),
    ).toEqual([]);
    expect(
      breaks('services/auth/src/domain/deps.ts', "import type { AuthConfig } from '../config.js';"),
    ).toEqual([]);
    // Its settings are a type only: reading config.ts's values (its environment) is the service's wiring.
    expect(breaks('services/auth/src/domain/deps.ts', "import { env } from '../config.js';")).toEqual([
      expect.stringMatching(outside),
    ]);
  });

  it('a library is imported by its name or a subpath it exports, never by a path into its files', () => {
    expect(
      breaks(
        'web/src/routes/member/builder.ts',
        "import { checkCustom } from '@app/generator/src/custom/options';",
      ),
    ).toEqual([
      "architecture/no-deep-imports: '@app/generator/src/custom/options' reaches into a library's files: import it by its name or a subpath its package.json exports.",
    ]);
    expect(
      breaks('services/pages/src/routes.ts', "import { x } from '@app/kit/src/http/routes.js';"),
    ).toEqual([
      expect.stringMatching(
        /^architecture\/no-deep-imports: '@app\/kit\/src\/http\/routes\.js' reaches into/,
      ),
    ]);
    expect(
      breaks(
        'web/src/routes/member/builder.ts',
        "import { checkCustom } from '@app/generator/options';\nimport { formatBRL } from '@app/contracts/format';",
      ),
    ).toEqual([]);
  });

  it('the libraries stack up contracts → kit → stack → testing: each imports only those before it', () => {
    const floor = (tag: string, allowed: string) =>
      `@nx/enforce-module-boundaries: A project tagged with "${tag}" can only depend on libs tagged with ${allowed}`;
    expect(breaks('libs/kit/src/http.ts', "import { x } from '@app/testing';")).toEqual([
      floor('lib:kit', '"lib:contracts"'),
    ]);
    expect(breaks('libs/kit/src/http.ts', "import { x } from '@app/generator';")).toEqual([
      floor('lib:kit', '"lib:contracts"'),
    ]);
    expect(breaks('libs/stack/src/stack.ts', "import { x } from '@app/testing';")).toEqual([
      floor('lib:stack', '"lib:contracts", "lib:kit", "lib:browser"'),
    ]);
    expect(breaks('libs/generator/src/page.ts', "import { x } from '@app/browser';")).toEqual([
      floor('lib:generator', '"lib:contracts", "lib:diagnosis"'),
    ]);
    // A library below importing one above closes a circle of packages.
    expect(breaks('libs/contracts/src/index.ts', "import { x } from '@app/kit';")).toEqual([
      expect.stringMatching(
        /^@nx\/enforce-module-boundaries: Circular dependency between "@app\/contracts" and "@app\/kit" detected/,
      ),
    ]);
    // The floors below are fine, and a test may use the harness.
    expect(
      breaks(
        'libs/testing/src/pages.ts',
        "import { a } from '@app/contracts';\nimport { b } from '@app/kit';\nimport { c } from '@app/stack';",
      ),
    ).toEqual([]);
    expect(breaks('libs/stack/src/stack.ts', "import { x } from '@app/browser';")).toEqual([]);
    expect(
      breaks(
        'libs/kit/test/unit/http.test.ts',
        "import { x } from '@app/testing';\nimport { y } from '@app/stack';",
      ),
    ).toEqual([]);
  });

  it('a process runs on the libraries (diagnosis too: classroom sums up progress), never on the harness; the web app only on contracts, generator, diagnosis and the photo reader', () => {
    expect(breaks('services/pages/src/routes.ts', "import { x } from '@app/testing';")).toEqual([
      expect.stringMatching(
        /^@nx\/enforce-module-boundaries: A project tagged with "type:service" can only depend on libs tagged with "lib:contracts", "lib:kit", "lib:generator", "lib:diagnosis", "lib:browser"/,
      ),
    ]);
    // A sheet's photo is read in the teacher's browser and never sent: no process imports the reader.
    expect(breaks('services/classroom/src/routes.ts', "import { x } from '@app/reader';")).toEqual([
      expect.stringMatching(
        /^@nx\/enforce-module-boundaries: A project tagged with "type:service" can only depend/,
      ),
    ]);
    expect(breaks('gateway/src/app.ts', "import { x } from '@app/stack';")).toEqual([
      expect.stringMatching(/A project tagged with "type:gateway" can only depend on libs tagged with/),
    ]);
    expect(breaks('web/src/routes/member/builder.ts', "import { x } from '@app/kit';")).toEqual([
      '@nx/enforce-module-boundaries: A project tagged with "type:web" can only depend on libs tagged with "lib:contracts", "lib:generator", "lib:diagnosis", "lib:digits", "lib:reader"',
    ]);
    expect(breaks('web/src/routes/member/builder.ts', "import { x } from '@app/pages';")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*The web app and the tools never import a process/),
    ]);
    expect(
      breaks('tools/dev-providers/src/main.ts', "import { x } from '../../../services/mail/src/mailer.js';"),
    ).toEqual([expect.stringMatching(/The web app and the tools never import a process/)]);
    // A service's tests run on the harness.
    expect(breaks('services/pages/test/unit/buy.test.ts', "import { x } from '@app/testing';")).toEqual([]);
    expect(
      breaks(
        'web/src/routes/member/builder.ts',
        "import { x } from '@app/contracts';\nimport { y } from '@app/generator';\nimport { z } from '@app/diagnosis';",
      ),
    ).toEqual([]);
    // The diagnosis stands on the contracts only: the grid in the browser and the generator's reforço run it.
    expect(breaks('libs/diagnosis/src/diagnose.ts', "import { x } from '@app/generator';")).toEqual([
      expect.stringMatching(/^@nx\/enforce-module-boundaries: /),
    ]);
  });
});
