import { thousands } from '../../format.js';
import { solve } from '../../problems.js';
import type { Random } from '../../random.js';
import type { Problem } from '../../types.js';
import {
  agree,
  capitalize,
  conj,
  eachOne,
  form,
  fromHis,
  howMany,
  money,
  moneyVerb,
  pronoun,
  qty,
  VERBS,
  WORDS,
  type Forms,
  type Noun,
  type Verb,
} from '../lexicon.js';
import { adjective, N, one, SOLD, T2, two, type Range, type TwoStepTemplate } from './shared.js';

/*
 * Duas etapas: two contas in one problem, the second made from the first's result. Each template names its two
 * operations; a page uses it when both are on the page (the first conta is drawn in its own operation's slot, from
 * the page's numbers). `next` draws the one new number the story needs; the statement gives the first conta's terms
 * and that number, never a result; the question asks only for the second conta's result.
 */

/** The first's result and a new number in [min, max] added to it. */
const plus = (random: Random, whole: number, [min, max]: Range): Problem =>
  solve('add', { a: whole, b: random.int(min, max) });

/**
 * The first's result and a third part like the first two (from half the smaller to one and a half times the larger,
 * within [min, max]): "73 latinhas na segunda, 24 na terça e 842 na quarta" is no one's week.
 */
function plusAlike(random: Random, first: Problem, [min, max]: Range): Problem {
  const clamp = (value: number) => Math.min(max, Math.max(min, value));
  const low = clamp(Math.ceil(Math.min(first.a, first.b) / 2));
  const high = clamp(Math.floor((Math.max(first.a, first.b) * 3) / 2));
  return solve('add', { a: first.result, b: random.int(low, high) });
}

/** The first's result less a new number in [min, max] that leaves at least 1; null when none does. */
function minus(random: Random, whole: number, [min, max]: Range): Problem | null {
  const top = Math.min(max, whole - 1);
  return min > top ? null : solve('sub', { a: whole, b: random.int(min, top) });
}

/**
 * What a story takes out of a whole: from a tenth to nine tenths of it, at least `least` and at most `most` ("comeram
 * 93 brigadeiros antes do parabéns e 1 depois" is no party).
 */
const share = (whole: number, least: number, most = Number.MAX_SAFE_INTEGER): Range => [
  Math.max(least, Math.min(most, Math.ceil(whole / 10))),
  Math.min(most, Math.floor((whole * 9) / 10)),
];

/** The first's result times a new number in [min, max]. */
const times = (random: Random, whole: number, [min, max]: Range): Problem =>
  solve('mult', { a: whole, b: random.int(min, max) });

/**
 * The first's result shared exactly by a new divisor in [min, max], at least `least` (2 unless said) in each part,
 * none of `avoid` (a divisor the story already named would make the second conta undo the first); null when none
 * divides it.
 */
function split(
  random: Random,
  whole: number,
  [min, max]: Range,
  avoid: readonly number[] = [],
  least = 2,
): Problem | null {
  const divisors: number[] = [];
  for (let divisor = Math.max(2, min); divisor <= Math.min(max, whole / least); divisor++)
    if (whole % divisor === 0 && !avoid.includes(divisor)) divisors.push(divisor);
  return divisors.length === 0 ? null : solve('div', { a: whole, b: random.pick(divisors) });
}

const exact = (conta: Problem): boolean => conta.remainder === 0;

/** "a sua prima", "o seu tio". */
const theirRelative = (relative: Noun): string =>
  `${agree(WORDS.definite, relative.gender, 1)} ${agree(WORDS.his, relative.gender, 1)} ${relative.singular}`;

/**
 * Where a division's resto went, when it has one (it follows from the terms, not from the answer): ", e as laranjas
 * que sobraram ficaram no sítio", ", e o lápis de cor que sobrou ficou na caixa"; in a story still to happen, `left`
 * is "sobrar": ", e as mangas que sobrarem vão para a feira".
 */
const restGoes = (
  remainder: number,
  word: Noun,
  goes: Verb,
  where: string,
  left: Verb = VERBS.sobrou,
): string =>
  remainder === 0
    ? ''
    : `, e ${agree(WORDS.definite, word.gender, remainder)} ${form(word, remainder)} que ${conj(left, remainder)} ${conj(goes, remainder)} ${where}`;

/** Where a class's books are: a few dozen sit in the classroom's cantinho de leitura, hundreds in the library. */
const bookshelf = (books: number) =>
  books < 150
    ? { place: 'o cantinho de leitura da sala', short: 'o cantinho de leitura', at: 'no cantinho de leitura' }
    : { place: 'a biblioteca da escola', short: 'a biblioteca', at: 'na biblioteca' };

const NEW = adjective('nov');
const LOOSE = adjective('avuls');
const PLACED = adjective('colocad');
const COLLECTED = adjective('arrecadad');
const REPEATED = adjective('repetid');
const GLUED = adjective('colad');
const DELIVERED: Forms = ['entregue', 'entregue', 'entregues', 'entregues'];

/** (+, +): acrescentar twice, or three parts joined. */
const ADD_ADD: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.figurinhas-ganhou-comprou',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [2, 700], b: [2, 300], result: [4, 800] },
    next: (random, first) => plus(random, first.result, [4, 30]),
    nextRanges: { a: [4, 800], b: [4, 30], result: [8, 830] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${qty(first.a, N.figurinha)}. Ganhou ${qty(first.b, N.figurinha)} ${fromHis(cast.relative)} e depois comprou mais ${thousands(second.b)} na banca.`,
      question: `Com ${howMany(N.figurinha)} ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(second.result, N.figurinha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.latinhas-tres-dias',
    context: 'reciclagem',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [5, 999], b: [5, 999], result: [10, 1998] },
    next: (random, first) => plusAlike(random, first, [5, 999]),
    nextRanges: { a: [10, 1998], b: [5, 999], result: [15, 2997] },
    render: ([first, second]) => ({
      statement: `Na campanha de reciclagem da escola, os alunos juntaram ${qty(first.a, N.latinha)} na segunda-feira, ${thousands(first.b)} na terça-feira e ${thousands(second.b)} na quarta-feira.`,
      question: `${capitalize(howMany(N.latinha))} os alunos juntaram nos três dias?`,
      answer: `Os alunos juntaram ${qty(second.result, N.latinha)} nos três dias.`,
    }),
  }),
  T2({
    id: 'duas-etapas.horta-colheita',
    context: 'horta',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [2, 60], b: [2, 60], result: [4, 120] },
    next: (random, first) => plusAlike(random, first, [2, 60]),
    nextRanges: { a: [4, 120], b: [2, 60], result: [6, 180] },
    render: ([first, second]) => ({
      statement: `Na horta da escola, as crianças colheram ${qty(first.a, N.peDeAlface)} na segunda-feira, ${thousands(first.b)} na quarta-feira e ${thousands(second.b)} na sexta-feira.`,
      question: `${capitalize(howMany(N.peDeAlface))} as crianças colheram na semana?`,
      answer: `As crianças colheram ${qty(second.result, N.peDeAlface)} na semana.`,
    }),
  }),
  T2({
    id: 'duas-etapas.leitura-tres-dias',
    context: 'leitura',
    people: 1,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [2, 120], b: [2, 120], result: [4, 240] },
    next: (random, first) => plusAlike(random, first, [2, 120]),
    nextRanges: { a: [4, 240], b: [2, 120], result: [6, 360] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} está lendo um livro de aventuras. Leu ${qty(first.a, N.pagina)} no sábado, ${thousands(first.b)} no domingo e ${thousands(second.b)} na segunda-feira.`,
      question: `${capitalize(howMany(N.pagina))} ${pronoun(cast.people)} leu nesses três dias?`,
      answer: `${one(cast).name} leu ${qty(second.result, N.pagina)} nesses três dias.`,
    }),
  }),
  T2({
    id: 'duas-etapas.cofrinho',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [2, 300], b: [2, 200], result: [4, 500] },
    next: (random, first) => plus(random, first.result, [2, 50]),
    nextRanges: { a: [4, 500], b: [2, 50], result: [6, 550] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${money(first.a)} no cofrinho. Ganhou ${money(first.b)} ${fromHis(cast.relative)} no aniversário e depois guardou mais ${money(second.b)} da mesada.`,
      question: `Quanto ${pronoun(cast.people)} tem agora no cofrinho?`,
      answer: `${one(cast).name} tem ${money(second.result)} no cofrinho.`,
    }),
  }),
  T2({
    id: 'duas-etapas.biblioteca-doacao-compra',
    context: 'biblioteca',
    people: 0,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [50, 5_000], b: [5, 999], result: [60, 5_999] },
    next: (random, first) =>
      plus(random, first.result, [5, Math.max(5, Math.min(300, Math.floor(first.result / 3)))]),
    nextRanges: { a: [60, 5_999], b: [5, 300], result: [65, 6_299] },
    render: ([first, second]) => {
      const shelf = bookshelf(first.a);
      return {
        statement: `${capitalize(shelf.place)} tinha ${qty(first.a, N.livro)}. Em março, recebeu ${qty(first.b, N.livro)} de doação e, em abril, a escola comprou mais ${thousands(second.b)}.`,
        question: `${capitalize(howMany(N.livro))} ${shelf.short} tem agora?`,
        answer: `${capitalize(shelf.short)} tem ${qty(second.result, N.livro)}.`,
      };
    },
  }),
  T2({
    id: 'duas-etapas.festa-junina-publico',
    context: 'festa junina',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [50, 2_000], b: [50, 2_000], result: [100, 4_000] },
    next: (random, first) => plusAlike(random, first, [50, 2_000]),
    nextRanges: { a: [100, 4_000], b: [50, 2_000], result: [150, 6_000] },
    render: ([first, second]) => ({
      statement: `A festa junina da escola durou três dias. Vieram ${qty(first.a, N.pessoa)} na sexta-feira, ${thousands(first.b)} no sábado e ${thousands(second.b)} no domingo.`,
      question: `${capitalize(howMany(N.pessoa))} vieram à festa nos três dias?`,
      answer: `${capitalize(conj(VERBS.veio, second.result))} ${qty(second.result, N.pessoa)} à festa nos três dias.`,
    }),
  }),
  T2({
    id: 'duas-etapas.escola-turnos',
    context: 'escola',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [30, 1_000], b: [30, 1_000], result: [60, 2_000] },
    next: (random, first) => plusAlike(random, first, [20, 500]),
    nextRanges: { a: [60, 2_000], b: [20, 500], result: [80, 2_500] },
    render: ([first, second]) => ({
      statement: `Uma escola tem ${qty(first.a, N.aluno)} no turno da manhã, ${thousands(first.b)} no turno da tarde e ${thousands(second.b)} no turno da noite.`,
      question: `${capitalize(howMany(N.aluno))} a escola tem ao todo?`,
      answer: `A escola tem ${qty(second.result, N.aluno)} ao todo.`,
    }),
  }),
  T2({
    id: 'duas-etapas.festa-junina-barracas',
    context: 'festa junina',
    people: 0,
    money: true,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [50, 3_000], b: [50, 3_000], result: [100, 6_000] },
    next: (random, first) => plusAlike(random, first, [50, 2_000]),
    nextRanges: { a: [100, 6_000], b: [50, 2_000], result: [150, 8_000] },
    render: ([first, second]) => ({
      statement: `Na festa junina da escola, a barraca de pastel arrecadou ${money(first.a)}, a da pescaria arrecadou ${money(first.b)} e a do cachorro-quente, ${money(second.b)}.`,
      question: `Quanto as três barracas arrecadaram ao todo?`,
      answer: `As três barracas arrecadaram ${money(second.result)} ao todo.`,
    }),
  }),
  T2({
    id: 'duas-etapas.estadio-tres-jogos',
    context: 'estádio',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [1_000, 80_000], b: [1_000, 80_000], result: [2_000, 160_000] },
    next: (random, first) => plusAlike(random, first, [1_000, 80_000]),
    nextRanges: { a: [2_000, 160_000], b: [1_000, 80_000], result: [3_000, 240_000] },
    render: ([first, second]) => ({
      statement: `O estádio da cidade recebeu ${qty(first.a, N.torcedor)} no primeiro jogo do campeonato, ${thousands(first.b)} no segundo e ${thousands(second.b)} no terceiro.`,
      question: `${capitalize(howMany(N.torcedor))} foram ao estádio nesses três jogos?`,
      answer: `${capitalize(qty(second.result, N.torcedor))} ${conj(VERBS.foi, second.result)} ao estádio nesses três jogos.`,
    }),
  }),
  T2({
    id: 'duas-etapas.museu-tres-meses',
    context: 'museu',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [500, 99_999], b: [500, 99_999], result: [1_000, 199_998] },
    next: (random, first) => plusAlike(random, first, [500, 99_999]),
    nextRanges: { a: [1_000, 199_998], b: [500, 99_999], result: [1_500, 299_997] },
    render: ([first, second]) => ({
      statement: `Um museu da cidade recebeu ${qty(first.a, N.visitante)} em janeiro, ${thousands(first.b)} em fevereiro e ${thousands(second.b)} em março.`,
      question: `${capitalize(howMany(N.visitante))} o museu recebeu nesses três meses?`,
      answer: `O museu recebeu ${qty(second.result, N.visitante)} nesses três meses.`,
    }),
  }),
  T2({
    id: 'duas-etapas.cooperativa-leite-semanas',
    context: 'fazenda',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [1_000, 99_999], b: [1_000, 99_999], result: [2_000, 199_998] },
    next: (random, first) => plusAlike(random, first, [1_000, 99_999]),
    nextRanges: { a: [2_000, 199_998], b: [1_000, 99_999], result: [3_000, 299_997] },
    render: ([first, second]) => ({
      statement: `Uma cooperativa recolheu ${qty(first.a, N.litro)} de leite na primeira semana do mês, ${thousands(first.b)} na segunda e ${thousands(second.b)} na terceira.`,
      question: `${capitalize(howMany(N.litro))} de leite a cooperativa recolheu nessas três semanas?`,
      answer: `A cooperativa recolheu ${qty(second.result, N.litro)} de leite nessas três semanas.`,
    }),
  }),
  T2({
    id: 'duas-etapas.rede-de-bibliotecas',
    context: 'biblioteca',
    people: 0,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [1_000, 99_999], b: [100, 99_999], result: [1_100, 199_998] },
    next: (random, first) => plus(random, first.result, [100, Math.min(9_999, Math.floor(first.result / 2))]),
    nextRanges: { a: [1_100, 199_998], b: [100, 9_999], result: [1_200, 209_997] },
    render: ([first, second]) => ({
      statement: `A rede de bibliotecas da cidade tinha ${qty(first.a, N.livro)}. Em um ano, recebeu ${qty(first.b, N.livro)} de doação e comprou mais ${thousands(second.b)}.`,
      question: `${capitalize(howMany(N.livro))} a rede de bibliotecas tem agora?`,
      answer: `A rede de bibliotecas tem ${qty(second.result, N.livro)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.reciclagem-tres-meses',
    context: 'reciclagem',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [1_000, 99_999], b: [1_000, 99_999], result: [2_000, 199_998] },
    next: (random, first) => plusAlike(random, first, [1_000, 99_999]),
    nextRanges: { a: [2_000, 199_998], b: [1_000, 99_999], result: [3_000, 299_997] },
    render: ([first, second]) => ({
      statement: `A campanha de reciclagem da cidade juntou ${qty(first.a, N.garrafa)} em março, ${thousands(first.b)} em abril e ${thousands(second.b)} em maio.`,
      question: `${capitalize(howMany(N.garrafa))} a campanha juntou nesses três meses?`,
      answer: `A campanha juntou ${qty(second.result, N.garrafa)} nesses três meses.`,
    }),
  }),
  T2({
    id: 'duas-etapas.aeroporto-fim-de-semana',
    context: 'transporte',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [1_000, 99_999], b: [1_000, 99_999], result: [2_000, 199_998] },
    next: (random, first) => plusAlike(random, first, [1_000, 99_999]),
    nextRanges: { a: [2_000, 199_998], b: [1_000, 99_999], result: [3_000, 299_997] },
    render: ([first, second]) => ({
      statement: `O aeroporto da capital recebeu ${qty(first.a, N.passageiro)} na sexta-feira, ${thousands(first.b)} no sábado e ${thousands(second.b)} no domingo.`,
      question: `${capitalize(howMany(N.passageiro))} o aeroporto recebeu nesses três dias?`,
      answer: `O aeroporto recebeu ${qty(second.result, N.passageiro)} nesses três dias.`,
    }),
  }),
];

/** (+, −): something grows, then some of it goes. */
const ADD_SUB: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.figurinhas-ganhou-deu',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [2, 500], b: [2, 300], result: [4, 800] },
    next: (random, first) => minus(random, first.result, share(first.result, 1, 300)),
    nextRanges: { a: [4, 800], b: [1, 300], result: [1, 799] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${qty(first.a, N.figurinha)}. Ganhou ${qty(first.b, N.figurinha)} ${fromHis(cast.relative)} e depois deu ${qty(second.b, N.figurinha)} para um amigo da escola.`,
      question: `Com ${howMany(N.figurinha)} ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(second.result, N.figurinha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.mesada-ganhou-gastou',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [2, 300], b: [2, 200], result: [4, 500] },
    next: (random, first) => minus(random, first.result, share(first.result, 2, 150)),
    nextRanges: { a: [4, 500], b: [2, 150], result: [1, 498] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${money(first.a)}. Ganhou ${money(first.b)} ${fromHis(cast.relative)} e depois gastou ${money(second.b)} em um livro.`,
      question: `Com quanto ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${money(second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.onibus-subiram-desceram',
    context: 'transporte',
    people: 0,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [5, 60], b: [1, 30], result: [6, 80] },
    next: (random, first) => minus(random, first.result, share(first.result, 1, 40)),
    nextRanges: { a: [6, 80], b: [1, 40], result: [1, 79] },
    render: ([first, second]) => ({
      statement: `Um ônibus saiu do terminal com ${qty(first.a, N.passageiro)}. No primeiro ponto, ${conj(VERBS.subiu, first.b)} ${qty(first.b, N.passageiro)} e, no segundo, ${conj(VERBS.desceu, second.b)} ${thousands(second.b)}.`,
      question: `${capitalize(howMany(N.passageiro))} ficaram no ônibus depois do segundo ponto?`,
      answer: `${capitalize(conj(VERBS.ficou, second.result))} ${qty(second.result, N.passageiro)} no ônibus.`,
    }),
  }),
  T2({
    id: 'duas-etapas.sitio-colheu-levou',
    context: 'sítio',
    people: 1,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [10, 500], b: [10, 500], result: [20, 1_000] },
    next: (random, first) => minus(random, first.result, share(first.result, 5)),
    nextRanges: { a: [20, 1_000], b: [5, 900], result: [1, 995] },
    render: ([first, second], cast) => ({
      statement: `No sítio, ${one(cast).name} e ${theirRelative(cast.relative)} colheram ${qty(first.a, N.laranja)} de manhã e ${thousands(first.b)} à tarde. Depois, levaram ${qty(second.b, N.laranja)} para vender na feira.`,
      question: `${capitalize(howMany(N.laranja))} ficaram no sítio?`,
      answer: `${capitalize(conj(VERBS.ficou, second.result))} ${qty(second.result, N.laranja)} no sítio.`,
    }),
  }),
  T2({
    id: 'duas-etapas.biblioteca-doacao-emprestou',
    context: 'biblioteca',
    people: 0,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [50, 5_000], b: [2, 999], result: [60, 5_999] },
    next: (random, first) => minus(random, first.result, share(first.result, 5, 400)),
    nextRanges: { a: [60, 5_999], b: [5, 400], result: [1, 5_994] },
    render: ([first, second]) => {
      const shelf = bookshelf(first.a);
      return {
        statement: `${capitalize(shelf.place)} tinha ${qty(first.a, N.livro)}. Recebeu ${qty(first.b, N.livro)} de doação e, na mesma semana, os alunos levaram ${qty(second.b, N.livro)} para ler em casa.`,
        question: `${capitalize(howMany(N.livro))} ficaram ${shelf.at}?`,
        answer: `${capitalize(conj(VERBS.ficou, second.result))} ${qty(second.result, N.livro)} ${shelf.at}.`,
      };
    },
  }),
  T2({
    id: 'duas-etapas.festa-junina-gastos',
    context: 'festa junina',
    people: 0,
    money: true,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [20, 4_000], b: [20, 4_000], result: [40, 8_000] },
    next: (random, first) => minus(random, first.result, share(first.result, 10)),
    nextRanges: { a: [40, 8_000], b: [10, 7_200], result: [1, 7_990] },
    render: ([first, second]) => ({
      statement: `A barraca de pastel da festa junina arrecadou ${money(first.a)} no sábado e ${money(first.b)} no domingo. A turma gastou ${money(second.b)} com a massa e o recheio.`,
      question: `Quanto sobrou para a turma depois de pagar esses gastos?`,
      answer: `${capitalize(moneyVerb(VERBS.sobrou, second.result))} ${money(second.result)} para a turma.`,
    }),
  }),
  T2({
    id: 'duas-etapas.reciclagem-galpao',
    context: 'reciclagem',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [1_000, 99_999], b: [1_000, 99_999], result: [2_000, 199_998] },
    next: (random, first) => minus(random, first.result, share(first.result, 1_000)),
    nextRanges: { a: [2_000, 199_998], b: [1_000, 179_998], result: [1, 198_998] },
    render: ([first, second]) => ({
      statement: `A campanha de reciclagem da cidade juntou ${qty(first.a, N.garrafa)} em maio e ${thousands(first.b)} em junho e guardou todas em um galpão. A cooperativa de reciclagem já levou ${qty(second.b, N.garrafa)} desse galpão.`,
      question: `${capitalize(howMany(N.garrafa))} ainda estão no galpão?`,
      answer: `${capitalize(qty(second.result, N.garrafa))} ainda ${conj(VERBS.esta, second.result)} no galpão.`,
    }),
  }),
  T2({
    id: 'duas-etapas.fabrica-bicicletas-vendeu',
    context: 'fábrica',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [500, 99_999], b: [500, 99_999], result: [1_000, 199_998] },
    next: (random, first) => minus(random, first.result, share(first.result, 100)),
    nextRanges: { a: [1_000, 199_998], b: [100, 179_998], result: [1, 199_898] },
    render: ([first, second]) => ({
      statement: `Uma fábrica de bicicletas produziu ${qty(first.a, N.bicicleta)} em janeiro e ${thousands(first.b)} em fevereiro. Nesses dois meses, vendeu ${qty(second.b, N.bicicleta)}.`,
      question: `${capitalize(howMany(N.bicicleta))} produzidas nesses dois meses ainda não foram vendidas?`,
      answer: `${capitalize(qty(second.result, N.bicicleta))} ainda não ${conj(VERBS.foi, second.result)} ${agree(SOLD, 'f', second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.viveiro-recebeu-plantou',
    context: 'cidade',
    people: 0,
    steps: [
      { op: 'add', kind: 'acrescentar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [100, 99_999], b: [100, 99_999], result: [200, 199_998] },
    next: (random, first) => minus(random, first.result, share(first.result, 50)),
    nextRanges: { a: [200, 199_998], b: [50, 179_998], result: [1, 199_948] },
    render: ([first, second]) => ({
      statement: `O viveiro de um projeto de reflorestamento tinha ${qty(first.a, N.muda)} de árvores. Recebeu mais ${thousands(first.b)} e plantou ${qty(second.b, N.muda)} na beira do rio.`,
      question: `${capitalize(howMany(N.muda))} ficaram no viveiro?`,
      answer: `${capitalize(conj(VERBS.ficou, second.result))} ${qty(second.result, N.muda)} no viveiro.`,
    }),
  }),
];

/** (−, −): two things taken away, or two steps towards a goal. */
const SUB_SUB: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.figurinhas-deu-trocou',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [5, 700], b: [1, 500], result: [2, 699] },
    next: (random, first) => minus(random, first.result, share(first.result, 1, 300)),
    nextRanges: { a: [2, 699], b: [1, 300], result: [1, 698] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${qty(first.a, N.figurinha)} repetidas. Deu ${thousands(first.b)} para um colega da turma e trocou ${thousands(second.b)} no recreio.`,
      question: `Com ${howMany(N.figurinha)} repetidas ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(second.result, N.figurinha)} ${agree(REPEATED, 'f', second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.mesada-gastou-gastou',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [3, 300], b: [1, 200], result: [2, 299] },
    next: (random, first) => minus(random, first.result, share(first.result, 1, 100)),
    nextRanges: { a: [2, 299], b: [1, 100], result: [1, 298] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${money(first.a)}. Gastou ${money(first.b)} com o lanche e ${money(second.b)} com um gibi.`,
      question: `Quanto sobrou para ${pronoun(cast.people)}?`,
      answer: `${capitalize(moneyVerb(VERBS.sobrou, second.result))} ${money(second.result)} para ${one(cast).name}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.onibus-desceram-desceram',
    context: 'transporte',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [5, 80], b: [1, 60], result: [2, 79] },
    next: (random, first) => minus(random, first.result, share(first.result, 1, 60)),
    nextRanges: { a: [2, 79], b: [1, 60], result: [1, 78] },
    render: ([first, second]) => ({
      statement: `Um ônibus saiu do terminal com ${qty(first.a, N.passageiro)}. No primeiro ponto, ${conj(VERBS.desceu, first.b)} ${qty(first.b, N.passageiro)} e, no segundo, ${conj(VERBS.desceu, second.b)} ${thousands(second.b)}. Ninguém subiu.`,
      question: `${capitalize(howMany(N.passageiro))} ficaram no ônibus?`,
      answer: `${capitalize(conj(VERBS.ficou, second.result))} ${qty(second.result, N.passageiro)} no ônibus.`,
    }),
  }),
  T2({
    id: 'duas-etapas.brigadeiros-festa',
    context: 'lanche',
    people: 1,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [10, 300], b: [1, 250], result: [2, 299] },
    next: (random, first) => minus(random, first.result, share(first.result, 1, 250)),
    nextRanges: { a: [2, 299], b: [1, 250], result: [1, 298] },
    render: ([first, second], cast) => ({
      statement: `Para a festa de aniversário de ${one(cast).name}, a família fez ${qty(first.a, N.brigadeiro)}. Os convidados comeram ${thousands(first.b)} antes de cantar parabéns e ${thousands(second.b)} depois.`,
      question: `${capitalize(howMany(N.brigadeiro))} sobraram?`,
      answer: `${capitalize(conj(VERBS.sobrou, second.result))} ${qty(second.result, N.brigadeiro)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.livro-faltam-paginas',
    context: 'leitura',
    people: 1,
    steps: [
      { op: 'sub', kind: 'completar' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [20, 400], b: [2, 200], result: [2, 398] },
    next: (random, first) => minus(random, first.result, share(first.result, 1, 150)),
    nextRanges: { a: [2, 398], b: [1, 150], result: [1, 397] },
    render: ([first, second], cast) => ({
      statement: `Um livro tem ${qty(first.a, N.pagina)}. ${one(cast).name} leu ${qty(first.b, N.pagina)} no sábado e ${thousands(second.b)} no domingo.`,
      question: `${capitalize(howMany(N.pagina))} ainda faltam para ${pronoun(cast.people)} terminar o livro?`,
      answer: `${capitalize(conj(VERBS.falta, second.result))} ${qty(second.result, N.pagina)} para ${one(cast).name} terminar o livro.`,
    }),
  }),
  T2({
    id: 'duas-etapas.ginasio-ingressos',
    context: 'campeonato',
    people: 0,
    steps: [
      { op: 'sub', kind: 'completar' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [500, 5_000], b: [10, 4_500], result: [2, 4_990] },
    next: (random, first) => minus(random, first.result, share(first.result, 1, 4_000)),
    nextRanges: { a: [2, 4_990], b: [1, 4_000], result: [1, 4_989] },
    render: ([first, second]) => ({
      statement: `O ginásio onde vai ser a final do campeonato tem ${qty(first.a, N.lugar)}. Na segunda-feira, ${conj(VERBS.foi, first.b)} ${agree(SOLD, 'm', first.b)} ${qty(first.b, N.ingresso)} e, na terça-feira, mais ${thousands(second.b)}.`,
      question: `${capitalize(howMany(N.ingresso))} ainda podem ser vendidos?`,
      answer: `Ainda ${conj(VERBS.pode, second.result)} ser ${agree(SOLD, 'm', second.result)} ${qty(second.result, N.ingresso)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.estadio-ingressos-torcidas',
    context: 'estádio',
    people: 0,
    steps: [
      { op: 'sub', kind: 'completar' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [5_000, 80_000], b: [1_000, 79_000], result: [100, 79_000] },
    next: (random, first) => minus(random, first.result, share(first.result, 50)),
    nextRanges: { a: [100, 79_000], b: [50, 71_100], result: [1, 78_950] },
    render: ([first, second]) => ({
      statement: `O estádio da cidade tem ${qty(first.a, N.lugar)}. Para o jogo de domingo, já ${conj(VERBS.foi, first.b)} ${agree(SOLD, 'm', first.b)} ${qty(first.b, N.ingresso)} pela internet e ${thousands(second.b)} na bilheteria.`,
      question: `${capitalize(howMany(N.ingresso))} ainda podem ser vendidos?`,
      answer: `Ainda ${conj(VERBS.pode, second.result)} ser ${agree(SOLD, 'm', second.result)} ${qty(second.result, N.ingresso)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.viagem-de-caminhao',
    context: 'estrada',
    people: 0,
    steps: [
      { op: 'sub', kind: 'completar' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [300, 5_000], b: [100, 900], result: [101, 4_900] },
    next: (random, first) => minus(random, first.result, share(first.result, 100, 900)),
    nextRanges: { a: [101, 4_900], b: [100, 900], result: [1, 4_800] },
    render: ([first, second]) => ({
      statement: `Um caminhão vai fazer uma viagem de ${qty(first.a, N.quilometro)}. No primeiro dia, percorreu ${qty(first.b, N.quilometro)} e, no segundo dia, ${thousands(second.b)}.`,
      question: `${capitalize(howMany(N.quilometro))} ainda faltam para o fim da viagem?`,
      answer: `${capitalize(conj(VERBS.falta, second.result))} ${qty(second.result, N.quilometro)} para o fim da viagem.`,
    }),
  }),
  T2({
    id: 'duas-etapas.cooperativa-vendeu-leite',
    context: 'fazenda',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [1_000, 99_999], b: [100, 99_999], result: [100, 99_999] },
    next: (random, first) => minus(random, first.result, share(first.result, 50)),
    nextRanges: { a: [100, 99_999], b: [50, 89_999], result: [1, 99_949] },
    render: ([first, second]) => ({
      statement: `Em um mês, uma cooperativa recolheu ${qty(first.a, N.litro)} de leite. Vendeu ${qty(first.b, N.litro)} para uma fábrica de queijo e ${thousands(second.b)} para os mercados da região.`,
      question: `${capitalize(howMany(N.litro))} de leite sobraram na cooperativa?`,
      answer: `${capitalize(conj(VERBS.sobrou, second.result))} ${qty(second.result, N.litro)} de leite na cooperativa.`,
    }),
  }),
  T2({
    id: 'duas-etapas.campanha-do-agasalho-meta',
    context: 'arrecadação',
    people: 0,
    steps: [
      { op: 'sub', kind: 'completar' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [1_000, 99_999], b: [100, 99_999], result: [100, 99_999] },
    next: (random, first) => minus(random, first.result, share(first.result, 50)),
    nextRanges: { a: [100, 99_999], b: [50, 89_999], result: [1, 99_949] },
    render: ([first, second]) => ({
      statement: `A meta da campanha do agasalho da cidade é arrecadar ${qty(first.a, N.agasalho)}. Na primeira semana, ${conj(VERBS.foi, first.b)} ${agree(COLLECTED, 'm', first.b)} ${qty(first.b, N.agasalho)} e, na segunda, mais ${thousands(second.b)}.`,
      question: `${capitalize(howMany(N.agasalho))} ainda faltam para a campanha chegar à meta?`,
      answer: `${capitalize(conj(VERBS.falta, second.result))} ${qty(second.result, N.agasalho)} para a campanha chegar à meta.`,
    }),
  }),
  T2({
    id: 'duas-etapas.fabrica-estoque-papel',
    context: 'fábrica',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [100, 99_999], b: [10, 99_999], result: [20, 99_999] },
    next: (random, first) => minus(random, first.result, share(first.result, 5)),
    nextRanges: { a: [20, 99_999], b: [5, 89_999], result: [1, 99_994] },
    render: ([first, second]) => ({
      statement: `Uma fábrica de papel tinha ${qty(first.a, N.pacote)} de folhas no estoque. Vendeu ${qty(first.b, N.pacote)} para a prefeitura e ${thousands(second.b)} para uma rede de papelarias.`,
      question: `${capitalize(howMany(N.pacote))} de folhas ficaram no estoque?`,
      answer: `${capitalize(conj(VERBS.ficou, second.result))} ${qty(second.result, N.pacote)} de folhas no estoque.`,
    }),
  }),
  T2({
    id: 'duas-etapas.caixa-dagua-condominio',
    context: 'cidade',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [5_000, 99_999], b: [100, 99_999], result: [100, 99_999] },
    next: (random, first) => minus(random, first.result, share(first.result, 50)),
    nextRanges: { a: [100, 99_999], b: [50, 89_999], result: [1, 99_949] },
    render: ([first, second]) => ({
      statement: `A caixa-d'água de um condomínio tinha ${qty(first.a, N.litro)} de água. De manhã, os moradores usaram ${qty(first.b, N.litro)} e, à tarde, mais ${thousands(second.b)}. A caixa-d'água não recebeu água nesse dia.`,
      question: `${capitalize(howMany(N.litro))} de água ainda há na caixa-d'água?`,
      answer: `Ainda há ${qty(second.result, N.litro)} de água na caixa-d'água.`,
    }),
  }),
  T2({
    id: 'duas-etapas.cidade-zona-rural-centro',
    context: 'população',
    people: 0,
    steps: [
      { op: 'sub', kind: 'separar' },
      { op: 'sub', kind: 'separar' },
    ],
    ranges: { a: [1_000, 99_999], b: [100, 99_999], result: [200, 99_999] },
    next: (random, first) => minus(random, first.result, share(first.result, 100)),
    nextRanges: { a: [200, 99_999], b: [100, 89_999], result: [1, 99_899] },
    render: ([first, second]) => ({
      statement: `Uma cidade tem ${qty(first.a, N.habitante)}. Desses, ${thousands(first.b)} ${conj(VERBS.mora, first.b)} na zona rural e ${thousands(second.b)} ${conj(VERBS.mora, second.b)} no centro. Todos os outros moram nos bairros.`,
      question: `${capitalize(howMany(N.habitante))} moram nos bairros?`,
      answer: `${capitalize(qty(second.result, N.habitante))} ${conj(VERBS.mora, second.result)} nos bairros.`,
    }),
  }),
];

/** (−, +): something goes, then something comes. */
const SUB_ADD: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.onibus-desceram-subiram',
    context: 'transporte',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [5, 80], b: [1, 60], result: [1, 79] },
    next: (random, first) => plus(random, first.result, [1, Math.max(1, Math.min(30, 80 - first.result))]),
    nextRanges: { a: [1, 79], b: [1, 30], result: [2, 80] },
    render: ([first, second]) => ({
      statement: `Um ônibus saiu do terminal com ${qty(first.a, N.passageiro)}. No primeiro ponto, ${conj(VERBS.desceu, first.b)} ${qty(first.b, N.passageiro)} e ${conj(VERBS.subiu, second.b)} ${thousands(second.b)}.`,
      question: `${capitalize(howMany(N.passageiro))} seguiram viagem depois desse ponto?`,
      answer: `${capitalize(qty(second.result, N.passageiro))} ${conj(VERBS.seguiu, second.result)} viagem.`,
    }),
  }),
  T2({
    id: 'duas-etapas.figurinhas-deu-ganhou',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [5, 700], b: [1, 500], result: [1, 699] },
    next: (random, first) => plus(random, first.result, [2, 30]),
    nextRanges: { a: [1, 699], b: [2, 30], result: [3, 729] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${qty(first.a, N.figurinha)}. Deu ${thousands(first.b)} para um colega da turma e depois ganhou ${thousands(second.b)} em um jogo de bafo.`,
      question: `Com ${howMany(N.figurinha)} ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(second.result, N.figurinha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.mesada-gastou-ganhou',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [3, 300], b: [1, 299], result: [1, 299] },
    next: (random, first) => plus(random, first.result, [2, 50]),
    nextRanges: { a: [1, 299], b: [2, 50], result: [3, 349] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${money(first.a)}. Gastou ${money(first.b)} em um brinquedo e depois ganhou ${money(second.b)} ${fromHis(cast.relative)}.`,
      question: `Com quanto ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${money(second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.escola-sairam-chegaram',
    context: 'escola',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [100, 2_000], b: [1, 300], result: [50, 1_999] },
    next: (random, first) => plus(random, first.result, [1, 300]),
    nextRanges: { a: [50, 1_999], b: [1, 300], result: [51, 2_299] },
    render: ([first, second]) => ({
      statement: `No começo do ano, uma escola tinha ${qty(first.a, N.aluno)}. Durante o ano, ${conj(VERBS.saiu, first.b)} ${qty(first.b, N.aluno)} e ${conj(VERBS.chegou, second.b)} ${qty(second.b, N.aluno)} ${agree(NEW, 'm', second.b)}.`,
      question: `Com ${howMany(N.aluno)} a escola terminou o ano?`,
      answer: `A escola terminou o ano com ${qty(second.result, N.aluno)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.biblioteca-doou-comprou',
    context: 'biblioteca',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [500, 99_999], b: [10, 99_999], result: [100, 99_999] },
    next: (random, first) => plus(random, first.result, [10, 5_000]),
    nextRanges: { a: [100, 99_999], b: [10, 5_000], result: [110, 104_999] },
    render: ([first, second]) => ({
      statement: `A biblioteca da cidade tinha ${qty(first.a, N.livro)}. Doou ${qty(first.b, N.livro)} para as escolas do bairro e depois comprou ${qty(second.b, N.livro)} ${agree(NEW, 'm', second.b)}.`,
      question: `${capitalize(howMany(N.livro))} a biblioteca tem agora?`,
      answer: `A biblioteca tem ${qty(second.result, N.livro)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.turistas-feriado',
    context: 'cidade',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [1_000, 99_999], b: [100, 99_999], result: [100, 99_999] },
    next: (random, first) => plus(random, first.result, [100, 20_000]),
    nextRanges: { a: [100, 99_999], b: [100, 20_000], result: [200, 119_999] },
    render: ([first, second]) => ({
      statement: `No feriado, uma cidade de praia recebeu ${qty(first.a, N.turista)}. No domingo à tarde, ${qty(first.b, N.turista)} ${conj(VERBS.foi, first.b)} embora e, à noite, ${conj(VERBS.chegou, second.b)} mais ${thousands(second.b)}.`,
      question: `${capitalize(howMany(N.turista))} estavam na cidade no domingo à noite?`,
      answer: `No domingo à noite, ${conj(VERBS.estava, second.result)} na cidade ${qty(second.result, N.turista)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.fabrica-parafusos-estoque',
    context: 'fábrica',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [1_000, 99_999], b: [100, 99_999], result: [100, 99_999] },
    next: (random, first) =>
      plus(random, first.result, [Math.max(100, Math.ceil(first.a / 10)), Math.min(50_000, first.a)]),
    nextRanges: { a: [100, 99_999], b: [100, 50_000], result: [200, 149_999] },
    render: ([first, second]) => ({
      statement: `Uma fábrica tinha ${qty(first.a, N.parafuso)} no estoque. Vendeu ${qty(first.b, N.parafuso)} para uma loja de construção e depois fabricou mais ${thousands(second.b)}.`,
      question: `${capitalize(howMany(N.parafuso))} a fábrica tem agora no estoque?`,
      answer: `A fábrica tem ${qty(second.result, N.parafuso)} no estoque.`,
    }),
  }),
];

/** (−, ÷): what is left is shared exactly. */
const SUB_DIV: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.figurinhas-guardou-repartiu',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'sub', kind: 'separar' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [6, 700], b: [1, 600], result: [4, 699] },
    next: (random, first) => split(random, first.result, [2, 9]),
    nextRanges: { a: [4, 699], b: [2, 9], result: [2, 349] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tinha ${qty(first.a, N.figurinha)} repetidas. Guardou ${thousands(first.b)} para trocar na escola e vai repartir as outras igualmente entre ${qty(second.b, N.primo)}.`,
      question: `${capitalize(howMany(N.figurinha))} cada primo vai receber?`,
      answer: `Cada primo vai receber ${qty(second.result, N.figurinha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.bombons-comeu-repartiu',
    context: 'lanche',
    people: 1,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [6, 60], b: [1, 50], result: [4, 59] },
    next: (random, first) => split(random, first.result, [2, 9]),
    nextRanges: { a: [4, 59], b: [2, 9], result: [2, 29] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} ganhou uma caixa com ${qty(first.a, N.bombom)}. Comeu ${thousands(first.b)} e vai repartir os outros igualmente entre ${qty(second.b, N.amigo)}.`,
      question: `${capitalize(howMany(N.bombom))} cada amigo vai ganhar?`,
      answer: `Cada amigo vai ganhar ${qty(second.result, N.bombom)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.festa-junina-turmas',
    context: 'festa junina',
    people: 0,
    money: true,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [100, 8_000], b: [10, 7_000], result: [20, 7_990] },
    next: (random, first) => split(random, first.result, [2, 12]),
    nextRanges: { a: [20, 7_990], b: [2, 12], result: [2, 3_995] },
    render: ([first, second]) => ({
      statement: `A festa junina da escola arrecadou ${money(first.a)}. A escola gastou ${money(first.b)} com a decoração, e o resto vai ser repartido igualmente entre ${qty(second.b, N.turma)}.`,
      question: `Quanto cada turma vai receber?`,
      answer: `Cada turma vai receber ${money(second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.leite-queijo-caminhoes',
    context: 'fazenda',
    people: 0,
    steps: [
      { op: 'sub', kind: 'retirar' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [1_000, 99_999], b: [100, 99_999], result: [2_000, 99_999] },
    next: (random, first) => split(random, first.result, [2, 20], [], 1_000),
    nextRanges: { a: [2_000, 99_999], b: [2, 20], result: [1_000, 49_999] },
    render: ([first, second]) => ({
      statement: `Uma cooperativa recolheu ${qty(first.a, N.litro)} de leite em uma semana. Usou ${qty(first.b, N.litro)} para fazer queijo, e o resto vai ser levado em ${qty(second.b, N.caminhao)}, todos com a mesma quantidade.`,
      question: `${capitalize(howMany(N.litro))} de leite vai levar cada caminhão?`,
      answer: `Cada caminhão vai levar ${qty(second.result, N.litro)} de leite.`,
    }),
  }),
];

/** (+, ÷): two amounts joined, then shared exactly. */
const ADD_DIV: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.figurinhas-juntaram-repartiram',
    context: 'figurinhas',
    people: 2,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [2, 300], b: [2, 300], result: [4, 600] },
    next: (random, first) => split(random, first.result, [2, 9]),
    nextRanges: { a: [4, 600], b: [2, 9], result: [2, 300] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tem ${qty(first.a, N.figurinha)} repetidas e ${two(cast).name} tem ${thousands(first.b)}. ${capitalize(pronoun(cast.people))} vão juntar essas figurinhas e repartir tudo igualmente entre ${qty(second.b, N.colega)} da turma.`,
      question: `${capitalize(howMany(N.figurinha))} cada colega vai receber?`,
      answer: `Cada colega vai receber ${qty(second.result, N.figurinha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.festa-junina-barracas-turmas',
    context: 'festa junina',
    people: 0,
    money: true,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [20, 4_000], b: [20, 4_000], result: [40, 8_000] },
    next: (random, first) => split(random, first.result, [2, 12]),
    nextRanges: { a: [40, 8_000], b: [2, 12], result: [2, 4_000] },
    render: ([first, second]) => ({
      statement: `Na festa junina, a barraca de pastel arrecadou ${money(first.a)} e a da pescaria, ${money(first.b)}. Todo esse dinheiro vai ser repartido igualmente entre ${qty(second.b, N.turma)}.`,
      question: `Quanto cada turma vai receber?`,
      answer: `Cada turma vai receber ${money(second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.colheita-caixas',
    context: 'sítio',
    people: 1,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [10, 999], b: [10, 999], result: [20, 1_998] },
    next: (random, first) => split(random, first.result, [Math.ceil(first.result / 200), 50], [], 10),
    nextRanges: { a: [20, 1_998], b: [2, 50], result: [10, 200] },
    render: ([first, second], cast) => ({
      statement: `No sítio, ${one(cast).name} e ${theirRelative(cast.relative)} colheram ${qty(first.a, N.laranja)} de manhã e ${thousands(first.b)} à tarde. Vão guardar todas em ${qty(second.b, N.caixa)}, com a mesma quantidade em cada uma.`,
      question: `${capitalize(howMany(N.laranja))} vão em cada caixa?`,
      answer: `Em cada caixa ${conj(VERBS.vai, second.result)} ${qty(second.result, N.laranja)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.campanha-alimentos-entidades',
    context: 'arrecadação',
    people: 0,
    steps: [
      { op: 'add', kind: 'juntar' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [1_000, 99_999], b: [1_000, 99_999], result: [2_000, 199_998] },
    next: (random, first) => split(random, first.result, [2, 50]),
    nextRanges: { a: [2_000, 199_998], b: [2, 50], result: [40, 99_999] },
    render: ([first, second]) => ({
      statement: `A campanha de alimentos da cidade arrecadou ${qty(first.a, N.quilo)} de alimentos em maio e ${thousands(first.b)} em junho. Tudo vai ser repartido igualmente entre ${qty(second.b, N.entidade)}.`,
      question: `${capitalize(howMany(N.quilo))} de alimentos cada entidade vai receber?`,
      answer: `Cada entidade vai receber ${qty(second.result, N.quilo)} de alimentos.`,
    }),
  }),
];

/** (×, +): equal groups and some more (pacotes e avulsas, a conta de compras, what was left over). */
const MULT_ADD: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.figurinhas-pacotes-avulsas',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [4, 10], b: [2, 20], result: [8, 200] },
    next: (random, first) => plus(random, first.result, [1, 20]),
    nextRanges: { a: [4, 200], b: [1, 20], result: [5, 220] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} comprou ${qty(first.b, N.pacote)} com ${qty(first.a, N.figurinha)} ${eachOne(N.pacote)} e ganhou mais ${qty(second.b, N.figurinha)} ${agree(LOOSE, 'f', second.b)} ${fromHis(cast.relative)}.`,
      question: `Com ${howMany(N.figurinha)} novas ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(second.result, N.figurinha)} ${agree(NEW, 'f', second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.cadernos-e-mochila',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [3, 40], b: [2, 10], result: [6, 400] },
    next: (random, first) => plus(random, first.result, [30, 150]),
    nextRanges: { a: [6, 400], b: [30, 150], result: [34, 550] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} comprou ${qty(first.b, N.caderno)} de ${money(first.a)} cada um e uma mochila de ${money(second.b)}.`,
      question: `Quanto ${pronoun(cast.people)} gastou ao todo?`,
      answer: `${one(cast).name} gastou ${money(second.result)} ao todo.`,
    }),
  }),
  T2({
    id: 'duas-etapas.lapis-caixas-avulsos',
    context: 'sala de aula',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [6, 48], b: [2, 50], result: [12, 2_400] },
    next: (random, first) => plus(random, first.result, [2, 30]),
    nextRanges: { a: [12, 2_400], b: [2, 30], result: [14, 2_430] },
    render: ([first, second]) => ({
      statement: `Para o começo das aulas, a escola comprou ${qty(first.b, N.caixa)} com ${qty(first.a, N.lapis)} ${eachOne(N.caixa)} e mais ${qty(second.b, N.lapis)} ${agree(LOOSE, 'm', second.b)}.`,
      question: `${capitalize(howMany(N.lapis))} a escola comprou?`,
      answer: `A escola comprou ${qty(second.result, N.lapis)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.saquinhos-de-balas-sobraram',
    context: 'lanche',
    people: 1,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [2, 20], b: [2, 30], result: [4, 600] },
    next: (random, first) => plus(random, first.result, [1, first.a - 1]),
    nextRanges: { a: [4, 600], b: [1, 19], result: [5, 619] },
    render: ([first, second], cast) => ({
      statement: `Para a festa, ${one(cast).name} montou ${qty(first.b, N.saquinho)} com ${qty(first.a, N.bala)} ${eachOne(N.saquinho)}, e ainda ${conj(VERBS.sobrou, second.b)} ${qty(second.b, N.bala)}.`,
      question: `${capitalize(howMany(N.bala))} ${pronoun(cast.people)} tinha antes de montar os saquinhos?`,
      answer: `${one(cast).name} tinha ${qty(second.result, N.bala)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.auditorio-cadeiras-extras',
    context: 'escola',
    people: 0,
    steps: [
      { op: 'mult', kind: 'disposicao-retangular' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [8, 40], b: [3, 30], result: [24, 1_200] },
    next: (random, first) => plus(random, first.result, [2, Math.min(60, Math.floor(first.result / 2))]),
    nextRanges: { a: [24, 1_200], b: [2, 60], result: [18, 1_260] },
    render: ([first, second]) => ({
      statement: `O auditório da escola tem ${qty(first.b, N.fileira)} com ${qty(first.a, N.cadeira)} ${eachOne(N.fileira)}. Para a formatura, ${conj(VERBS.foi, second.b)} ${agree(PLACED, 'f', second.b)} mais ${qty(second.b, N.cadeira)} no corredor.`,
      question: `${capitalize(howMany(N.cadeira))} há no auditório no dia da formatura?`,
      answer: `No dia da formatura, há ${qty(second.result, N.cadeira)} no auditório.`,
    }),
  }),
  T2({
    id: 'duas-etapas.fabrica-caixas-sobraram',
    context: 'fábrica',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [10, 999], b: [2, 99], result: [20, 98_901] },
    next: (random, first) => plus(random, first.result, [1, first.a - 1]),
    nextRanges: { a: [20, 98_901], b: [1, 998], result: [21, 99_899] },
    render: ([first, second]) => ({
      statement: `Uma fábrica encheu ${qty(first.b, N.caixa)} com ${qty(first.a, N.parafuso)} ${eachOne(N.caixa)}, e ${conj(VERBS.sobrou, second.b)} ${qty(second.b, N.parafuso)} fora das caixas.`,
      question: `${capitalize(howMany(N.parafuso))} a fábrica tinha para encaixotar?`,
      answer: `A fábrica tinha ${qty(second.result, N.parafuso)} para encaixotar.`,
    }),
  }),
  T2({
    id: 'duas-etapas.estadio-setores-camarotes',
    context: 'estádio',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [100, 999], b: [10, 99], result: [5_000, 80_000] },
    next: (random, first) => plus(random, first.result, [100, 3_000]),
    nextRanges: { a: [5_000, 80_000], b: [100, 3_000], result: [5_100, 83_000] },
    render: ([first, second]) => ({
      statement: `O estádio da cidade tem ${qty(first.b, N.setor)} com ${qty(first.a, N.lugar)} em cada um e mais ${qty(second.b, N.lugar)} nos camarotes.`,
      question: `${capitalize(howMany(N.lugar))} tem o estádio ao todo?`,
      answer: `O estádio tem ${qty(second.result, N.lugar)} ao todo.`,
    }),
  }),
  T2({
    id: 'duas-etapas.prefeitura-carteiras-frete',
    context: 'cidade',
    people: 0,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'add', kind: 'juntar' },
    ],
    ranges: { a: [100, 999], b: [10, 99], result: [1_000, 98_901] },
    next: (random, first) => plus(random, first.result, [100, 3_000]),
    nextRanges: { a: [1_000, 98_901], b: [100, 3_000], result: [1_100, 101_901] },
    render: ([first, second]) => ({
      statement: `A prefeitura comprou ${qty(first.b, N.carteira)} escolares de ${money(first.a)} cada uma e pagou mais ${money(second.b)} pelo frete.`,
      question: `Quanto a prefeitura gastou ao todo?`,
      answer: `A prefeitura gastou ${money(second.result)} ao todo.`,
    }),
  }),
];

/** Banknotes a child pays with (a note of more than four times the bill is not what anyone hands over). */
const NOTES = [10, 20, 50, 100, 200];
const noteFor = (random: Random, bill: number): Problem | null => {
  const notes = NOTES.filter((note) => note > bill && note <= bill * 4);
  return notes.length === 0 ? null : solve('sub', { a: random.pick(notes), b: bill });
};

/** (×, −): equal groups, then what is paid, spent, used or still missing. */
const MULT_SUB: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.troco',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [3, 30], b: [2, 6], result: [6, 180] },
    next: (random, first) => noteFor(random, first.result),
    nextRanges: { a: [10, 200], b: [6, 180], result: [1, 194] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} comprou ${qty(first.b, N.caderno)} de ${money(first.a)} cada um e pagou com uma nota de ${money(second.a)}.`,
      question: `Quanto ${pronoun(cast.people)} recebeu de troco?`,
      answer: `${one(cast).name} recebeu ${money(second.result)} de troco.`,
    }),
  }),
  T2({
    id: 'duas-etapas.ingressos-troco',
    context: 'passeio da escola',
    people: 1,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [5, 60], b: [2, 6], result: [10, 199] },
    next: (random, first) => noteFor(random, first.result),
    nextRanges: { a: [20, 200], b: [10, 199], result: [1, 190] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} comprou ${qty(first.b, N.ingresso)} para o teatro, de ${money(first.a)} cada um, e pagou com uma nota de ${money(second.a)}.`,
      question: `Quanto ${pronoun(cast.people)} recebeu de troco?`,
      answer: `${one(cast).name} recebeu ${money(second.result)} de troco.`,
    }),
  }),
  T2({
    id: 'duas-etapas.livros-falta-dinheiro',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [5, 80], b: [2, 10], result: [10, 800] },
    next: (random, first) => minus(random, first.result, share(first.result, 1)),
    nextRanges: { a: [10, 800], b: [1, 799], result: [1, 799] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} quer comprar ${qty(first.b, N.livro)} de ${money(first.a)} cada um. ${capitalize(pronoun(cast.people))} já tem ${money(second.b)}.`,
      question: `Quanto ainda falta para ${pronoun(cast.people)} comprar os livros?`,
      answer: `${capitalize(moneyVerb(VERBS.falta, second.result))} ${money(second.result)} para ${one(cast).name} comprar os livros.`,
    }),
  }),
  T2({
    id: 'duas-etapas.figurinhas-falta-colar',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [4, 10], b: [2, 20], result: [8, 200] },
    next: (random, first) => minus(random, first.result, share(first.result, 1)),
    nextRanges: { a: [4, 200], b: [1, 199], result: [1, 199] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} comprou ${qty(first.b, N.pacote)} com ${qty(first.a, N.figurinha)} ${eachOne(N.pacote)} e já colou ${thousands(second.b)} dessas figurinhas no álbum.`,
      question: `${capitalize(howMany(N.figurinha))} ainda não foram coladas?`,
      answer: `${capitalize(qty(second.result, N.figurinha))} ainda não ${conj(VERBS.foi, second.result)} ${agree(GLUED, 'f', second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.cantina-bandejas',
    context: 'lanche',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [6, 40], b: [2, 10], result: [12, 400] },
    next: (random, first) => minus(random, first.result, share(first.result, 1)),
    nextRanges: { a: [12, 400], b: [1, 399], result: [1, 399] },
    render: ([first, second]) => ({
      statement: `A cantina da escola assou ${qty(first.b, N.bandeja)} com ${qty(first.a, N.paoDeQueijo)} em ${eachOne(N.bandeja)}. No recreio, os alunos comeram ${qty(second.b, N.paoDeQueijo)}.`,
      question: `${capitalize(howMany(N.paoDeQueijo))} sobraram?`,
      answer: `${capitalize(conj(VERBS.sobrou, second.result))} ${qty(second.result, N.paoDeQueijo)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.passagens-falta-dinheiro',
    context: 'transporte',
    people: 1,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [20, 300], b: [2, 6], result: [40, 1_800] },
    next: (random, first) => minus(random, first.result, share(first.result, 10)),
    nextRanges: { a: [40, 1_800], b: [10, 1_620], result: [1, 1_790] },
    render: ([first, second], cast) => ({
      statement: `A família de ${one(cast).name} vai viajar de ônibus e precisa de ${qty(first.b, N.passagem)} de ${money(first.a)} cada uma. A família já juntou ${money(second.b)}.`,
      question: `Quanto ainda falta para comprar as passagens?`,
      answer: `${capitalize(moneyVerb(VERBS.falta, second.result))} ${money(second.result)} para comprar as passagens.`,
    }),
  }),
  T2({
    id: 'duas-etapas.fabrica-entrega-pecas',
    context: 'fábrica',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [10, 999], b: [2, 99], result: [20, 98_901] },
    next: (random, first) => minus(random, first.result, share(first.result, 5)),
    nextRanges: { a: [20, 98_901], b: [5, 89_010], result: [1, 98_896] },
    render: ([first, second]) => ({
      statement: `Uma fábrica precisa entregar ${qty(first.b, N.caixa)} com ${qty(first.a, N.peca)} ${eachOne(N.caixa)}. Até agora, já entregou ${qty(second.b, N.peca)}.`,
      question: `${capitalize(howMany(N.peca))} ainda não foram entregues?`,
      answer: `${capitalize(qty(second.result, N.peca))} ainda não ${conj(VERBS.foi, second.result)} ${agree(DELIVERED, 'f', second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.estadio-setores-vendidos',
    context: 'estádio',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [100, 999], b: [10, 99], result: [5_000, 80_000] },
    next: (random, first) => minus(random, first.result, share(first.result, 500)),
    nextRanges: { a: [5_000, 80_000], b: [500, 72_000], result: [1, 79_500] },
    render: ([first, second]) => ({
      statement: `O estádio da cidade tem ${qty(first.b, N.setor)} com ${qty(first.a, N.lugar)} em cada um. Para a final, já ${conj(VERBS.foi, second.b)} ${agree(SOLD, 'm', second.b)} ${qty(second.b, N.ingresso)}.`,
      question: `${capitalize(howMany(N.ingresso))} ainda podem ser vendidos?`,
      answer: `Ainda ${conj(VERBS.pode, second.result)} ser ${agree(SOLD, 'm', second.result)} ${qty(second.result, N.ingresso)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.escola-de-samba-fantasias',
    context: 'cidade',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'sub', kind: 'completar' },
    ],
    ranges: { a: [60, 200], b: [10, 40], result: [600, 8_000] },
    next: (random, first) => minus(random, first.result, share(first.result, 50)),
    nextRanges: { a: [600, 8_000], b: [60, 7_200], result: [1, 7_940] },
    render: ([first, second]) => ({
      statement: `Uma escola de samba vai desfilar com ${qty(first.b, N.ala)} de ${qty(first.a, N.integrante)} cada uma, e cada integrante vai usar uma fantasia. O barracão da escola já terminou ${qty(second.b, N.fantasia)}.`,
      question: `${capitalize(howMany(N.fantasia))} o barracão ainda precisa terminar?`,
      answer: `O barracão ainda precisa terminar ${qty(second.result, N.fantasia)}.`,
    }),
  }),
];

/** (×, ×): groups of groups (caixas de pacotes de…), or equal groups repeated. */
const MULT_MULT: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.banca-caixas-de-pacotes',
    context: 'figurinhas',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'parcelas-iguais' },
    ],
    ranges: { a: [4, 10], b: [2, 50], result: [8, 500] },
    next: (random, first) => times(random, first.result, [2, 20]),
    nextRanges: { a: [8, 500], b: [2, 20], result: [8, 10_000] },
    render: ([first, second]) => ({
      statement: `Uma banca de jornal recebeu ${qty(second.b, N.caixa)} de figurinhas. Cada caixa tem ${qty(first.b, N.pacote)}, e cada pacote tem ${qty(first.a, N.figurinha)}.`,
      question: `${capitalize(howMany(N.figurinha))} a banca recebeu?`,
      answer: `A banca recebeu ${qty(second.result, N.figurinha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.horta-canteiros-fileiras',
    context: 'horta',
    people: 0,
    steps: [
      { op: 'mult', kind: 'disposicao-retangular' },
      { op: 'mult', kind: 'parcelas-iguais' },
    ],
    ranges: { a: [2, 20], b: [2, 10], result: [4, 200] },
    next: (random, first) => times(random, first.result, [2, 8]),
    nextRanges: { a: [4, 200], b: [2, 8], result: [8, 1_600] },
    render: ([first, second]) => ({
      statement: `A horta da escola tem ${qty(second.b, N.canteiro)}. Em cada canteiro, há ${qty(first.b, N.fileira)} com ${qty(first.a, N.peDeAlface)} ${eachOne(N.fileira)}.`,
      question: `${capitalize(howMany(N.peDeAlface))} há na horta?`,
      answer: `Há ${qty(second.result, N.peDeAlface)} na horta.`,
    }),
  }),
  T2({
    id: 'duas-etapas.teatro-setores-fileiras',
    context: 'passeio da escola',
    people: 0,
    steps: [
      { op: 'mult', kind: 'disposicao-retangular' },
      { op: 'mult', kind: 'parcelas-iguais' },
    ],
    ranges: { a: [5, 40], b: [2, 30], result: [20, 1_200] },
    next: (random, first) => times(random, first.result, [2, 6]),
    nextRanges: { a: [20, 1_200], b: [2, 6], result: [40, 7_200] },
    render: ([first, second]) => ({
      statement: `O teatro que a turma vai visitar tem ${qty(second.b, N.setor)}. Cada setor tem ${qty(first.b, N.fileira)} com ${qty(first.a, N.poltrona)} ${eachOne(N.fileira)}.`,
      question: `${capitalize(howMany(N.poltrona))} tem o teatro?`,
      answer: `O teatro tem ${qty(second.result, N.poltrona)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.galinheiro-caixas-de-ovos',
    context: 'sítio',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [6, 30], b: [2, 10], result: [12, 300] },
    // Egg boxes hold 6, 10, 12, 20 or 30 eggs.
    when: (conta) => [6, 10, 12, 20, 30].includes(conta.a),
    next: (random, first) => times(random, first.result, [2, 7]),
    nextRanges: { a: [12, 300], b: [2, 7], result: [24, 2_100] },
    render: ([first, second]) => ({
      statement: `No galinheiro de um sítio, as galinhas botam ovos para encher ${qty(first.b, N.caixa)} por dia, com ${qty(first.a, N.ovo)} em cada caixa.`,
      question: `${capitalize(howMany(N.ovo))} as galinhas botam em ${qty(second.b, N.dia)}?`,
      answer: `Em ${qty(second.b, N.dia)}, as galinhas botam ${qty(second.result, N.ovo)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.lapis-caixas-de-pacotes',
    context: 'sala de aula',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'parcelas-iguais' },
    ],
    ranges: { a: [6, 24], b: [2, 20], result: [12, 480] },
    next: (random, first) => times(random, first.result, [2, 20]),
    nextRanges: { a: [12, 480], b: [2, 20], result: [24, 9_600] },
    render: ([first, second]) => ({
      statement: `Para o ano todo, a escola comprou ${qty(second.b, N.caixa)} de lápis de cor. Cada caixa tem ${qty(first.b, N.pacote)}, e cada pacote tem ${qty(first.a, N.lapis)}.`,
      question: `${capitalize(howMany(N.lapis))} a escola comprou?`,
      answer: `A escola comprou ${qty(second.result, N.lapis)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.parque-ingressos-familia',
    context: 'passeio da escola',
    people: 0,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [5, 80], b: [2, 6], result: [10, 480] },
    next: (random, first) => times(random, first.result, [2, 5]),
    nextRanges: { a: [10, 480], b: [2, 5], result: [20, 2_400] },
    render: ([first, second]) => ({
      statement: `O ingresso do parque aquático custa ${money(first.a)}. Nas férias, uma família foi ao parque ${qty(second.b, N.vez)} e, em cada vez, comprou ${qty(first.b, N.ingresso)}.`,
      question: `Quanto a família gastou com os ingressos?`,
      answer: `A família gastou ${money(second.result)} com os ingressos.`,
    }),
  }),
  T2({
    id: 'duas-etapas.maquina-caixas-por-hora',
    context: 'fábrica',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [10, 999], b: [2, 99], result: [20, 98_901] },
    next: (random, first) => times(random, first.result, [2, 8]),
    nextRanges: { a: [20, 98_901], b: [2, 8], result: [40, 791_208] },
    render: ([first, second]) => ({
      statement: `Em uma fábrica, uma máquina enche ${qty(first.b, N.caixa)} de parafusos por hora, com ${qty(first.a, N.parafuso)} em cada caixa.`,
      question: `${capitalize(howMany(N.parafuso))} a máquina embala em ${qty(second.b, N.hora)}?`,
      answer: `Em ${qty(second.b, N.hora)}, a máquina embala ${qty(second.result, N.parafuso)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.estadio-lotado-partidas',
    context: 'estádio',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [100, 999], b: [10, 99], result: [5_000, 80_000] },
    next: (random, first) => times(random, first.result, [2, 10]),
    nextRanges: { a: [5_000, 80_000], b: [2, 10], result: [10_000, 800_000] },
    render: ([first, second]) => ({
      statement: `O estádio da cidade tem ${qty(first.b, N.setor)} com ${qty(first.a, N.lugar)} em cada um. No campeonato, o time da cidade jogou ${qty(second.b, N.partida)} em casa, sempre com o estádio lotado.`,
      question: `${capitalize(howMany(N.torcedor))} foram ao estádio nessas partidas?`,
      answer: `${capitalize(qty(second.result, N.torcedor))} ${conj(VERBS.foi, second.result)} ao estádio nessas partidas.`,
    }),
  }),
  T2({
    id: 'duas-etapas.metro-viagens-por-dia',
    context: 'transporte',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [100, 999], b: [10, 99], result: [1_000, 98_901] },
    next: (random, first) => times(random, first.result, [2, 7]),
    nextRanges: { a: [1_000, 98_901], b: [2, 7], result: [2_000, 692_307] },
    render: ([first, second]) => ({
      statement: `Um trem do metrô faz ${qty(first.b, N.viagem)} por dia e leva ${qty(first.a, N.passageiro)} em cada viagem.`,
      question: `${capitalize(howMany(N.passageiro))} esse trem leva em ${qty(second.b, N.dia)}?`,
      answer: `Em ${qty(second.b, N.dia)}, o trem leva ${qty(second.result, N.passageiro)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.biblioteca-estantes',
    context: 'biblioteca',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'parcelas-iguais' },
    ],
    ranges: { a: [10, 60], b: [2, 8], result: [20, 480] },
    next: (random, first) => times(random, first.result, [2, 20]),
    nextRanges: { a: [20, 480], b: [2, 20], result: [40, 9_600] },
    render: ([first, second]) => ({
      statement: `A biblioteca da escola tem ${qty(second.b, N.estante)}. Cada estante tem ${qty(first.b, N.prateleira)} com ${qty(first.a, N.livro)} ${eachOne(N.prateleira)}.`,
      question: `${capitalize(howMany(N.livro))} há nas estantes da biblioteca?`,
      answer: `Há ${qty(second.result, N.livro)} nas estantes da biblioteca.`,
    }),
  }),
  T2({
    id: 'duas-etapas.pomar-laranjeiras',
    context: 'sítio',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'disposicao-retangular' },
    ],
    ranges: { a: [10, 99], b: [3, 20], result: [30, 1_980] },
    next: (random, first) => times(random, first.result, [2, 10]),
    nextRanges: { a: [30, 1_980], b: [2, 10], result: [60, 19_800] },
    render: ([first, second]) => ({
      statement: `O pomar de um sítio tem ${qty(second.b, N.fileira)} com ${qty(first.b, N.laranjeira)} ${eachOne(N.fileira)}. Nesta semana, o sitiante colheu ${qty(first.a, N.laranja)} de cada laranjeira.`,
      question: `${capitalize(howMany(N.laranja))} o sitiante colheu no pomar nesta semana?`,
      answer: `O pomar deu ${qty(second.result, N.laranja)} nesta colheita.`,
    }),
  }),
  T2({
    id: 'duas-etapas.caminhoes-de-suco-semanas',
    context: 'estrada',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [100, 999], b: [10, 99], result: [1_000, 98_901] },
    next: (random, first) => times(random, first.result, [2, 4]),
    nextRanges: { a: [1_000, 98_901], b: [2, 4], result: [2_000, 395_604] },
    render: ([first, second]) => ({
      statement: `Uma fábrica de sucos manda ${qty(first.b, N.caminhao)} por semana para os mercados da região. Cada caminhão leva ${qty(first.a, N.caixa)} de suco.`,
      question: `${capitalize(howMany(N.caixa))} de suco a fábrica manda em ${qty(second.b, N.semana)}?`,
      answer: `Em ${qty(second.b, N.semana)}, a fábrica manda ${qty(second.result, N.caixa)} de suco.`,
    }),
  }),
  T2({
    id: 'duas-etapas.reflorestamento-areas',
    context: 'cidade',
    people: 0,
    steps: [
      { op: 'mult', kind: 'disposicao-retangular' },
      { op: 'mult', kind: 'parcelas-iguais' },
    ],
    ranges: { a: [100, 999], b: [10, 99], result: [1_000, 98_901] },
    next: (random, first) => times(random, first.result, [2, 9]),
    nextRanges: { a: [1_000, 98_901], b: [2, 9], result: [2_000, 890_109] },
    render: ([first, second]) => ({
      statement: `Um projeto de reflorestamento plantou árvores em ${qty(second.b, N.area)} iguais. Em cada área, plantou ${qty(first.b, N.fileira)} com ${qty(first.a, N.muda)} ${eachOne(N.fileira)}.`,
      question: `${capitalize(howMany(N.muda))} o projeto plantou?`,
      answer: `O projeto plantou ${qty(second.result, N.muda)}.`,
    }),
  }),
];

/** (×, ÷): equal groups put together, then shared exactly. */
const MULT_DIV: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.balas-pacotes-grupos',
    context: 'sala de aula',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [5, 50], b: [2, 10], result: [10, 500] },
    next: (random, first) => split(random, first.result, [2, 10], [first.a, first.b]),
    nextRanges: { a: [10, 500], b: [2, 10], result: [2, 250] },
    render: ([first, second]) => ({
      statement: `A professora comprou ${qty(first.b, N.pacote)} com ${qty(first.a, N.bala)} ${eachOne(N.pacote)} e vai repartir todas as balas igualmente entre ${qty(second.b, N.grupo)} da turma.`,
      question: `${capitalize(howMany(N.bala))} cada grupo vai receber?`,
      answer: `Cada grupo vai receber ${qty(second.result, N.bala)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.pizzas-dividiram-a-conta',
    context: 'lanche',
    people: 0,
    money: true,
    steps: [
      { op: 'mult', kind: 'proporcionalidade' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [20, 80], b: [2, 6], result: [40, 480] },
    next: (random, first) => split(random, first.result, [3, 12], [first.b]),
    nextRanges: { a: [40, 480], b: [3, 12], result: [4, 160] },
    render: ([first, second]) => ({
      statement: `Um grupo de ${qty(second.b, N.amigo)} pediu ${qty(first.b, N.pizza)} de ${money(first.a)} cada uma e dividiu a conta igualmente.`,
      question: `Quanto cada amigo pagou?`,
      answer: `Cada amigo pagou ${money(second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.fabrica-pecas-caminhoes',
    context: 'fábrica',
    people: 0,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [10, 999], b: [2, 99], result: [1_000, 98_901] },
    next: (random, first) => split(random, first.result, [2, 20], [first.a, first.b], 500),
    nextRanges: { a: [1_000, 98_901], b: [2, 20], result: [500, 49_450] },
    render: ([first, second]) => ({
      statement: `Uma fábrica produziu ${qty(first.b, N.caixa)} com ${qty(first.a, N.peca)} ${eachOne(N.caixa)}. Todas as peças vão ser levadas em ${qty(second.b, N.caminhao)}, com a mesma quantidade em cada um.`,
      question: `${capitalize(howMany(N.peca))} vai levar cada caminhão?`,
      answer: `Cada caminhão vai levar ${qty(second.result, N.peca)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.figurinhas-paginas-do-album',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'mult', kind: 'parcelas-iguais' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [4, 10], b: [2, 20], result: [8, 200] },
    next: (random, first) => split(random, first.result, [2, 12], [first.a, first.b]),
    nextRanges: { a: [4, 200], b: [2, 12], result: [2, 100] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} comprou ${qty(first.b, N.pacote)} com ${qty(first.a, N.figurinha)} ${eachOne(N.pacote)}. Vai colar todas no álbum, o mesmo número em cada uma de ${qty(second.b, N.pagina)}.`,
      question: `${capitalize(howMany(N.figurinha))} vão em cada página?`,
      answer: `Em cada página ${conj(VERBS.vai, second.result)} ${qty(second.result, N.figurinha)}.`,
    }),
  }),
];

/** (÷, +): shared, then each part grows. */
const DIV_ADD: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.avo-repartiu-cofrinho',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [4, 300], b: [2, 9], result: [2, 100] },
    when: exact,
    next: (random, first) => plus(random, first.result, [1, Math.min(200, Math.max(10, first.result * 3))]),
    nextRanges: { a: [2, 100], b: [1, 200], result: [3, 300] },
    render: ([first, second], cast) => ({
      statement: `A avó de ${one(cast).name} repartiu ${money(first.a)} igualmente entre ${qty(first.b, N.neto)}. ${one(cast).name} já tinha ${money(second.b)} no cofrinho e guardou lá o que ganhou da avó.`,
      question: `Quanto ${pronoun(cast.people)} tem agora no cofrinho?`,
      answer: `${one(cast).name} tem ${money(second.result)} no cofrinho.`,
    }),
  }),
  T2({
    id: 'duas-etapas.lapis-mesas-mais',
    context: 'sala de aula',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [4, 200], b: [2, 10], result: [2, 50] },
    next: (random, first) => plus(random, first.result, [1, 10]),
    nextRanges: { a: [2, 50], b: [1, 10], result: [3, 60] },
    render: ([first, second]) => ({
      statement: `A professora repartiu ${qty(first.a, N.lapis)} igualmente entre ${qty(first.b, N.mesa)} da sala${restGoes(first.remainder, N.lapis, VERBS.ficou, 'na caixa')}. Depois, colocou mais ${qty(second.b, N.lapis)} em cada mesa.`,
      question: `${capitalize(howMany(N.lapis))} ficaram em cada mesa?`,
      answer: `${capitalize(conj(VERBS.ficou, second.result))} ${qty(second.result, N.lapis)} em cada mesa.`,
    }),
  }),
  T2({
    id: 'duas-etapas.figurinhas-professora-repartiu',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [4, 500], b: [2, 9], result: [2, 100] },
    next: (random, first) => plus(random, first.result, [2, 300]),
    nextRanges: { a: [2, 100], b: [2, 300], result: [4, 400] },
    render: ([first, second], cast) => ({
      statement: `A professora repartiu ${qty(first.a, N.figurinha)} igualmente entre ${agree(WORDS.definite, 'm', first.b)} ${qty(first.b, N.aluno)} do grupo de ${one(cast).name}${restGoes(first.remainder, N.figurinha, VERBS.ficou, 'com a professora')}. ${one(cast).name} já tinha ${qty(second.b, N.figurinha)}.`,
      question: `Com ${howMany(N.figurinha)} ${one(cast).name} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(second.result, N.figurinha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.livros-escolas-biblioteca',
    context: 'biblioteca',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [100, 9_999], b: [2, 99], result: [10, 999] },
    next: (random, first) => plus(random, first.result, [100, 5_000]),
    nextRanges: { a: [10, 999], b: [100, 5_000], result: [110, 5_999] },
    render: ([first, second]) => ({
      statement: `A prefeitura repartiu ${qty(first.a, N.livro)} igualmente entre ${qty(first.b, N.escola)}${restGoes(first.remainder, N.livro, VERBS.foi, 'para a biblioteca da cidade')}. A biblioteca de uma dessas escolas já tinha ${qty(second.b, N.livro)}.`,
      question: `Com ${howMany(N.livro)} essa biblioteca ficou?`,
      answer: `Essa biblioteca ficou com ${qty(second.result, N.livro)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.mudas-escolas-arvores',
    context: 'cidade',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'add', kind: 'acrescentar' },
    ],
    ranges: { a: [100, 9_999], b: [2, 99], result: [5, 999] },
    next: (random, first) => plus(random, first.result, [2, 200]),
    nextRanges: { a: [5, 999], b: [2, 200], result: [7, 1_199] },
    render: ([first, second]) => ({
      statement: `Um projeto de reflorestamento repartiu ${qty(first.a, N.muda)} de árvores igualmente entre ${qty(first.b, N.escola)}${restGoes(first.remainder, N.muda, VERBS.ficou, 'no viveiro')}. Uma dessas escolas já tinha ${qty(second.b, N.arvore)} no terreno.`,
      question: `Com ${howMany(N.arvore)} essa escola vai ficar depois de plantar todas as mudas que recebeu?`,
      answer: `Essa escola vai ficar com ${qty(second.result, N.arvore)}.`,
    }),
  }),
];

/** (÷, −): shared, then each part is used; or what a share leaves short. */
const DIV_SUB: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.folhas-grupos-usaram',
    context: 'sala de aula',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [4, 500], b: [2, 10], result: [2, 100] },
    next: (random, first) => minus(random, first.result, share(first.result, 1)),
    nextRanges: { a: [2, 100], b: [1, 99], result: [1, 99] },
    render: ([first, second]) => ({
      statement: `A professora repartiu ${qty(first.a, N.folha)} igualmente entre ${qty(first.b, N.grupo)}${restGoes(first.remainder, N.folha, VERBS.ficou, 'com a professora')}. Cada grupo usou ${qty(second.b, N.folha)} para fazer um cartaz.`,
      question: `Com ${howMany(N.folha)} cada grupo ficou?`,
      answer: `Cada grupo ficou com ${qty(second.result, N.folha)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.avo-repartiu-gastou',
    context: 'loja',
    people: 1,
    money: true,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [4, 500], b: [2, 9], result: [2, 250] },
    when: exact,
    next: (random, first) => minus(random, first.result, share(first.result, 1)),
    nextRanges: { a: [2, 250], b: [1, 249], result: [1, 249] },
    render: ([first, second], cast) => ({
      statement: `O avô de ${one(cast).name} repartiu ${money(first.a)} igualmente entre ${qty(first.b, N.neto)}. ${one(cast).name} gastou ${money(second.b)} do que recebeu em uma livraria.`,
      question: `Com quanto ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${money(second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.lapis-alunos-sem',
    context: 'sala de aula',
    people: 0,
    steps: [
      { op: 'div', kind: 'medida' },
      { op: 'sub', kind: 'comparar' },
    ],
    ranges: { a: [4, 200], b: [2, 10], result: [2, 39] },
    next: (random, first) => {
      const pupils = random.int(Math.max(15, first.result + 1), 40);
      return solve('sub', { a: pupils, b: first.result });
    },
    nextRanges: { a: [15, 40], b: [2, 39], result: [1, 38] },
    render: ([first, second]) => ({
      statement: `A professora tem ${qty(first.a, N.lapis)} para dar aos alunos, ${thousands(first.b)} para cada um. A turma tem ${qty(second.a, N.aluno)}.`,
      question: `${capitalize(howMany(N.aluno))} vão ficar sem lápis de cor?`,
      answer: `${capitalize(qty(second.result, N.aluno))} ${conj(VERBS.vaiFicar, second.result)} sem lápis de cor.`,
    }),
  }),
  T2({
    id: 'duas-etapas.leite-escolas-usaram',
    context: 'fazenda',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'sub', kind: 'retirar' },
    ],
    ranges: { a: [100, 9_999], b: [2, 99], result: [10, 999] },
    next: (random, first) => minus(random, first.result, share(first.result, 1)),
    nextRanges: { a: [10, 999], b: [1, 899], result: [1, 998] },
    render: ([first, second]) => ({
      statement: `Uma cooperativa repartiu ${qty(first.a, N.litro)} de leite igualmente entre ${qty(first.b, N.escola)}${restGoes(first.remainder, N.litro, VERBS.foi, 'para uma creche')}. Em uma semana, cada escola usou ${qty(second.b, N.litro)}.`,
      question: `${capitalize(howMany(N.litro))} de leite ainda tem cada escola?`,
      answer: `Cada escola ainda tem ${qty(second.result, N.litro)} de leite.`,
    }),
  }),
];

/** (÷, ×): the price or the pace of one, then of many; or full groups sold. */
const DIV_MULT: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.preco-de-um-caderno',
    context: 'loja',
    people: 0,
    money: true,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [4, 300], b: [2, 10], result: [2, 40] },
    when: exact,
    next: (random, first) => {
      const count = random.int(2, 9);
      return count === first.b ? null : solve('mult', { a: first.result, b: count });
    },
    nextRanges: { a: [2, 40], b: [2, 9], result: [4, 360] },
    render: ([first, second]) => ({
      statement: `Na papelaria, ${qty(first.b, N.caderno)} iguais ${conj(VERBS.custa, first.b)} ${money(first.a)}.`,
      question: `Quanto ${conj(VERBS.custa, second.b)} ${qty(second.b, N.caderno)} iguais a esses?`,
      answer: `${capitalize(qty(second.b, N.caderno))} ${conj(VERBS.custa, second.b)} ${money(second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.feira-sacos-de-laranjas',
    context: 'feira',
    people: 1,
    money: true,
    steps: [
      { op: 'div', kind: 'medida' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [10, 2_000], b: [5, 30], result: [2, 400] },
    next: (random, first) => times(random, first.result, [2, 15]),
    nextRanges: { a: [2, 400], b: [2, 15], result: [4, 6_000] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} tem ${qty(first.a, N.laranja)} para vender na feira e vai encher sacos com ${qty(first.b, N.laranja)} em cada um${restGoes(first.remainder, N.laranja, VERBS.vaiFicar, 'em casa', VERBS.sobrar)}. Cada saco cheio vai ser vendido por ${money(second.b)}.`,
      question: `Quanto ${pronoun(cast.people)} vai receber se vender todos os sacos cheios?`,
      answer: `${one(cast).name} vai receber ${money(second.result)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.leitura-no-mesmo-ritmo',
    context: 'leitura',
    people: 1,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [4, 400], b: [2, 10], result: [2, 50] },
    when: exact,
    next: (random, first) => {
      const days = random.int(2, 15);
      return days === first.b ? null : solve('mult', { a: first.result, b: days });
    },
    nextRanges: { a: [2, 50], b: [2, 15], result: [4, 750] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} leu ${qty(first.a, N.pagina)} em ${qty(first.b, N.dia)}, o mesmo número de páginas por dia.`,
      question: `Nesse ritmo, ${howMany(N.pagina)} ${pronoun(cast.people)} lê em ${qty(second.b, N.dia)}?`,
      answer: `Em ${qty(second.b, N.dia)}, ${one(cast).name} lê ${qty(second.result, N.pagina)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.fabrica-no-mesmo-ritmo',
    context: 'fábrica',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [100, 9_999], b: [2, 30], result: [5, 999] },
    when: exact,
    next: (random, first) => {
      const days = random.int(2, 30);
      return days === first.b ? null : solve('mult', { a: first.result, b: days });
    },
    nextRanges: { a: [5, 999], b: [2, 30], result: [10, 29_970] },
    render: ([first, second]) => ({
      statement: `Uma fábrica produziu ${qty(first.a, N.bicicleta)} em ${qty(first.b, N.dia)}, o mesmo número de bicicletas por dia.`,
      question: `Nesse ritmo, ${howMany(N.bicicleta)} a fábrica produz em ${qty(second.b, N.dia)}?`,
      answer: `Em ${qty(second.b, N.dia)}, a fábrica produz ${qty(second.result, N.bicicleta)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.fazenda-caixas-de-mangas',
    context: 'fazenda',
    people: 0,
    money: true,
    steps: [
      { op: 'div', kind: 'medida' },
      { op: 'mult', kind: 'proporcionalidade' },
    ],
    ranges: { a: [100, 9_999], b: [10, 60], result: [2, 999] },
    next: (random, first) => times(random, first.result, [10, 80]),
    nextRanges: { a: [2, 999], b: [10, 80], result: [20, 79_920] },
    render: ([first, second]) => ({
      statement: `Uma fazenda colheu ${qty(first.a, N.manga)} e vai colocá-las em caixas com ${qty(first.b, N.manga)} em cada uma${restGoes(first.remainder, N.manga, VERBS.vai, 'para a feira do bairro', VERBS.sobrar)}. Cada caixa cheia vai ser vendida por ${money(second.b)}.`,
      question: `Quanto a fazenda vai receber pelas caixas cheias?`,
      answer: `A fazenda vai receber ${money(second.result)}.`,
    }),
  }),
];

/** (÷, ÷): shared, then each share shared again (or measured). */
const DIV_DIV: readonly TwoStepTemplate[] = [
  T2({
    id: 'duas-etapas.livros-turmas-grupos',
    context: 'biblioteca',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [8, 2_000], b: [2, 40], result: [4, 200] },
    next: (random, first) => split(random, first.result, [2, 8], [first.b]),
    nextRanges: { a: [4, 200], b: [2, 8], result: [2, 100] },
    render: ([first, second]) => ({
      statement: `A escola recebeu ${qty(first.a, N.livro)} de literatura e repartiu igualmente entre ${qty(first.b, N.turma)}${restGoes(first.remainder, N.livro, VERBS.ficou, 'na biblioteca')}. Em cada turma, os livros vão ser repartidos igualmente entre ${qty(second.b, N.grupo)}.`,
      question: `${capitalize(howMany(N.livro))} cada grupo vai receber?`,
      answer: `Cada grupo vai receber ${qty(second.result, N.livro)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.bombons-sobrinhos-dias',
    context: 'lanche',
    people: 1,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [4, 200], b: [2, 9], result: [2, 50] },
    next: (random, first) => split(random, first.result, [2, 7]),
    nextRanges: { a: [2, 50], b: [2, 7], result: [2, 25] },
    render: ([first, second], cast) => ({
      statement: `A tia de ${one(cast).name} comprou ${qty(first.a, N.bombom)} e repartiu igualmente entre ${qty(first.b, N.sobrinho)}${restGoes(first.remainder, N.bombom, VERBS.ficou, 'com a tia')}. ${one(cast).name} vai comer os seus em ${qty(second.b, N.dia)}, o mesmo número a cada dia.`,
      question: `${capitalize(howMany(N.bombom))} ${one(cast).name} vai comer por dia?`,
      answer: `${one(cast).name} vai comer ${qty(second.result, N.bombom)} por dia.`,
    }),
  }),
  T2({
    id: 'duas-etapas.figurinhas-amigos-paginas',
    context: 'figurinhas',
    people: 1,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [4, 500], b: [2, 9], result: [4, 100] },
    next: (random, first) => split(random, first.result, [2, 10], [first.b]),
    nextRanges: { a: [4, 100], b: [2, 10], result: [2, 50] },
    render: ([first, second], cast) => ({
      statement: `${one(cast).name} repartiu ${qty(first.a, N.figurinha)} igualmente entre ${qty(first.b, N.amigo)}${restGoes(first.remainder, N.figurinha, VERBS.ficou, `com ${pronoun(cast.people)}`)}. Cada amigo vai colar as suas em ${qty(second.b, N.pagina)} do álbum, o mesmo número em cada página.`,
      question: `${capitalize(howMany(N.figurinha))} cada amigo vai colar em cada página?`,
      answer: `Cada amigo vai colar ${qty(second.result, N.figurinha)} em cada página.`,
    }),
  }),
  T2({
    id: 'duas-etapas.laranjas-mercados-sacos',
    context: 'feira',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'div', kind: 'medida' },
    ],
    ranges: { a: [100, 9_999], b: [2, 99], result: [10, 999] },
    next: (random, first) => split(random, first.result, [5, 50], [first.b]),
    nextRanges: { a: [10, 999], b: [5, 50], result: [2, 199] },
    render: ([first, second]) => ({
      statement: `Uma cooperativa de agricultores repartiu ${qty(first.a, N.laranja)} igualmente entre ${qty(first.b, N.mercado)}${restGoes(first.remainder, N.laranja, VERBS.ficou, 'na cooperativa')}. Cada mercado vai vender as suas laranjas em sacos com ${qty(second.b, N.laranja)} ${eachOne(N.saco)}.`,
      question: `${capitalize(howMany(N.saco))} de laranjas cada mercado vai encher?`,
      answer: `Cada mercado vai encher ${qty(second.result, N.saco)} de laranjas.`,
    }),
  }),
  T2({
    id: 'duas-etapas.mudas-escolas-canteiros',
    context: 'cidade',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [20, 9_999], b: [2, 99], result: [4, 999] },
    next: (random, first) => split(random, first.result, [2, 10], [first.b]),
    nextRanges: { a: [4, 999], b: [2, 10], result: [2, 499] },
    render: ([first, second]) => ({
      statement: `A prefeitura repartiu ${qty(first.a, N.muda)} de flores igualmente entre ${qty(first.b, N.escola)}${restGoes(first.remainder, N.muda, VERBS.ficou, 'no viveiro da prefeitura')}. Cada escola vai plantar as suas mudas em ${qty(second.b, N.canteiro)}, o mesmo número em cada canteiro.`,
      question: `${capitalize(howMany(N.muda))} vão em cada canteiro?`,
      answer: `Em cada canteiro ${conj(VERBS.vai, second.result)} ${qty(second.result, N.muda)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.alimentos-entidades-cestas',
    context: 'arrecadação',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'div', kind: 'medida' },
    ],
    ranges: { a: [100, 9_999], b: [2, 99], result: [10, 999] },
    next: (random, first) => split(random, first.result, [5, 20], [first.b]),
    nextRanges: { a: [10, 999], b: [5, 20], result: [2, 199] },
    render: ([first, second]) => ({
      statement: `A campanha de alimentos da cidade arrecadou ${qty(first.a, N.quilo)} de alimentos e repartiu igualmente entre ${qty(first.b, N.entidade)}${restGoes(first.remainder, N.quilo, VERBS.foi, 'para o restaurante popular')}. Cada entidade vai montar cestas de ${qty(second.b, N.quilo)}.`,
      question: `${capitalize(howMany(N.cesta))} cada entidade vai montar?`,
      answer: `Cada entidade vai montar ${qty(second.result, N.cesta)}.`,
    }),
  }),
  T2({
    id: 'duas-etapas.ingressos-escolas-turmas',
    context: 'campeonato',
    people: 0,
    steps: [
      { op: 'div', kind: 'reparticao' },
      { op: 'div', kind: 'reparticao' },
    ],
    ranges: { a: [100, 9_999], b: [2, 99], result: [4, 999] },
    next: (random, first) => split(random, first.result, [2, 10], [first.b]),
    nextRanges: { a: [4, 999], b: [2, 10], result: [2, 499] },
    render: ([first, second]) => ({
      statement: `O clube da cidade repartiu ${qty(first.a, N.ingresso)} para a final do campeonato igualmente entre ${qty(first.b, N.escola)}${restGoes(first.remainder, N.ingresso, VERBS.ficou, 'com o clube')}. Cada escola vai repartir os seus ingressos igualmente entre ${qty(second.b, N.turma)}.`,
      question: `${capitalize(howMany(N.ingresso))} cada turma vai receber?`,
      answer: `Cada turma vai receber ${qty(second.result, N.ingresso)}.`,
    }),
  }),
];

/**
 * Duas etapas: two contas in one problem, the second made from the first's result, in the pairs a 3º–5º ano teacher
 * uses. A page takes a template when both its operations are on it.
 */
export const TWO_STEP_TEMPLATES: readonly TwoStepTemplate[] = [
  ...ADD_ADD,
  ...ADD_SUB,
  ...ADD_DIV,
  ...SUB_SUB,
  ...SUB_ADD,
  ...SUB_DIV,
  ...MULT_ADD,
  ...MULT_SUB,
  ...MULT_MULT,
  ...MULT_DIV,
  ...DIV_ADD,
  ...DIV_SUB,
  ...DIV_MULT,
  ...DIV_DIV,
];
