import { describe, expect, it } from 'vitest';
import {
  centsToReais,
  formatCents,
  formatDate,
  formatDateTime,
  formatFileDate,
  formatReais,
  formatSignedCents,
  MINUS_SIGN,
  reaisToCents,
  SITE_TIME_ZONE,
} from '@app/contracts/format';

describe('money', () => {
  it('writes cents as reais with a comma, exactly two decimals and a dot between thousands', () => {
    expect(formatCents(0)).toBe('R$ 0,00');
    expect(formatCents(5)).toBe('R$ 0,05');
    expect(formatCents(50)).toBe('R$ 0,50');
    expect(formatCents(950)).toBe('R$ 9,50');
    expect(formatCents(1050)).toBe('R$ 10,50');
    expect(formatCents(2000)).toBe('R$ 20,00');
    expect(formatCents(100000)).toBe('R$ 1.000,00');
    expect(formatCents(123456)).toBe('R$ 1.234,56');
  });

  it('puts a plain space after R$ (Intl writes a no-break space), as the spec, the emails and the audit log read', () => {
    expect(formatCents(50)).toBe('R$\u00200,50');
    expect(formatCents(100000)).not.toMatch(/\u00a0|\u202f/);
  });

  it('writes a negative balance with the minus sign (U+2212) and a space before R$, and zero without a sign', () => {
    expect(formatCents(-50)).toBe('\u2212 R$ 0,50');
    expect(formatCents(-450)).toBe('\u2212 R$ 4,50');
    expect(formatCents(-123456)).toBe('\u2212 R$ 1.234,56');
    expect(formatCents(-0)).toBe('R$ 0,00');
  });

  it('formatReais writes a reais amount the same way and rounds it to cents', () => {
    expect(formatReais(10)).toBe('R$ 10,00');
    expect(formatReais(0.5)).toBe('R$ 0,50');
    expect(formatReais(0)).toBe('R$ 0,00');
    expect(formatReais(1234.567)).toBe('R$ 1.234,57');
    expect(formatReais(-0.5)).toBe('\u2212 R$ 0,50');
    expect(formatReais(-10)).toBe('\u2212 R$ 10,00');
    expect(formatReais(-1234.5)).toBe('\u2212 R$ 1.234,50');
    expect(formatReais(-0)).toBe('R$ 0,00');
    // What rounds to zero is zero: no sign.
    expect(formatReais(-0.001)).toBe('R$ 0,00');
  });

  it('never writes the hyphen of Intl as a sign: one minus sign for a balance and a movement alike', () => {
    for (const cents of [-1, -50, -450, -100000, -123456]) {
      expect(formatCents(cents)).not.toContain('-');
      expect(formatCents(cents)).toBe(formatSignedCents(cents));
      expect(formatCents(cents)).toBe(`${MINUS_SIGN} ${formatCents(-cents)}`);
    }
  });

  it('writes a movement with its sign spaced out and the true minus sign (U+2212)', () => {
    expect(formatSignedCents(1000)).toBe('+ R$ 10,00');
    expect(formatSignedCents(0)).toBe('+ R$ 0,00');
    expect(formatSignedCents(-50)).toBe('\u2212 R$ 0,50');
    expect(formatSignedCents(-123456)).toBe('− R$ 1.234,56');
  });

  it('turns reais (Mercado Pago amounts, whole-reais choices) into exact cents despite binary floats', () => {
    expect(reaisToCents(10)).toBe(1000);
    expect(reaisToCents(10.5)).toBe(1050);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(19.99)).toBe(1999);
    expect(reaisToCents(1.005)).toBe(100);
    expect(reaisToCents(0)).toBe(0);
  });

  it('answers reais from cents', () => {
    expect(centsToReais(450)).toBe(4.5);
    expect(centsToReais(50)).toBe(0.5);
    expect(centsToReais(0)).toBe(0);
    expect(centsToReais(-50)).toBe(-0.5);
  });
});

describe('dates in São Paulo time, whatever the machine runs in', () => {
  // Midnight UTC on 5 March is still 4 March, 21:00, in São Paulo (UTC−3, no daylight saving since 2019).
  const midnightUtc = '2025-03-05T00:00:00.000Z';
  // 02:30 UTC on 5 March is still 4 March, 23:30: the day a Brazilian bought the page.
  const nearMidnightUtc = '2025-03-05T02:30:00.000Z';

  it('is America/Sao_Paulo', () => {
    expect(SITE_TIME_ZONE).toBe('America/Sao_Paulo');
  });

  it('formatDate writes DD/MM/YYYY of the São Paulo day, not the UTC day', () => {
    expect(formatDate(midnightUtc)).toBe('04/03/2025');
    expect(formatDate(nearMidnightUtc)).toBe('04/03/2025');
    expect(formatDate(new Date('2025-03-05T03:00:00.000Z'))).toBe('05/03/2025');
    expect(formatDate(Date.parse('2025-01-01T02:59:00.000Z'))).toBe('31/12/2024');
    expect(formatDate('2024-12-31T23:59:00.000Z')).toBe('31/12/2024');
  });

  it('formatDateTime adds the São Paulo clock, 24-hour', () => {
    expect(formatDateTime(midnightUtc)).toBe('04/03/2025 21:00');
    expect(formatDateTime(nearMidnightUtc)).toBe('04/03/2025 23:30');
    expect(formatDateTime('2025-03-05T03:05:00.000Z')).toBe('05/03/2025 00:05');
    expect(formatDateTime('2025-12-31T15:05:00Z')).toBe('31/12/2025 12:05');
    expect(formatDateTime(new Date('2025-07-01T12:00:00Z'))).toBe('01/07/2025 09:00');
  });

  it('formatFileDate writes the same São Paulo day with dashes, for file names', () => {
    expect(formatFileDate(midnightUtc)).toBe('04-03-2025');
    expect(formatFileDate(nearMidnightUtc)).toBe('04-03-2025');
    expect(formatFileDate(new Date('2025-03-01T02:30:00Z'))).toBe('28-02-2025');
    expect(formatFileDate(new Date('2025-03-01T03:00:00Z'))).toBe('01-03-2025');
    expect(formatFileDate(new Date('2025-12-24T15:00:00Z'))).toBe('24-12-2025');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatDate('ontem')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatFileDate(new Date(Number.NaN))).toBe('');
  });
});
