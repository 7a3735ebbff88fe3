import { solve } from '../../problems.js';
import { fromHis, howMany, money, pronoun, qty, toHis } from '../lexicon.js';
import { N, T2, one, type TwoStepTemplate } from './shared.js';

/**
 * Duas etapas: two contas in one problem, the second made from the first's result. Each template names its two
 * operations; a page uses it when both are on the page (the first in its own slot).
 */
export const TWO_STEP_TEMPLATES: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.figurinhas-ganhou-deu',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [5, 500], b: [2, 300], result: [10, 800] },
    next: (random, first) => {
      const c = random.int(2, Math.min(300, first.result - 2));
      return solve('sub', { a: first.result, b: c });
    },
    nextRanges: { a: [10, 800], b: [2, 300], result: [2, 800] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${qty(first.a, N.figurinha)}. Ganhou ${qty(first.b, N.figurinha)} ${fromHis(cast.relative)} e depois deu ${qty(second.b, N.figurinha)} ${toHis(cast.relative)}.`,
      question: `Com ${howMany(N.figurinha)} ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(second.result, N.figurinha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.troco',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [2, 30], b: [2, 6], result: [4, 180] },
    next: (random, first) => {
      const notes = [10, 20, 50, 100, 200].filter((note) => note > first.result && note <= first.result * 4);
      if (notes.length === 0) return null;
      return solve('sub', { a: random.pick(notes), b: first.result });
    },
    nextRanges: { a: [10, 200], b: [4, 180], result: [1, 196] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} comprou ${qty(first.b, N.caderno)} de ${money(first.a)} cada um e pagou com uma nota de ${money(second.a)}.`,
      question: `Quanto ${pronoun(cast.people)} recebeu de troco?`,
      answer: `${one(cast).name} recebeu ${money(second.result)} de troco.`,
    }),
  }),
];
