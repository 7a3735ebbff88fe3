import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
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
});
