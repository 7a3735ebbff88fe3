import { NOTES } from '../../custom/decimal.js';
import { capitalize, pronoun, reais } from '../lexicon.js';
import { countText, fewestPieces, piecesCount, piecesOf, piecesText } from '../pieces.js';
import type { Problem } from '../../types.js';
import { one, T, type Cast, type WordTemplate } from './shared.js';

/**
 * Cédulas e moedas (EF03MA24, EF04MA25): a total em reais paid with the exact value, or a troco, "com o menor número
 * possível de cédulas e moedas". The conta (the sum, the difference) is worked in the Cálculo as any other; the
 * question asks how many cédulas and moedas and which, and the answer the sheet expects is how many (`answerOf`).
 * Only a value that moedas reach (a multiple of 5 centavos) and at most MAX_PIECES pieces, so the answer is a
 * child's to write.
 */

/** The most cédulas and moedas an answer names. */
export const MAX_PIECES = 8;

/** A value paid in few enough pieces: a multiple of 5 centavos, at most MAX_PIECES. */
const payable = ({ result }: Problem): boolean => {
  const pieces = fewestPieces(result);
  return pieces !== null && piecesCount(pieces) <= MAX_PIECES;
};

const C = (template: Omit<WordTemplate, 'money' | 'centavos' | 'kind'>): WordTemplate => ({
  ...T({ ...template, kind: 'cedulas-moedas' }),
  money: true,
  centavos: true,
  when: (conta) => payable(conta) && (template.when?.(conta) ?? true),
});

/** "vai usar 5 cédulas e moedas: 1 cédula de R$ 20,00, …" */
const paid = (conta: Problem): string => {
  const pieces = piecesOf(conta);
  return `${countText(pieces)}: ${piecesText(pieces)}`;
};

const FEWEST = 'com o menor número possível de cédulas e moedas';

type Render = WordTemplate['render'];

/** One person pays the value: "Quantas cédulas e moedas ela vai usar, e quais?" "Ana vai usar 5 …: …". */
const usesFewest =
  (statement: (conta: Problem, cast: Cast) => string): Render =>
  (conta, cast) => ({
    statement: statement(conta, cast),
    question: `Quantas cédulas e moedas ${pronoun(cast.people)} vai usar, e quais?`,
    answer: `${one(cast).name} vai usar ${paid(conta)}.`,
  });

/** One person gets the troco: "Quantas cédulas e moedas Ana recebeu de troco, e quais?" */
const trocoOf =
  (statement: (conta: Problem, cast: Cast) => string): Render =>
  (conta, cast) => ({
    statement: `${statement(conta, cast)} ${FEWEST.charAt(0).toUpperCase()}${FEWEST.slice(1)}, deram o troco.`,
    question: `Quantas cédulas e moedas ${one(cast).name} recebeu de troco, e quais?`,
    answer: `${one(cast).name} recebeu de troco ${paid(conta)}.`,
  });

/** Paid with a note worth at most four times the purchase (no R$ 200 note for a pastel). */
const paidWithNote = ({ a, b }: Problem): boolean => (NOTES as readonly number[]).includes(a) && b * 4 >= a;

export const CEDULAS_TEMPLATES: readonly WordTemplate[] = [
  // The total of a purchase, paid with the exact value. Both terms of any size the page draws (a sum's terms are
  // told as two things or two shops, either the dearer), for the value paid is what the problem is about.
  C({
    id: 'cedulas-moedas.lanche-reais',
    op: 'add',
    context: 'lanche',
    people: 1,
    ranges: { a: [5, 3_000], b: [5, 3_000], result: [100, 4_000] },
    render: usesFewest(
      (conta, cast) =>
        `Na lanchonete, ${one(cast).name} gastou ${reais(conta.a)} com o lanche e ${reais(conta.b)} com a bebida. ${capitalize(pronoun(cast.people))} vai pagar o valor exato, ${FEWEST}.`,
    ),
  }),
  C({
    id: 'cedulas-moedas.papelaria-reais',
    op: 'add',
    context: 'escola',
    people: 1,
    ranges: { a: [5, 15_000], b: [5, 15_000], result: [100, 20_000] },
    render: usesFewest(
      (conta, cast) =>
        `Para a volta às aulas, ${one(cast).name} gastou ${reais(conta.a)} na papelaria e ${reais(conta.b)} na livraria. ${capitalize(pronoun(cast.people))} vai pagar tudo junto com o valor exato, ${FEWEST}.`,
    ),
  }),
  C({
    id: 'cedulas-moedas.mercado-reais',
    op: 'add',
    context: 'feira',
    people: 0,
    ranges: { a: [5, 100_000], b: [5, 100_000], result: [1_000, 120_000] },
    render: (conta) => ({
      statement: `Uma família gastou ${reais(conta.a)} no mercado e ${reais(conta.b)} na farmácia. Vai pagar as duas compras juntas com o valor exato, ${FEWEST}.`,
      question: `Quantas cédulas e moedas a família vai usar, e quais?`,
      answer: `A família vai usar ${paid(conta)}.`,
    }),
  }),
  C({
    id: 'cedulas-moedas.bicicleta-reais',
    op: 'add',
    context: 'loja',
    people: 1,
    ranges: { a: [20_000, 99_999], b: [1_000, 20_000], result: [21_000, 119_999] },
    render: usesFewest(
      (conta, cast) =>
        `${one(cast).name} comprou uma bicicleta por ${reais(conta.a)} e um capacete por ${reais(conta.b)}. ${capitalize(pronoun(cast.people))} vai pagar em dinheiro o valor exato, ${FEWEST}.`,
    ),
  }),
  // The troco of a note, and what is left kept in the fewest pieces.
  C({
    id: 'cedulas-moedas.troco-reais',
    op: 'sub',
    context: 'feira',
    people: 1,
    ranges: { a: [500, 5_000], b: [100, 4_995], result: [5, 4_900] },
    when: paidWithNote,
    render: trocoOf(
      (conta, cast) =>
        `${one(cast).name} fez compras de ${reais(conta.b)} na feira e pagou com uma nota de ${reais(conta.a)}. O feirante deu o troco ${FEWEST}.`,
    ),
  }),
  C({
    id: 'cedulas-moedas.troco-loja-reais',
    op: 'sub',
    context: 'roupas',
    people: 1,
    ranges: { a: [10_000, 20_000], b: [2_500, 19_995], result: [5, 17_500] },
    when: paidWithNote,
    render: trocoOf(
      (conta, cast) =>
        `${one(cast).name} comprou um tênis de ${reais(conta.b)} e pagou com uma nota de ${reais(conta.a)}. A loja deu o troco ${FEWEST}.`,
    ),
  }),
  C({
    id: 'cedulas-moedas.cofrinho-reais',
    op: 'sub',
    context: 'cofrinho',
    people: 1,
    ranges: { a: [200, 100_000], b: [100, 99_000], result: [5, 99_000] },
    render: (conta, cast) => ({
      statement: `${one(cast).name} tinha ${reais(conta.a)} guardados e gastou ${reais(conta.b)} num presente. ${capitalize(pronoun(cast.people))} quer guardar o que sobrou ${FEWEST}.`,
      question: `Quantas cédulas e moedas ${pronoun(cast.people)} vai guardar, e quais?`,
      answer: `${one(cast).name} vai guardar ${paid(conta)}.`,
    }),
  }),
];
