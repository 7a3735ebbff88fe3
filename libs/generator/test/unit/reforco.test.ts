import { describe, expect, it } from 'vitest';
import type { CustomOptions } from '@app/contracts/custom-shape';
import type { Mistake } from '@app/contracts/mistake-ids';
import {
  FOCO_EVERY,
  generatePage,
  mistakeShows,
  nextStep,
  reforcoOptions,
  type PageOptions,
} from '../../src/index.js';

const level = (n: 0 | 1 | 2, ops: Partial<Record<'add' | 'sub' | 'mult' | 'div', boolean>>): PageOptions => ({
  add: false,
  sub: false,
  mult: false,
  div: false,
  answers: true,
  level: n,
  ...ops,
});

const subArmada: CustomOptions = {
  v: 1,
  sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'misturado' },
  format: 'armada',
  count: 12,
  size: 'normal',
};

describe('where a mistake shows', () => {
  it('changes the answer of the problems the catalogue says, and only of its operation', () => {
    expect(mistakeShows({ id: 'sub.zeroNoMinuendo' }, { op: 'sub', a: 500, b: 123 })).toBe(true);
    expect(mistakeShows({ id: 'sub.menorDoMaior' }, { op: 'sub', a: 52, b: 27 })).toBe(true);
    expect(mistakeShows({ id: 'sub.menorDoMaior' }, { op: 'sub', a: 57, b: 23 })).toBe(false);
    expect(mistakeShows({ id: 'add.semReserva' }, { op: 'add', a: 48, b: 35 })).toBe(true);
    expect(mistakeShows({ id: 'add.semReserva' }, { op: 'sub', a: 48, b: 35 })).toBe(false);
    const fact: Mistake = { id: 'mult.fato', fact: { x: 7, y: 8, value: 54 } };
    expect(mistakeShows(fact, { op: 'mult', a: 78, b: 4 })).toBe(false);
    expect(mistakeShows(fact, { op: 'mult', a: 87, b: 7 })).toBe(true);
    expect(mistakeShows({ id: 'div.esqueceZero' }, { op: 'div', a: 824, b: 4 })).toBe(true);
  });
});

describe('a reforço page', () => {
  it('deals two of every three problems where a mistake of the child shows, the mistakes taking turns', () => {
    const foco: Mistake[] = [{ id: 'sub.zeroNoMinuendo' }, { id: 'add.semReserva' }];
    const options: PageOptions = { ...level(2, { add: true, sub: true, mult: true }), foco };
    for (let s = 0; s < 50; s++) {
      const { problems } = generatePage(`reforco-${s}`, options);
      problems.forEach((p, i) => {
        if (i % FOCO_EVERY === FOCO_EVERY - 1) return;
        const wanted = foco[(Math.floor(i / FOCO_EVERY) * (FOCO_EVERY - 1) + (i % FOCO_EVERY)) % 2]!;
        expect(mistakeShows(wanted, p), `${s} #${i}: ${p.a} ${p.op} ${p.b}`).toBe(true);
      });
      // The third problems come from the page's options, its operations in turn: × too.
      expect(problems.some((p) => p.op === 'mult')).toBe(true);
    }
  });

  it('draws a page without foco exactly as before (same seed, same problems)', () => {
    const options = level(1, { add: true, sub: true, mult: true, div: true });
    const custom: PageOptions = { ...level(1, { sub: true }), custom: subArmada };
    for (const o of [options, custom])
      expect(generatePage('same', { ...o, foco: undefined }).problems).toEqual(
        generatePage('same', o).problems,
      );
  });

  it('practises a custom sheet’s mistake within its own options', () => {
    const sheet: PageOptions = { ...level(1, { sub: true }), custom: subArmada };
    const made = reforcoOptions(sheet, [{ id: 'sub.emprestaNaoDesconta' }]);
    expect(made).toEqual({ ...sheet, foco: [{ id: 'sub.emprestaNaoDesconta' }] });
    const { problems } = generatePage('custom-reforco', made);
    expect(problems.every((p) => p.a >= 100 && p.a <= 999 && p.b >= 100)).toBe(true);
    const showing = problems.filter((p) => mistakeShows({ id: 'sub.emprestaNaoDesconta' }, p));
    expect(showing.length / problems.length).toBeGreaterThanOrEqual(0.6);
  });
});

describe('the options of a child’s reforço version', () => {
  it('keep the mistakes of the sheet’s operations, each once, at most three', () => {
    const sheet = level(2, { add: true, sub: true });
    const made = reforcoOptions(sheet, [
      { id: 'sub.menorDoMaior' },
      { id: 'div.esqueceZero' },
      { id: 'sub.menorDoMaior' },
      { id: 'add.semReserva' },
      { id: 'add.numeroTodo' },
      { id: 'sub.zeroNoMinuendo' },
    ]);
    expect(made.foco).toEqual([
      { id: 'sub.menorDoMaior' },
      { id: 'add.semReserva' },
      { id: 'add.numeroTodo' },
    ]);
  });

  it('move a Fácil sheet whose divisions seldom show the mistake up to where they do', () => {
    const made = reforcoOptions(level(0, { div: true }), [{ id: 'div.esqueceZero' }]);
    expect(made.level).toBeGreaterThan(0);
    expect(made.foco).toEqual([{ id: 'div.esqueceZero' }]);
  });

  it('give a child with no mistake the same options a step further', () => {
    expect(reforcoOptions(level(0, { add: true }), [])).toEqual(level(1, { add: true }));
    expect(reforcoOptions(level(2, { add: true }), [])).toEqual(level(2, { add: true }));
    const sheet: PageOptions = { ...level(1, { sub: true }), custom: subArmada };
    expect(reforcoOptions(sheet, []).custom?.sub).toEqual({ ...subArmada.sub, regrouping: 'com' });
    const com = nextStep(nextStep(sheet));
    expect(com.custom?.sub?.numbers).toEqual({ kind: 'digits', top: 4, bottom: 4 });
  });

  it('keep a sheet of situações-problema or of facts in a line as it was', () => {
    const problemas: PageOptions = {
      ...level(1, { sub: true }),
      custom: { ...subArmada, format: 'problemas', count: 6 },
    };
    expect(reforcoOptions(problemas, [{ id: 'sub.menorDoMaior' }])).toEqual(problemas);
  });

  it('never carry the foco of the sheet they were made from', () => {
    const sheet: PageOptions = { ...level(2, { add: true }), foco: [{ id: 'add.semReserva' }] };
    expect(reforcoOptions(sheet, []).foco).toBeUndefined();
  });
});
