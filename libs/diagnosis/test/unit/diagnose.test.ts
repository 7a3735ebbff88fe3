import { describe, expect, it } from 'vitest';
import { describeFound, diagnose, type Answered, type Conta } from '../../src/index.js';

const sub = (a: number, b: number, wrote: number | null): Answered => ({
  conta: { op: 'sub', a, b },
  answer: wrote === null ? null : { result: wrote },
});
const conta = (op: Conta['op'], a: number, b: number, result: number, remainder?: number): Answered => ({
  conta: { op, a, b },
  answer: { result, ...(remainder === undefined ? {} : { remainder }) },
});

describe('the diagnosis of one child', () => {
  it('names "subtrai o menor do maior" from the child\'s own contas, in a teacher\'s sentence', () => {
    const d = diagnose([
      sub(52, 27, 35),
      sub(61, 28, 47),
      sub(83, 46, 43),
      sub(74, 38, 44),
      sub(95, 37, 58), // right: the mistake would show (62), the child got it
      sub(86, 24, 62), // no reserva: right either way
      sub(40, 12, null), // em branco
    ]);
    expect(d.mistakes.map((m) => m.mistake.id)).toEqual(['sub.menorDoMaior']);
    expect(d.mistakes[0]!.evidence).toHaveLength(4);
    expect(d.mistakes[0]!.shows).toBe(5);
    expect(d).toMatchObject({ right: 2, wrong: 4, blank: 1, slips: [], unexplained: [] });
    expect(describeFound(d.mistakes[0]!, 'Ana')).toBe(
      'Em 4 de 5 subtrações com reserva, Ana subtraiu o menor do maior: 52 − 27 → 35',
    );
  });

  it('names no mistake from one answer it would explain: two are needed', () => {
    const d = diagnose([sub(52, 27, 35), sub(61, 28, 33), sub(83, 46, 37)]);
    expect(d.mistakes).toEqual([]);
    expect(d.wrong).toBe(1);
    // 35 against 25: one digit away, an "erro de cálculo"
    expect(d.slips).toHaveLength(1);
  });

  it('names no mistake the child shows less often than not', () => {
    const d = diagnose([sub(52, 27, 35), sub(61, 28, 47), sub(83, 46, 37), sub(74, 38, 36), sub(95, 37, 58)]);
    expect(d.mistakes).toEqual([]);
  });

  it('finds which fact of the tabuada the child holds wrong', () => {
    const d = diagnose([
      conta('mult', 7, 8, 54),
      conta('mult', 78, 8, 604),
      conta('mult', 27, 8, 214), // 7 × 8 = 54 → 4, 2 × 8 + 5 = 21
      conta('mult', 6, 9, 54),
      conta('mult', 34, 2, 68),
    ]);
    expect(d.mistakes.map((m) => m.name)).toEqual(['Fato da tabuada: 7 × 8 = 54']);
    expect(d.mistakes[0]!.evidence).toHaveLength(3);
    expect(describeFound(d.mistakes[0]!, 'Bia')).toBe(
      'Em 3 de 3 multiplicações que usam 7 × 8, Bia usou 7 × 8 = 54: 7 × 8 → 54',
    );
  });

  it('finds two mistakes of one operation at once, each with answers the other alone does not explain', () => {
    const d = diagnose([
      conta('mult', 47, 3, 121), // sem reserva
      conta('mult', 26, 4, 84), // sem reserva
      conta('mult', 23, 14, 115), // não desloca (no reserva in it)
      conta('mult', 32, 13, 128), // não desloca: 96 + 32
      conta('mult', 47, 23, 205), // both
      conta('mult', 21, 3, 63),
    ]);
    expect(d.mistakes.map((m) => m.mistake.id).sort()).toEqual(['mult.naoDesloca', 'mult.semReserva']);
    expect(d.wrong).toBe(5);
    expect(d.slips).toEqual([]);
  });

  it("reads a division's resto when the sheet asks for it", () => {
    const d = diagnose([
      conta('div', 29, 4, 6, 5),
      conta('div', 87, 4, 20, 7),
      conta('div', 47, 5, 8, 7),
      conta('div', 612, 6, 102, 0),
    ]);
    expect(d.mistakes.map((m) => m.mistake.id)).toEqual(['div.restoMaior']);
  });

  it('tells the zero forgotten in the quotient', () => {
    const d = diagnose([
      conta('div', 612, 6, 12, 0),
      conta('div', 425, 4, 16, 1),
      conta('div', 84, 4, 21, 0),
    ]);
    expect(d.mistakes.map((m) => m.name)).toEqual(['Esquece o zero do quociente']);
  });

  it('leaves as "não identificado" a wrong answer nothing explains', () => {
    const d = diagnose([conta('add', 23, 45, 100), conta('add', 38, 45, 83)]);
    expect(d.mistakes).toEqual([]);
    expect(d.unexplained).toHaveLength(1);
    expect(d.slips).toEqual([]);
    expect(d.right).toBe(1);
  });
});
