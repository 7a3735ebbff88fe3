import { describe, expect, it } from 'vitest';
import * as contracts from '@app/contracts';
import { startupRoutes } from '@app/contracts/route-refs';

describe('startupRoutes (zod-free references of the calls every page makes)', () => {
  it('carry the method and path of the contract route of the same name', () => {
    for (const [name, ref] of Object.entries(startupRoutes)) {
      const route = contracts[name as keyof typeof startupRoutes];
      expect({ method: ref.method, path: ref.path }, name).toEqual({
        method: route.method,
        path: route.path,
      });
    }
  });
});
