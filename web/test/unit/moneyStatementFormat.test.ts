import { describe, expect, it } from 'vitest';
import { formatCents, formatDateTime, formatFileDate, formatSignedCents } from '../../src/format';

describe('statement formatters', () => {
  it('writes a movement with its sign spaced out and the true minus sign', () => {
    expect(formatSignedCents(1000)).toBe('+ R$ 10,00');
    expect(formatSignedCents(-50)).toBe('− R$ 0,50');
    expect(formatSignedCents(-123456)).toBe('− R$ 1.234,56');
  });

  it('writes a balance in cents as reais, a negative one with the sign before the symbol', () => {
    expect(formatCents(950)).toBe('R$ 9,50');
    expect(formatCents(0)).toBe('R$ 0,00');
    expect(formatCents(-50)).toBe('-R$ 0,50');
  });

  it("shows moments in São Paulo's time whatever the machine's zone", () => {
    // 02:30 UTC is 23:30 of the day before in São Paulo (UTC−3, no daylight saving since 2019).
    expect(formatDateTime('2025-03-05T02:30:00.000Z')).toBe('04/03/2025 23:30');
    expect(formatDateTime('2025-12-31T15:05:00Z')).toBe('31/12/2025 12:05');
    expect(formatDateTime('not a date')).toBe('');
  });

  it("names a file with São Paulo's day", () => {
    expect(formatFileDate('2025-03-05T02:30:00.000Z')).toBe('04-03-2025');
  });
});
