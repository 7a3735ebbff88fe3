import { describe, expect, it } from 'vitest';
import { formatDateTime, formatReais } from '../../src/format';

describe('formatReais', () => {
  it('shows reais with a comma and exactly two decimals, after a plain space as the spec writes it', () => {
    expect(formatReais(10)).toBe('R$ 10,00');
    expect(formatReais(0.5)).toBe('R$ 0,50');
    expect(formatReais(0)).toBe('R$ 0,00');
  });

  it('groups thousands with a dot and rounds to cents', () => {
    expect(formatReais(1234.567)).toBe('R$ 1.234,57');
  });

  it('shows a negative balance with the sign before R$, and zero without a sign', () => {
    expect(formatReais(-0.5)).toBe('-R$ 0,50');
    expect(formatReais(-10)).toBe('-R$ 10,00');
    expect(formatReais(-1234.5)).toBe('-R$ 1.234,50');
    expect(formatReais(-0)).toBe('R$ 0,00');
  });
});

describe('formatDateTime', () => {
  it('writes DD/MM/YYYY HH:mm in the local time zone, with a 24-hour clock', () => {
    const local = new Date(2025, 2, 4, 21, 5).toISOString();
    expect(formatDateTime(local)).toBe('04/03/2025 21:05');
    expect(formatDateTime(new Date(2024, 11, 31, 0, 0).toISOString())).toBe('31/12/2024 00:00');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatDateTime('ontem')).toBe('');
  });
});
