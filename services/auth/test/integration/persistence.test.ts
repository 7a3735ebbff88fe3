import { describe, expect, inject, it } from 'vitest';
import { schemaDrift } from '@app/testing';
import { spec } from '../../src/service.js';

const stack = inject('stack');

describe('auth schema', () => {
  it('the migrations build exactly what the entities describe', async () => {
    expect(await schemaDrift(stack, spec.database)).toEqual([]);
  });
});
