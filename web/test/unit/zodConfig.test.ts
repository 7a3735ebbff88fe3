import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureZodWithoutEval, ZOD_GLOBAL_CONFIG } from '../../src/zod-config';

describe('zod without eval (the CSP has no unsafe-eval)', () => {
  it('writes the global that zod itself reads its settings from', () => {
    // If a zod upgrade renames its global, this fails instead of the CSP violation coming back unnoticed.
    expect((globalThis as Record<string, unknown>)[ZOD_GLOBAL_CONFIG]).toBe(z.config());
    configureZodWithoutEval();
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
  });

  it('keeps settings already made', () => {
    const scope: Record<string, unknown> = { [ZOD_GLOBAL_CONFIG]: { customError: 'x' } };
    configureZodWithoutEval(scope);
    expect(scope[ZOD_GLOBAL_CONFIG]).toEqual({ customError: 'x', jitless: true });
  });
});
