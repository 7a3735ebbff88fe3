import { describe, expect, it } from 'vitest';
import {
  checkCustom,
  DEFAULT_MEANINGS,
  exercisePages,
  presetOptions,
  type CustomOptions,
  type Operation,
} from '@app/generator';
import {
  allowedCountsOf,
  countOf,
  formatOf,
  orderedLimit,
  shownMeanings,
  toCustom,
  type Draft,
} from '../../src/routes/member/personalize/draft';
import { draftFromCustom, draftFromPreset } from '../../src/routes/member/personalize/draftFrom';
import {
  checkDraft,
  controlOf,
  controlOfMessage,
  notFacts,
  problemsOf,
} from '../../src/routes/member/personalize/problems';

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
    expect(countOf({ ...draft, count: 4 }, ['add'])).toBe(10);
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

describe('the meanings of situações-problema', () => {
  const problemas = (over: Partial<Draft> = {}): Draft => ({
    ...draftFromPreset(0),
    format: 'problemas',
    ...over,
  });

  it('show those of the checked operations, duas etapas whenever one is checked', () => {
    expect(shownMeanings(['add'], [])).toEqual(['juntar-acrescentar', 'inicio-desconhecido', 'duas-etapas']);
    expect(shownMeanings(['div'], [])).toEqual([
      'comparacao-multiplicativa',
      'reparticao',
      'medida',
      'duas-etapas',
    ]);
    expect(shownMeanings([], [])).toEqual([]);
    expect(shownMeanings(['add', 'sub', 'mult', 'div'], [])).toHaveLength(14);
  });

  it('show cédulas e moedas only while + or − is em reais, and send it only then', () => {
    expect(shownMeanings(['add'], ['add'])).toEqual([
      'juntar-acrescentar',
      'inicio-desconhecido',
      'cedulas-moedas',
      'duas-etapas',
    ]);
    expect(shownMeanings(['mult'], ['mult'])).not.toContain('cedulas-moedas');
    const checked = { meanings: ['juntar-acrescentar', 'cedulas-moedas'] as Draft['meanings'] };
    const reais = problemas({ ...checked, add: { ...draftFromPreset(0).add, casas: 'reais' } });
    expect(toCustom(reais, ['add']).meanings).toEqual(['juntar-acrescentar', 'cedulas-moedas']);
    // + in naturais again: the meaning is hidden, and what is hidden is not sent.
    expect(toCustom(problemas(checked), ['add']).meanings).toEqual(['juntar-acrescentar']);
  });

  it('are checked as the default (all but duas etapas) and always sent: what she sees checked is what prints', () => {
    const custom = toCustom(problemas(), ['add', 'sub']);
    expect(custom.meanings).toEqual([
      'juntar-acrescentar',
      'separar-retirar',
      'comparar',
      'quantos-a-menos',
      'completar',
      'inicio-desconhecido',
    ]);
    expect(custom.meanings!.every((meaning) => DEFAULT_MEANINGS.includes(meaning))).toBe(true);
    expect(checkCustom(['add', 'sub'], custom)).toEqual([]);
    // Other formats have none (checkCustom refuses them there).
    expect(toCustom({ ...problemas(), format: 'armada' }, ['add', 'sub']).meanings).toBeUndefined();
  });

  it('send only those checked among the shown, in the BNCC’s order', () => {
    const draft = problemas({ meanings: ['separar-retirar', 'reparticao', 'juntar-acrescentar'] });
    const result = checkDraft(['add', 'sub'], draft);
    expect(result.custom.meanings).toEqual(['juntar-acrescentar', 'separar-retirar']);
    expect(result.problems).toEqual([]);
    expect(result.body?.meanings).toEqual(['juntar-acrescentar', 'separar-retirar']);
  });

  it('say beside the group when none is checked, or none for an operation', () => {
    expect(checkDraft(['add'], problemas({ meanings: [] })).problems).toEqual([
      { control: 'meanings', message: 'Escolha pelo menos um significado.' },
    ]);
    const onlyAdd = checkDraft(['add', 'sub'], problemas({ meanings: ['juntar-acrescentar'] }));
    expect(onlyAdd.problems).toEqual([
      { control: 'meanings', message: 'Escolha pelo menos um significado da subtração.' },
    ]);
    expect(onlyAdd.body).toBeNull();
  });

  it('come back from a stored page, with the default for the operations it does not have', () => {
    const custom: CustomOptions = {
      ...toCustom(problemas(), ['add', 'sub']),
      meanings: ['quantos-a-menos', 'inicio-desconhecido'],
    };
    const draft = draftFromCustom(custom, 0);
    expect(toCustom(draft, ['add', 'sub'])).toEqual(custom);
    expect(draft.meanings).toContain('reparticao');
    expect(draft.meanings).not.toContain('juntar-acrescentar');
    expect(draft.meanings).not.toContain('duas-etapas');
    // A page stored without meanings (before rules 3) opens with the default.
    const { meanings: _, ...older } = custom;
    expect(toCustom(draftFromCustom(older, 0), ['add', 'sub']).meanings).toEqual(
      toCustom(problemas(), ['add', 'sub']).meanings,
    );
  });

  it('count 4 to 10 problems (2 to 6 with letra grande), on two sheets of paper past a page’s room', () => {
    expect(allowedCountsOf(problemas(), ['add', 'sub'])).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(allowedCountsOf(problemas({ size: 'grande' }), ['add'])).toEqual([2, 3, 4, 5, 6]);
    expect(exercisePages(toCustom(problemas({ count: 6 }), ['add']))).toBe(1);
    expect(exercisePages(toCustom(problemas({ count: 8 }), ['add']))).toBe(2);
    // Two sheets only when she asks for them: from 20 contas, the most one sheet holds.
    expect(countOf(problemas({ count: 20 }), ['add', 'sub'])).toBe(6);
    expect(countOf(problemas({ count: 20 }), ['div'])).toBe(6);
    expect(countOf(problemas({ count: 20, size: 'grande' }), ['add'])).toBe(3);
    expect(countOf(problemas({ count: 8 }), ['add'])).toBe(8);
    // With duas etapas a sheet holds 4 (two contas in each quadriculado): the count that fits one sheet follows.
    const twoSteps = problemas({ count: 20, meanings: [...DEFAULT_MEANINGS, 'duas-etapas'] });
    expect(countOf(twoSteps, ['add', 'sub'])).toBe(4);
    expect(exercisePages(toCustom(twoSteps, ['add', 'sub']))).toBe(1);
  });
});

describe('the tabuada em ordem', () => {
  const ordem = (tables: number[], over: Partial<Draft> = {}): Draft => {
    const draft = draftFromPreset(1);
    return { ...draft, format: 'armada', ...over, mult: { ...draft.mult, tables, multiplicand: 'ordem' } };
  };

  it('is in a line (or with the number missing), ten contas a tabuada, the tabuada do 1 too', () => {
    const result = checkDraft(['mult'], ordem([7]));
    expect(result.custom).toEqual({
      v: 1,
      mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'ordem' },
      format: 'linha',
      count: 10,
      size: 'normal',
    });
    expect(result.problems).toEqual([]);
    expect(checkDraft(['mult'], ordem([3, 1], { format: 'lacuna' })).custom).toMatchObject({
      mult: { multiplier: { kind: 'tables', tables: [1, 3] } },
      format: 'lacuna',
      count: 20,
    });
    expect(checkDraft(['mult'], ordem([3, 1], { format: 'lacuna' })).problems).toEqual([]);
  });

  it('keeps the format and tabuadas she had for when she chooses another multiplicand', () => {
    const draft = ordem([1, 7], { format: 'armada', count: 20 });
    expect(formatOf(draft, ['mult'])).toBe('linha');
    const back: Draft = { ...draft, mult: { ...draft.mult, multiplicand: 'fatos' } };
    expect(formatOf(back, ['mult'])).toBe('armada');
    // The tabuada do 1 is only in order: not sent otherwise.
    expect(toCustom(back, ['mult']).mult!.multiplier).toEqual({ kind: 'tables', tables: [7] });
    expect(checkDraft(['mult'], back).problems).toEqual([]);
    expect(countOf(back, ['mult'])).toBe(20);
    // "Dois algarismos" stands aside while in order.
    const twoDigits: Draft = { ...draft, mult: { ...draft.mult, twoDigits: true } };
    expect(toCustom(twoDigits, ['mult']).mult!.multiplier).toEqual({ kind: 'tables', tables: [1, 7] });
  });

  it('holds as many tabuadas as a page holds: 4 (40 contas), 3 with letra grande, said at the tabuadas', () => {
    expect(orderedLimit({ format: 'linha', size: 'normal' })).toBe(4);
    expect(orderedLimit({ format: 'lacuna', size: 'grande' })).toBe(3);
    expect(checkDraft(['mult'], ordem([1, 2, 3, 4])).problems).toEqual([]);
    expect(checkDraft(['mult'], ordem([1, 2, 3, 4, 5])).problems).toEqual([
      { control: 'mult.multiplier', message: 'Em uma página, escolha até 4 tabuadas em ordem (40 contas).' },
    ]);
    expect(checkDraft(['mult'], ordem([2, 3, 4, 5], { size: 'grande' })).problems).toEqual([
      {
        control: 'mult.multiplier',
        message: 'Com letra grande, escolha até 3 tabuadas em ordem (30 contas).',
      },
    ]);
  });

  it('is of × alone: with another operation, checkCustom’s refusal is said at the multiplicand', () => {
    expect(checkDraft(['add', 'mult'], ordem([7])).problems).toContainEqual({
      control: 'mult.multiplicand',
      message: 'A tabuada em ordem é só de multiplicação: desmarque as outras operações.',
    });
  });
});

describe('fatos em linha and número que falta are for facts', () => {
  it('name the operations whose settings are not facts, each refused beside its control', () => {
    const draft: Draft = { ...draftFromPreset(1), format: 'linha' };
    const custom = toCustom(draft, ['add', 'mult', 'div']);
    expect(notFacts(['add', 'mult', 'div'], custom)).toEqual(['add', 'mult', 'div']);
    expect(checkDraft(['add', 'mult', 'div'], draft).problems.map((p) => p.control)).toEqual([
      'add.numbers',
      'mult.multiplicand',
      'div.dividend',
    ]);
    const facts = draftFromPreset(0);
    expect(
      notFacts(['add', 'mult', 'div'], toCustom({ ...facts, format: 'lacuna' }, ['add', 'mult', 'div'])),
    ).toEqual([]);
    // Whatever the format chosen: the question is whether a line would take them.
    expect(notFacts(['add'], toCustom(draft, ['add']))).toEqual(['add']);
  });
});
