import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { PROCESS_NAMES, PROCESSES } from '@app/contracts';
import type { Service } from '@app/kit';
import { fromRoot } from '@app/stack';
import { schemaDrift } from '../../src/index.js';

const stack = inject('stack');

/** Every process of @app/contracts' list, by its definition (src/service.ts): a new service is checked as it lands. */
const definitions = await Promise.all(
  PROCESS_NAMES.map(async (name) => {
    const file = fromRoot(PROCESSES[name].folder, 'src', 'service.ts');
    const { service } = (await import(pathToFileURL(file).href)) as { service: Service };
    return [name, service] as const;
  }),
);
const withDatabase = definitions.filter(([, service]) => service.database);

describe('every schema: the migrations build exactly what the entities describe', () => {
  it('covers each process with a database, and only those (the gateway and the pdf-worker have none)', () => {
    expect(withDatabase.map(([name]) => name)).toEqual([
      'auth',
      'billing',
      'pages',
      'mail',
      'admin-stats',
      'classroom',
    ]);
  });

  it.each(withDatabase)('%s', async (_name, service) => {
    expect(await schemaDrift(stack, service.database!)).toEqual([]);
  });
});
