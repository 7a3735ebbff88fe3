import { describe, expect, it } from 'vitest';
import { formatCents } from '@app/contracts/format';
import { PAGE_PRICE_CENTS, priceCents } from '@app/contracts/prices';

describe('one price for pages and class sets', () => {
  it('a page costs R$ 0,50', () => {
    expect(priceCents()).toBe(PAGE_PRICE_CENTS);
    expect(priceCents(1)).toBe(50);
    expect(formatCents(priceCents())).toBe('R$ 0,50');
  });

  it('a class set of N versions costs N pages, in integer cents', () => {
    expect(priceCents(2)).toBe(100);
    expect(priceCents(30)).toBe(1500);
    expect(priceCents(40)).toBe(2000);
    for (let versions = 1; versions <= 40; versions++)
      expect(priceCents(versions)).toBe(versions * priceCents());
  });

  it('refuses what no purchase can be: no version, a fraction, a negative, not a number', () => {
    for (const versions of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => priceCents(versions), String(versions)).toThrow(RangeError);
  });
});
