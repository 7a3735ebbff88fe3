import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESS_NAMES, PROCESSES, SERVICE_NAMES } from '@app/contracts';
import { fromRoot } from '../../src/paths.js';

/**
 * The one service shape (libs/kit service.ts, defineService), held for every process of @app/contracts' list: the
 * same files hold the same things under the same names, the domain holds no SQL, and events go out one way.
 */
const source = (...parts: string[]) => readFileSync(fromRoot(...parts), 'utf8');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });
}

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

  it.each(SERVICE_NAMES)(
    '%s: no SQL and no TypeORM in src/domain/ (all of it in src/persistence/), and no import of what implements its ports',
    (name) => {
      for (const file of filesUnder(fromRoot(PROCESSES[name].folder, 'src', 'domain'))) {
        const text = readFileSync(file, 'utf8');
        expect(text, file).not.toMatch(/from 'typeorm'|from 'pg'|\.query\(|createQueryBuilder|getRepository/);
        // The domain depends on its ports (domain/deps.ts), never on what implements them.
        expect(text, file).not.toMatch(/from '\.\.\/(persistence|nats|browser|mercadopago)\//);
      }
    },
  );

  it.each(PROCESS_NAMES)(
    '%s: publishes events only through Bus.publishEvent (the business id names them)',
    (name) => {
      for (const file of filesUnder(fromRoot(PROCESSES[name].folder, 'src'))) {
        const text = readFileSync(file, 'utf8').replace(/\s+/g, ' ');
        expect(text, file).not.toMatch(/\.publish\( ?Events\./);
      }
    },
  );
});
