import { describe, expect, it } from 'vitest';
import { centsToReais, reaisToCents } from '../../src/domain/money.js';

describe('money', () => {
  it('turns Mercado Pago amounts into exact cents despite binary floats', () => {
    expect(reaisToCents(10)).toBe(1000);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(19.99)).toBe(1999);
    expect(reaisToCents(1.005)).toBe(100);
  });

  it('answers reais from cents', () => {
    expect(centsToReais(450)).toBe(4.5);
    expect(centsToReais(0)).toBe(0);
  });
});
