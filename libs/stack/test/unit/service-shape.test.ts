import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROCESS_NAMES, PROCESSES, SERVICE_NAMES } from '@app/contracts';
import { fromRoot } from '../../src/paths.js';

/**
 * The one service shape (libs/kit service.ts, defineService), held for every process of @app/contracts' list: the
 * same files hold the same things under the same names. (The domain's imports and events are lint rules.)
 */
const source = (...parts: string[]) => readFileSync(fromRoot(...parts), 'utf8');

describe('every process is written with defineService', () => {
  it.each(PROCESS_NAMES)(
    '%s: src/main.ts runs the definition of src/service.ts, and nothing else',
    (name) => {
      const folder = PROCESSES[name].folder;
      expect(source(folder, 'src', 'main.ts')).toBe(
        "import { runService } from '@app/kit';\nimport { service } from './service.js';\n\nrunService(service);\n",
      );
      expect(source(folder, 'src', 'service.ts')).toMatch(/export const service = defineService\(\{/);
      expect(existsSync(fromRoot(folder, 'src', 'config.ts'))).toBe(true);
    },
  );

  it.each(SERVICE_NAMES)(
    '%s: routes in src/routes.ts, NATS in src/nats/handlers.ts, deps in src/domain/deps.ts',
    (name) => {
      const folder = PROCESSES[name].folder;
      const service = source(folder, 'src', 'service.ts');
      if (existsSync(fromRoot(folder, 'src', 'routes.ts'))) {
        expect(source(folder, 'src', 'routes.ts')).toMatch(/export (async )?function registerRoutes\(/);
        expect(service).toMatch(/routes: registerRoutes,/);
      }
      expect(source(folder, 'src', 'nats', 'handlers.ts')).toMatch(/export (async )?function serveNats\(/);
      expect(service).toMatch(/nats: serveNats,/);
      expect(existsSync(fromRoot(folder, 'src', 'domain', 'deps.ts'))).toBe(true);
    },
  );
  // The domain without SQL nor what implements its ports, and events only through publishEvent: lint rules now
  // (eslint.architecture.js), tested in architecture-lint.test.ts.
});
