import { describe, expect, it } from 'vitest';
import { bcryptCostProblems, env } from '../../src/config.js';

describe('BCRYPT_COST', () => {
  it('refuses a cost under 10 in production, naming the variable', () => {
    expect(bcryptCostProblems({ NODE_ENV: 'production', BCRYPT_COST: 4 })).toEqual([
      'BCRYPT_COST: at least 10 in production (got 4)',
    ]);
    expect(bcryptCostProblems({ NODE_ENV: 'production', BCRYPT_COST: 10 })).toEqual([]);
  });

  it('takes 4 to 15 elsewhere (the test stacks hash at 4), and 10 unset', () => {
    expect(bcryptCostProblems({ NODE_ENV: 'test', BCRYPT_COST: 4 })).toEqual([]);
    expect(env.shape.BCRYPT_COST.parse(undefined)).toBe(10);
    expect(env.shape.BCRYPT_COST.parse('4')).toBe(4);
    expect(() => env.shape.BCRYPT_COST.parse('3')).toThrow();
    expect(() => env.shape.BCRYPT_COST.parse('16')).toThrow();
  });
});
