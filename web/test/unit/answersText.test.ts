import { describe, expect, it } from 'vitest';
import { answerText, contaText, problemText, type AnsweredConta } from '../../src/routes/public/answersText';

const nb = '\u00a0';

describe('the gabarito online’s numbers', () => {
  it('writes naturals as before: the thousands’ dot, a division’s resto but on a Fácil page', () => {
    const add: AnsweredConta = { op: 'add', a: 1234, b: 56, result: 1290, remainder: 0 };
    expect(problemText(add)).toBe('1.234 + 56');
    expect(answerText(add, 1)).toBe('1.290');
    const div: AnsweredConta = { op: 'div', a: 47, b: 5, result: 9, remainder: 2 };
    expect(problemText(div)).toBe('47 ÷ 5');
    expect(answerText(div, 1)).toBe('quociente 9, resto 2');
    expect(answerText({ ...div, a: 45, remainder: 0 }, 0)).toBe('quociente 9');
    expect(contaText(div)).toBe('47 ÷ 5 = 9, resto 2');
    expect(contaText({ op: 'sub', a: 35, b: 18, result: 17, remainder: 0 })).toBe('35 \u2212 18 = 17');
  });

  it('writes a decimal conta with each number’s casas and the result with every casa', () => {
    // 3,5 + 0,75 = 4,25 in centésimos; 3,5 is printed with the one casa it has.
    const add: AnsweredConta = {
      op: 'add',
      a: 350,
      b: 75,
      result: 425,
      remainder: 0,
      decimal: { casas: 2, a: 1, b: 2 },
    };
    expect(problemText(add)).toBe('3,5 + 0,75');
    expect(answerText(add, 1)).toBe('4,25');
    const mult: AnsweredConta = {
      op: 'mult',
      a: 105,
      b: 4,
      result: 420,
      remainder: 0,
      decimal: { casas: 1, a: 1, b: 0 },
    };
    expect(problemText(mult)).toBe('10,5 × 4');
    expect(answerText(mult, 2)).toBe('42,0');
    // 13 ÷ 4 = 3,25: a whole dividend, exact to the last casa (no resto said).
    const div: AnsweredConta = {
      op: 'div',
      a: 1300,
      b: 4,
      result: 325,
      remainder: 0,
      decimal: { casas: 2, a: 0, b: 0 },
    };
    expect(problemText(div)).toBe('13 ÷ 4');
    expect(answerText(div, 1)).toBe('quociente 3,25');
    expect(contaText(div)).toBe('13 ÷ 4 = 3,25');
  });

  it('writes money in reais, never broken after “R$”', () => {
    const div: AnsweredConta = {
      op: 'div',
      a: 1260,
      b: 3,
      result: 420,
      remainder: 0,
      decimal: { casas: 2, a: 2, b: 0, reais: true },
    };
    expect(problemText(div)).toBe(`R$${nb}12,60 ÷ 3`);
    expect(answerText(div, 2)).toBe(`quociente R$${nb}4,20`);
    const sub: AnsweredConta = {
      op: 'sub',
      a: 123450,
      b: 99,
      result: 123351,
      remainder: 0,
      decimal: { casas: 2, a: 2, b: 2, reais: true },
    };
    expect(problemText(sub)).toBe(`R$${nb}1.234,50 \u2212 R$${nb}0,99`);
    expect(answerText(sub, 1)).toBe(`R$${nb}1.233,51`);
  });
});
