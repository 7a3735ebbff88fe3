import { describe, expect, it } from 'vitest';
import { contaNumberText, decimalText, parseDecimal, reaisText } from '../../src/decimal.js';

describe('decimal numbers in integers of their last casa', () => {
  it('writes them with their casas, a dot between thousands only in a line', () => {
    expect(decimalText(1250, 2)).toBe('12,50');
    expect(decimalText(350, 2, 1)).toBe('3,5');
    expect(decimalText(1300, 2, 0)).toBe('13');
    expect(decimalText(5, 1)).toBe('0,5');
    expect(decimalText(123456, 1)).toBe('12345,6');
    expect(decimalText(123456, 1, 1, true)).toBe('12.345,6');
    expect(() => decimalText(355, 2, 1)).toThrow(RangeError);
    expect(reaisText(1250)).toBe('R$ 12,50');
    expect(reaisText(123450)).toBe('R$ 1.234,50');
  });

  it('writes each number of a conta as its line prints it: b of × and ÷ natural, money in reais', () => {
    const sum = { op: 'add', a: 350, b: 1275, result: 1625, decimal: { casas: 2 as const, a: 1, b: 2 } };
    expect(['a', 'b', 'result'].map((w) => contaNumberText(sum, w as 'a'))).toEqual([
      '3,5',
      '12,75',
      '16,25',
    ]);
    const money = {
      op: 'div',
      a: 1260,
      b: 3,
      result: 420,
      decimal: { casas: 2 as const, a: 2, b: 0, reais: true as const },
    };
    expect(contaNumberText(money, 'a')).toBe('R$ 12,60');
    expect(contaNumberText(money, 'b')).toBe('3');
    expect(contaNumberText(money, 'result')).toBe('R$ 4,20');
    expect(contaNumberText(money, 'result', { group: false })).toBe('4,20');
    expect(contaNumberText({ op: 'add', a: 1234, b: 5, result: 1239 }, 'a')).toBe('1.234');
  });

  it('reads what a teacher types in the conta units, and refuses what is no such number', () => {
    expect(parseDecimal('4,2', 2)).toBe(420);
    expect(parseDecimal('4,20', 2)).toBe(420);
    expect(parseDecimal(' R$ 4,20 ', 2)).toBe(420);
    expect(parseDecimal('4', 2)).toBe(400);
    expect(parseDecimal('4.2', 1)).toBe(42);
    expect(parseDecimal('', 2)).toBeNull();
    expect(parseDecimal('4,205', 2)).toBeUndefined();
    expect(parseDecimal('1.234', 2)).toBeUndefined();
    expect(parseDecimal('4,2,0', 2)).toBeUndefined();
    expect(parseDecimal('quatro', 2)).toBeUndefined();
  });
});
