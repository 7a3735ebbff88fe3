import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileDate, formatReais } from '../../src/format';
import { boughtPageFileName } from '../../src/routes/member/boughtPage';

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

describe('dates in São Paulo time', () => {
  // 02:30 UTC on 5 March is still 4 March, 23:30, in São Paulo (UTC−3): the day a Brazilian bought the page.
  const nearMidnightUtc = '2025-03-05T02:30:00.000Z';

  it('formatDate writes DD/MM/YYYY of the São Paulo day, not the UTC or browser day', () => {
    expect(formatDate(nearMidnightUtc)).toBe('04/03/2025');
    expect(formatDate(new Date('2025-03-05T03:00:00.000Z'))).toBe('05/03/2025');
    expect(formatDate('2024-12-31T23:59:00.000Z')).toBe('31/12/2024');
  });

  it('formatDateTime adds the São Paulo clock, 24-hour', () => {
    expect(formatDateTime(nearMidnightUtc)).toBe('04/03/2025 23:30');
    expect(formatDateTime('2025-03-05T03:05:00.000Z')).toBe('05/03/2025 00:05');
  });

  it('formatFileDate writes the same São Paulo day with dashes, for file names', () => {
    expect(formatFileDate(nearMidnightUtc)).toBe('04-03-2025');
    expect(boughtPageFileName(new Date(nearMidnightUtc))).toBe('matemática-04-03-2025.pdf');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatDate('ontem')).toBe('');
    expect(formatDateTime('ontem')).toBe('');
  });
});
