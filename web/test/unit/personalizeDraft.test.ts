import { describe, expect, it } from 'vitest';
import { checkCustom, presetOptions, type CustomOptions, type Operation } from '@app/generator';
import {
  checkDraft,
  controlOf,
  controlOfMessage,
  countOf,
  draftFromCustom,
  draftFromPreset,
  problemsOf,
  toCustom,
  type Draft,
} from '../../src/routes/member/personalize/draft';

const all: Operation[] = ['add', 'sub', 'mult', 'div'];

describe('the Personalizar panel’s options', () => {
  it.each([0, 1, 2] as const)('open at level %i with the preset of every checked operation', (level) => {
    const preset = presetOptions(level);
    for (const ops of [['add'], ['sub'], ['mult'], ['div'], ['add', 'sub'], all] as Operation[][]) {
      const custom = toCustom(draftFromPreset(level), ops);
      for (const op of all)
        expect(custom[op], `${level} ${ops.join()} ${op}`).toEqual(ops.includes(op) ? preset[op] : undefined);
      expect(custom).toMatchObject({ v: 1, format: 'armada', size: 'normal' });
      expect(custom.title).toBeUndefined();
      // Today's counts: 20, or 12 with ÷ (in the chave) or × by two digits.
      const roomy = ops.includes('div') || (ops.includes('mult') && level === 2);
      expect(custom.count).toBe(roomy ? 12 : 20);
      expect(checkCustom(ops, custom), `${level} ${ops.join()}`).toEqual([]);
    }
  });

  it('give the page the nearest count its format holds, and keep the wish for when it fits again', () => {
    let draft: Draft = { ...draftFromPreset(1), format: 'linha', count: 30 };
    expect(countOf(draft, ['mult'])).toBe(30);
    draft = { ...draft, format: 'armada' };
    expect(countOf(draft, ['mult'])).toBe(20);
    expect(countOf({ ...draft, size: 'grande' }, ['mult'])).toBe(12);
    expect(countOf({ ...draft, format: 'arme', size: 'grande' }, ['add'])).toBe(8);
    expect(countOf({ ...draft, count: 4 }, ['add'])).toBe(12);
    draft = { ...draft, format: 'linha' };
    expect(countOf(draft, ['mult'])).toBe(30);
  });

  it('send only the checked operations, the title trimmed and none when blank', () => {
    const draft: Draft = { ...draftFromPreset(0), title: '  Turma do 3º B  ' };
    const custom = toCustom(draft, ['sub', 'div']);
    expect(Object.keys(custom).sort()).toEqual(['count', 'div', 'format', 'size', 'sub', 'title', 'v']);
    expect(custom.title).toBe('Turma do 3º B');
    expect(toCustom({ ...draft, title: '   ' }, ['add']).title).toBeUndefined();
  });

  it('keep what a control hides: the digits behind "até 100", the tabuadas behind "dois algarismos"', () => {
    const draft = draftFromPreset(1);
    const upTo: Draft = { ...draft, add: { ...draft.add, kind: 'max', max: 20 } };
    expect(toCustom(upTo, ['add']).add!.numbers).toEqual({ kind: 'max', max: 20 });
    expect(toCustom({ ...upTo, add: { ...upTo.add, kind: 'digits' } }, ['add']).add!.numbers).toEqual({
      kind: 'digits',
      top: 3,
      bottom: 3,
    });
    const seven: Draft = { ...draft, mult: { ...draft.mult, tables: [7] } };
    expect(
      toCustom({ ...seven, mult: { ...seven.mult, twoDigits: true } }, ['mult']).mult!.multiplier,
    ).toEqual({
      kind: 'twoDigits',
    });
    expect(toCustom(seven, ['mult']).mult!.multiplier).toEqual({ kind: 'tables', tables: [7] });
  });

  it.each<[string, Operation[], CustomOptions]>([
    [
      'tabuada do 7, 30 fatos em linha, letra grande',
      ['mult'],
      {
        v: 1,
        mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
        format: 'linha',
        count: 30,
        size: 'grande',
      },
    ],
    [
      'subtração de 3 algarismos sem reserva',
      ['sub'],
      {
        v: 1,
        sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'sem' },
        format: 'armada',
        count: 20,
        size: 'normal',
      },
    ],
    [
      'divisão exata por 2 a 5, armada, with a title',
      ['div'],
      {
        v: 1,
        div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 'fatos', remainders: 'exata' },
        format: 'armada',
        count: 12,
        size: 'normal',
        title: 'Divisão — 4º ano',
      },
    ],
    [
      'two operations, two-digit multiplier and divisor',
      ['mult', 'div'],
      {
        v: 1,
        mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 },
        div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'misturado' },
        format: 'arme',
        count: 8,
        size: 'normal',
      },
    ],
  ])('come back from stored options unchanged: %s', (_, ops, custom) => {
    expect(toCustom(draftFromCustom(custom, 1), ops)).toEqual(custom);
    expect(checkDraft(ops, draftFromCustom(custom, 1)).body).toEqual(custom);
  });
});

describe('the panel’s problems, each beside its control', () => {
  it('finds the control of a dotted field: the longest control it starts with', () => {
    expect(controlOf('mult.multiplier.tables')).toBe('mult.multiplier');
    expect(controlOf('sub.numbers.top')).toBe('sub.numbers');
    expect(controlOf('div')).toBe('div');
    expect(controlOf('count')).toBe('count');
    expect(controlOf('')).toBeNull();
    expect(controlOf('counting')).toBeNull();
  });

  it('says an impossible combination beside its control, and keeps the page from being generated', () => {
    const draft = draftFromPreset(1);
    const oneDigit: Draft = {
      ...draft,
      sub: { ...draft.sub, kind: 'digits', top: 1, bottom: 1, regrouping: 'com' },
    };
    const result = checkDraft(['sub'], oneDigit);
    expect(result.problems).toEqual([
      {
        control: 'sub.regrouping',
        message: 'Subtração com reserva precisa de pelo menos 2 algarismos no número de cima.',
      },
    ]);
    expect(result.body).toBeNull();

    const taller: Draft = { ...draft, sub: { ...draft.sub, kind: 'digits', top: 2, bottom: 3 } };
    expect(checkDraft(['sub'], taller).problems.map((p) => p.control)).toEqual(['sub.numbers']);

    const lacuna: Draft = { ...draft, format: 'lacuna', div: { ...draft.div, remainders: 'resto' } };
    expect(checkDraft(['div'], lacuna).problems).toEqual([
      { control: 'div.remainders', message: 'No formato “Número que falta”, a divisão precisa ser exata.' },
    ]);
  });

  it('says what the schema refuses (no tabuada, no divisor) beside its control', () => {
    const draft = draftFromPreset(0);
    const none: Draft = {
      ...draft,
      mult: { ...draft.mult, tables: [] },
      div: { ...draft.div, divisors: [] },
    };
    expect(problemsOf(['mult', 'div'], toCustom(none, ['mult', 'div']))).toEqual([
      { control: 'mult.multiplier', message: 'Escolha pelo menos uma tabuada.' },
      { control: 'div.divisor', message: 'Escolha pelo menos um divisor.' },
    ]);
    // "Dois algarismos" needs no list.
    expect(checkDraft(['mult'], { ...none, mult: { ...none.mult, twoDigits: true } }).problems).toEqual([]);
  });

  it('places a server’s refusal beside the control whose check gives the message, else beside the button', () => {
    const draft = draftFromPreset(1);
    const custom = toCustom({ ...draft, add: { ...draft.add, kind: 'max', max: 10, regrouping: 'com' } }, [
      'add',
    ]);
    const message = 'Adição com reserva precisa de somas maiores que 10. Escolha “até 20” ou mais.';
    expect(controlOfMessage(message, ['add'], custom)).toBe('add.regrouping');
    expect(controlOfMessage('Algo deu errado.', ['add'], custom)).toBeNull();
    expect(controlOfMessage(message, ['add'], undefined)).toBeNull();
  });
});
