import { describe, expect, it } from 'vitest';
import { thousands } from '../../src/index.js';

describe('thousands', () => {
  it.each([
    [106_081, '106.081'],
    [999, '999'],
    [1000, '1.000'],
    [0, '0'],
    [1_234_567, '1.234.567'],
    [-1234, '-1.234'],
  ])('%i → %s', (value, text) => {
    expect(thousands(value)).toBe(text);
  });

  it('refuses what is not a whole number', () => {
    expect(() => thousands(1.5)).toThrow(RangeError);
    expect(() => thousands(Number.NaN)).toThrow(RangeError);
  });
});
