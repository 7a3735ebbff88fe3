import { thousands } from '../../format.js';
import type { Problem } from '../../types.js';
import type { WordKind } from './kinds.js';
import {
  agree,
  capitalize,
  conj,
  eachOne,
  fromHis,
  groupGender,
  howMany,
  money,
  moneyVerb,
  names,
  noun,
  pronoun,
  qty,
  toHis,
  verbFor,
  VERBS,
  WORDS,
  type Forms,
  type Noun,
  type Person,
} from './lexicon.js';

/** Where a problem happens; a page never holds two problems of the same context with the same numbers. */
export type WordContext =
  | 'figurinhas'
  | 'feira'
  | 'lanche'
  | 'festa junina'
  | 'biblioteca'
  | 'campeonato'
  | 'passeio da escola'
  | 'reciclagem'
  | 'horta'
  | 'fábrica'
  | 'loja'
  | 'leitura'
  | 'brincadeiras'
  | 'sala de aula'
  | 'cidade'
  | 'sítio';

/** Who a problem is about: the people drawn for it (distinct names) and a relative or neighbour. */
export interface Cast {
  readonly people: readonly Person[];
  readonly relative: Noun;
}

export interface RenderedText {
  /** The situation: one or two sentences. */
  readonly statement: string;
  /** The question, ending in "?". */
  readonly question: string;
  /** The answer as a sentence with its unit: "Ana ficou com 53 figurinhas." */
  readonly answer: string;
}

/**
 * One way of telling a kind of problem. `fits` says which contas read well in it (a pacote of figurinhas holds a
 * handful, a bicicleta costs hundreds of reais); `render` writes it with the lexicon only. Every kind has at least
 * one template that fits every conta the level table draws for its operation, so a draw is never thrown away for
 * lack of a template.
 */
export interface WordTemplate {
  readonly id: string;
  readonly kind: WordKind;
  readonly context: WordContext;
  /** How many people the cast names (0, 1 or 2). */
  readonly people: 0 | 1 | 2;
  /** The numbers are whole reais. */
  readonly money: boolean;
  readonly fits: (conta: Problem) => boolean;
  readonly render: (conta: Problem, cast: Cast) => RenderedText;
}

/** The nouns the templates count. */
export const NOUNS = {
  figurinha: noun('figurinha', 'figurinhas', 'f'),
  laranja: noun('laranja', 'laranjas', 'f'),
  livro: noun('livro', 'livros', 'm'),
  bandeirinha: noun('bandeirinha', 'bandeirinhas', 'f'),
  ingresso: noun('ingresso', 'ingressos', 'm'),
  bolinha: noun('bolinha de gude', 'bolinhas de gude', 'f'),
  latinha: noun('latinha', 'latinhas', 'f'),
  lapis: noun('lápis de cor', 'lápis de cor', 'm'),
  muda: noun('muda', 'mudas', 'f'),
  crianca: noun('criança', 'crianças', 'f'),
  pessoa: noun('pessoa', 'pessoas', 'f'),
  paoDeQueijo: noun('pão de queijo', 'pães de queijo', 'm'),
  garrafa: noun('garrafa', 'garrafas', 'f'),
  ponto: noun('ponto', 'pontos', 'm'),
  pagina: noun('página', 'páginas', 'f'),
  pacote: noun('pacote', 'pacotes', 'm'),
  caixa: noun('caixa', 'caixas', 'f'),
  pacoca: noun('paçoca', 'paçocas', 'f'),
  folha: noun('folha', 'folhas', 'f'),
  onibus: noun('ônibus', 'ônibus', 'm'),
  van: noun('van', 'vans', 'f'),
  aluno: noun('aluno', 'alunos', 'm'),
  fileira: noun('fileira', 'fileiras', 'f'),
  cadeira: noun('cadeira', 'cadeiras', 'f'),
  peDeAlface: noun('pé de alface', 'pés de alface', 'm'),
  peDeMilho: noun('pé de milho', 'pés de milho', 'm'),
  azulejo: noun('azulejo', 'azulejos', 'm'),
  pastel: noun('pastel', 'pastéis', 'm'),
  mochila: noun('mochila', 'mochilas', 'f'),
  bicicleta: noun('bicicleta', 'bicicletas', 'f'),
  parafuso: noun('parafuso', 'parafusos', 'm'),
  hora: noun('hora', 'horas', 'f'),
  quilometro: noun('quilômetro', 'quilômetros', 'm'),
  dia: noun('dia', 'dias', 'm'),
  cesta: noun('cesta', 'cestas', 'f'),
  escola: noun('escola', 'escolas', 'f'),
  jogador: noun('jogador', 'jogadores', 'm'),
  grupo: noun('grupo', 'grupos', 'm'),
  saquinho: noun('saquinho', 'saquinhos', 'm'),
  bombom: noun('bombom', 'bombons', 'm'),
  convidado: noun('convidado', 'convidados', 'm'),
  mesa: noun('mesa', 'mesas', 'f'),
  picole: noun('picolé', 'picolés', 'm'),
  setor: noun('setor', 'setores', 'm'),
  lugar: noun('lugar', 'lugares', 'm'),
  visitante: noun('visitante', 'visitantes', 'm'),
  torcedor: noun('torcedor', 'torcedores', 'm'),
  laranjeira: noun('laranjeira', 'laranjeiras', 'f'),
  prateleira: noun('prateleira', 'prateleiras', 'f'),
  saco: noun('saco', 'sacos', 'm'),
} as const satisfies Record<string, Noun>;

const N = NOUNS;

/** Participles and adjectives agree like determiners (see `agree`). */
const adjective = (stem: string): Forms => [`${stem}o`, `${stem}a`, `${stem}os`, `${stem}as`];
const BLUE: Forms = ['azul', 'azul', 'azuis', 'azuis'];
const RED = adjective('vermelh');
const SOLD = adjective('vendid');
const PLANTED = adjective('plantad');
const ARRANGED = adjective('arrumad');
const USED = adjective('usad');
const FORMED = adjective('formad');
const NEEDED: Forms = ['necessário', 'necessária', 'necessários', 'necessárias'];
const COMPLETE: Forms = ['completo', 'completa', 'completos', 'completas'];
/** The clitic after an infinitive: "dividi-los" (the pães de queijo), "dividi-las" (the paçocas). */
const DIVIDE_THEM: Forms = ['dividi-lo', 'dividi-la', 'dividi-los', 'dividi-las'];
const TAKE_THEM: Forms = ['levá-lo', 'levá-la', 'levá-los', 'levá-las'];

/** "a outra" or "as outras", "o outro" or "os outros": the rest of a collection of `count` things. */
const theOthers = (word: Noun, count: number): string =>
  `${agree(WORDS.definite, word.gender, count)} ${agree(WORDS.other, word.gender, count)}`;

/** The one person, or the pair, a template is about. */
const one = (cast: Cast): Person => cast.people[0] as Person;
const two = (cast: Cast): Person => cast.people[1] as Person;

/**
 * A division's "e quantos vão sobrar" and its answer, when the conta has a resto. The question names what is left
 * ("e quantas laranjas vão sobrar") when it asked about something else (saquinhos).
 */
const andHowManyLeft = (word: Noun, named = false): string =>
  ` e ${agree(WORDS.howMany, word.gender, 2)}${named ? ` ${word.plural}` : ''} vão sobrar`;
const andLeft = (word: Noun, remainder: number): string =>
  ` e ${conj(VERBS.vaiSobrar, remainder)} ${qty(remainder, word)}`;

/**
 * "São necessárias 13 caixas: 12 caixas ficam cheias e mais uma caixa guarda os 5 livros que sobram." The resto is
 * why one more is needed, and the answer says so.
 */
function neededSentence(
  container: Noun,
  quotient: number,
  remainder: number,
  full: Forms,
  lastDoes: string,
  rest: Noun,
): string {
  const needed = quotient + 1;
  const leftover =
    remainder === 1
      ? `${agree(WORDS.definite, rest.gender, 1)} ${rest.singular} que ${VERBS.sobra.singular}`
      : `${agree(WORDS.definite, rest.gender, remainder)} ${qty(remainder, rest)} que ${VERBS.sobra.plural}`;
  return (
    `${capitalize(conj(VERBS.e, needed))} ${agree(NEEDED, container.gender, needed)} ${qty(needed, container)}: ` +
    `${qty(quotient, container)} ${conj(VERBS.fica, quotient)} ${agree(full, container.gender, quotient)} ` +
    `e mais ${agree(WORDS.indefinite, container.gender, 1)} ${container.singular} ${lastDoes} ${leftover}.`
  );
}

const upTo = (max: number) => (conta: Problem) => Math.max(conta.a, conta.b, conta.result) <= max;
const any = () => true;

const T = (template: Omit<WordTemplate, 'money'> & { money?: boolean }): WordTemplate => ({
  money: false,
  ...template,
});

/** The templates, by kind. To add one, see "Situações-problema" in the README. */
export const WORD_TEMPLATES: readonly WordTemplate[] = [
  // ── + juntar ────────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'juntar.figurinhas',
    kind: 'juntar',
    context: 'figurinhas',
    people: 2,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => {
      const together = agree(WORDS.together, groupGender(cast.people), 2);
      return {
        statement: `${one(cast).name} tem ${qty(a, N.figurinha)} e ${two(cast).name} tem ${qty(b, N.figurinha)}.`,
        question: `${capitalize(howMany(N.figurinha))} ${pronoun(cast.people)} ${verbFor(VERBS.tem, cast.people)} ${together}?`,
        answer: `${names(cast.people)} ${verbFor(VERBS.tem, cast.people)} ${qty(result, N.figurinha)} ${together}.`,
      };
    },
  }),
  T({
    id: 'juntar.feira',
    kind: 'juntar',
    context: 'feira',
    people: 1,
    fits: upTo(9_999),
    render: ({ a, b, result }, cast) => ({
      statement: `Na barraca de frutas da feira, ${one(cast).name} vendeu ${qty(a, N.laranja)} de manhã e ${qty(b, N.laranja)} à tarde.`,
      question: `${capitalize(howMany(N.laranja))} ${pronoun(cast.people)} vendeu nesse dia?`,
      answer: `${one(cast).name} vendeu ${qty(result, N.laranja)} nesse dia.`,
    }),
  }),
  T({
    id: 'juntar.festa-junina',
    kind: 'juntar',
    context: 'festa junina',
    people: 2,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => {
      const together = agree(WORDS.together, groupGender(cast.people), 2);
      return {
        statement: `Para enfeitar a festa junina da escola, ${one(cast).name} fez ${qty(a, N.bandeirinha)} e ${two(cast).name} fez ${qty(b, N.bandeirinha)}.`,
        question: `${capitalize(howMany(N.bandeirinha))} ${pronoun(cast.people)} ${verbFor(VERBS.fez, cast.people)} ${together}?`,
        answer: `${names(cast.people)} ${verbFor(VERBS.fez, cast.people)} ${qty(result, N.bandeirinha)} ${together}.`,
      };
    },
  }),
  T({
    id: 'juntar.biblioteca',
    kind: 'juntar',
    context: 'biblioteca',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `A biblioteca da cidade recebeu ${qty(a, N.livro)} de doação em março e ${qty(b, N.livro)} em abril.`,
      question: `${capitalize(howMany(N.livro))} a biblioteca recebeu nos dois meses?`,
      answer: `A biblioteca recebeu ${qty(result, N.livro)} nos dois meses.`,
    }),
  }),
  T({
    id: 'juntar.campeonato',
    kind: 'juntar',
    context: 'campeonato',
    people: 0,
    fits: (conta) => conta.result >= 100,
    render: ({ a, b, result }) => {
      const sold = (count: number) =>
        `${conj(VERBS.foi, count)} ${agree(SOLD, N.ingresso.gender, count)} ${qty(count, N.ingresso)}`;
      return {
        statement: `Na final do campeonato da cidade, ${sold(a)} para o primeiro jogo e ${qty(b, N.ingresso)} para o segundo.`,
        question: `${capitalize(howMany(N.ingresso))} foram vendidos para os dois jogos?`,
        answer: `${capitalize(sold(result))} para os dois jogos.`,
      };
    },
  }),

  T({
    id: 'juntar.cidade',
    kind: 'juntar',
    context: 'cidade',
    people: 0,
    fits: (conta) => conta.result >= 100,
    render: ({ a, b, result }) => ({
      statement: `No fim de semana, o parque da cidade recebeu ${qty(a, N.visitante)} no sábado e ${qty(b, N.visitante)} no domingo.`,
      question: `${capitalize(howMany(N.visitante))} o parque recebeu no fim de semana?`,
      answer: `O parque recebeu ${qty(result, N.visitante)} no fim de semana.`,
    }),
  }),

  // ── + acrescentar ───────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'acrescentar.figurinhas',
    kind: 'acrescentar',
    context: 'figurinhas',
    people: 1,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} tinha ${qty(a, N.figurinha)} e ganhou ${qty(b, N.figurinha)} ${fromHis(cast.relative)}.`,
      question: `Com ${howMany(N.figurinha)} ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(result, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'acrescentar.brincadeiras',
    kind: 'acrescentar',
    context: 'brincadeiras',
    people: 2,
    fits: upTo(500),
    render: ({ a, b, result }, cast) => ({
      statement: `${names(cast.people)} ${verbFor(VERBS.tinha, cast.people)} ${qty(a, N.bolinha)}. No recreio, ${pronoun(cast.people)} ${verbFor(VERBS.ganhou, cast.people)} mais ${qty(b, N.bolinha)}.`,
      question: `Com ${howMany(N.bolinha)} ${pronoun(cast.people)} ${verbFor(VERBS.ficou, cast.people)}?`,
      answer: `${names(cast.people)} ${verbFor(VERBS.ficou, cast.people)} com ${qty(result, N.bolinha)}.`,
    }),
  }),
  T({
    id: 'acrescentar.festa-junina',
    kind: 'acrescentar',
    context: 'festa junina',
    people: 0,
    money: true,
    fits: upTo(9_999),
    render: ({ a, b, result }) => ({
      statement: `Na festa junina, a barraca da pescaria arrecadou ${money(a)} à tarde e mais ${money(b)} à noite.`,
      question: 'Quanto dinheiro a barraca arrecadou ao todo?',
      answer: `A barraca arrecadou ${money(result)} ao todo.`,
    }),
  }),
  T({
    id: 'acrescentar.reciclagem',
    kind: 'acrescentar',
    context: 'reciclagem',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Na campanha de reciclagem do bairro, os moradores já tinham juntado ${qty(a, N.latinha)} e nesta semana juntaram mais ${qty(b, N.latinha)}.`,
      question: `${capitalize(howMany(N.latinha))} os moradores juntaram ao todo?`,
      answer: `Os moradores juntaram ${qty(result, N.latinha)} ao todo.`,
    }),
  }),

  // ── − separar ───────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'separar.lapis',
    kind: 'separar',
    context: 'sala de aula',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => ({
      statement: `No armário da sala de artes há ${qty(a, N.lapis)}: ${thousands(b)} ${conj(VERBS.e, b)} ${agree(BLUE, 'm', b)} e ${theOthers(N.lapis, result)} ${conj(VERBS.e, result)} ${agree(RED, 'm', result)}.`,
      question: `${capitalize(howMany(N.lapis))} ${conj(VERBS.e, 2)} ${agree(RED, 'm', 2)}?`,
      answer: `${capitalize(qty(result, N.lapis))} ${conj(VERBS.e, result)} ${agree(RED, 'm', result)}.`,
    }),
  }),
  T({
    id: 'separar.horta',
    kind: 'separar',
    context: 'horta',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => {
      const planted = (count: number) =>
        `${conj(VERBS.foi, count)} ${agree(PLANTED, N.muda.gender, count)} ${qty(count, N.muda)}`;
      return {
        statement: `Na horta da escola, ${planted(a)}: ${thousands(b)} de alface e ${theOthers(N.muda, result)} de couve.`,
        question: `${capitalize(howMany(N.muda))} de couve foram plantadas?`,
        answer: `${capitalize(planted(result))} de couve.`,
      };
    },
  }),
  T({
    id: 'separar.passeio',
    kind: 'separar',
    context: 'passeio da escola',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => ({
      statement: `${capitalize(agree(WORDS.of, 'f', a))} ${qty(a, N.crianca)} que ${conj(VERBS.foi, a)} ao passeio da escola, ${thousands(b)} ${conj(VERBS.visitou, b)} o museu e ${theOthers(N.crianca, result)} ${conj(VERBS.visitou, result)} o planetário.`,
      question: `${capitalize(howMany(N.crianca))} visitaram o planetário?`,
      answer: `${capitalize(qty(result, N.crianca))} ${conj(VERBS.visitou, result)} o planetário.`,
    }),
  }),
  T({
    id: 'separar.campeonato',
    kind: 'separar',
    context: 'campeonato',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `${capitalize(agree(WORDS.of, 'f', a))} ${qty(a, N.pessoa)} que ${conj(VERBS.assistiu, a)} ao jogo do campeonato, ${thousands(b)} ${conj(VERBS.torcia, b)} para o time da casa e ${theOthers(N.pessoa, result)} ${conj(VERBS.torcia, result)} para o time visitante.`,
      question: `${capitalize(howMany(N.pessoa))} torciam para o time visitante?`,
      answer: `${capitalize(qty(result, N.pessoa))} ${conj(VERBS.torcia, result)} para o time visitante.`,
    }),
  }),

  T({
    id: 'separar.sitio',
    kind: 'separar',
    context: 'sítio',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Um sítio colheu ${qty(a, N.laranja)}: ${thousands(b)} ${conj(VERBS.foi, b)} para a fábrica de sucos e ${theOthers(N.laranja, result)} ${conj(VERBS.foi, result)} para a feira.`,
      question: `${capitalize(howMany(N.laranja))} foram para a feira?`,
      answer: `${capitalize(qty(result, N.laranja))} ${conj(VERBS.foi, result)} para a feira.`,
    }),
  }),
  T({
    id: 'separar.biblioteca',
    kind: 'separar',
    context: 'biblioteca',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `${capitalize(agree(WORDS.of, 'm', a))} ${qty(a, N.livro)} da biblioteca da cidade, ${thousands(b)} ${conj(VERBS.e, b)} de histórias e ${theOthers(N.livro, result)} ${conj(VERBS.e, result)} de ciências.`,
      question: `${capitalize(howMany(N.livro))} são de ciências?`,
      answer: `${capitalize(qty(result, N.livro))} ${conj(VERBS.e, result)} de ciências.`,
    }),
  }),

  // ── − retirar ───────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'retirar.figurinhas',
    kind: 'retirar',
    context: 'figurinhas',
    people: 1,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} tinha ${qty(a, N.figurinha)} e deu ${qty(b, N.figurinha)} ${toHis(cast.relative)}.`,
      question: `Com ${howMany(N.figurinha)} ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(result, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'retirar.lanche',
    kind: 'retirar',
    context: 'lanche',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => ({
      statement: `A cantina da escola fez ${qty(a, N.paoDeQueijo)} para o lanche, e as crianças comeram ${qty(b, N.paoDeQueijo)}.`,
      question: `${capitalize(howMany(N.paoDeQueijo))} sobraram?`,
      answer: `${capitalize(conj(VERBS.sobrou, result))} ${qty(result, N.paoDeQueijo)}.`,
    }),
  }),
  T({
    id: 'retirar.feira',
    kind: 'retirar',
    context: 'feira',
    people: 1,
    money: true,
    fits: upTo(300),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} levou ${money(a)} para a feira e gastou ${money(b)} em frutas e verduras.`,
      question: `Com quanto dinheiro ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${money(result)}.`,
    }),
  }),
  T({
    id: 'retirar.fabrica',
    kind: 'retirar',
    context: 'fábrica',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Uma fábrica de sucos tinha ${qty(a, N.garrafa)} no estoque e vendeu ${qty(b, N.garrafa)}.`,
      question: `${capitalize(howMany(N.garrafa))} ficaram no estoque?`,
      answer: `${capitalize(conj(VERBS.ficou, result))} ${qty(result, N.garrafa)} no estoque.`,
    }),
  }),
  T({
    id: 'retirar.biblioteca',
    kind: 'retirar',
    context: 'biblioteca',
    people: 0,
    fits: upTo(9_999),
    render: ({ a, b, result }) => ({
      statement: `A biblioteca da escola tinha ${qty(a, N.livro)} na estante de aventuras e emprestou ${qty(b, N.livro)} aos alunos.`,
      question: `${capitalize(howMany(N.livro))} ficaram na estante?`,
      answer: `${capitalize(conj(VERBS.ficou, result))} ${qty(result, N.livro)} na estante.`,
    }),
  }),

  T({
    id: 'retirar.campeonato',
    kind: 'retirar',
    context: 'campeonato',
    people: 0,
    fits: (conta) => conta.a >= 100,
    render: ({ a, b, result }) => ({
      statement: `Para a final do campeonato, ${conj(VERBS.foi, a)} ${agree(adjective('colocad'), 'm', a)} à venda ${qty(a, N.ingresso)}, e já ${conj(VERBS.foi, b)} ${agree(SOLD, 'm', b)} ${qty(b, N.ingresso)}.`,
      question: `${capitalize(howMany(N.ingresso))} ainda não foram vendidos?`,
      answer: `Ainda não ${conj(VERBS.foi, result)} ${agree(SOLD, 'm', result)} ${qty(result, N.ingresso)}.`,
    }),
  }),

  // ── − comparar ──────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'comparar.figurinhas',
    kind: 'comparar',
    context: 'figurinhas',
    people: 2,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} tem ${qty(a, N.figurinha)} e ${two(cast).name} tem ${qty(b, N.figurinha)}.`,
      question: `${capitalize(howMany(N.figurinha))} ${one(cast).name} tem a mais que ${two(cast).name}?`,
      answer: `${one(cast).name} tem ${qty(result, N.figurinha)} a mais que ${two(cast).name}.`,
    }),
  }),
  T({
    id: 'comparar.campeonato',
    kind: 'comparar',
    context: 'campeonato',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => ({
      statement: `No campeonato de basquete da escola, o time azul marcou ${qty(a, N.ponto)} e o time verde marcou ${qty(b, N.ponto)}.`,
      question: `${capitalize(howMany(N.ponto))} o time azul marcou a mais que o time verde?`,
      answer: `O time azul marcou ${qty(result, N.ponto)} a mais que o time verde.`,
    }),
  }),
  T({
    id: 'comparar.leitura',
    kind: 'comparar',
    context: 'leitura',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `No campeonato de leitura do ano, a turma A leu ${qty(a, N.pagina)} e a turma B leu ${qty(b, N.pagina)}.`,
      question: `${capitalize(howMany(N.pagina))} a turma A leu a mais que a turma B?`,
      answer: `A turma A leu ${qty(result, N.pagina)} a mais que a turma B.`,
    }),
  }),
  T({
    id: 'comparar.loja',
    kind: 'comparar',
    context: 'loja',
    people: 0,
    money: true,
    fits: upTo(99),
    render: ({ a, b, result }) => ({
      statement: `Na papelaria, um livro de histórias custa ${money(a)} e um caderno custa ${money(b)}.`,
      question: 'Quanto o livro custa a mais que o caderno?',
      answer: `O livro custa ${money(result)} a mais que o caderno.`,
    }),
  }),
  T({
    id: 'comparar.bicicleta',
    kind: 'comparar',
    context: 'loja',
    people: 0,
    money: true,
    fits: (conta) => conta.a >= 100 && conta.a <= 9_999 && conta.b >= 50,
    render: ({ a, b, result }) => ({
      statement: `Numa loja, uma bicicleta custa ${money(a)} e um patinete custa ${money(b)}.`,
      question: 'Quanto a bicicleta custa a mais que o patinete?',
      answer: `A bicicleta custa ${money(result)} a mais que o patinete.`,
    }),
  }),

  T({
    id: 'comparar.torcida',
    kind: 'comparar',
    context: 'campeonato',
    people: 0,
    fits: (conta) => conta.a >= 100 && conta.a <= 99_999,
    render: ({ a, b, result }) => ({
      statement: `O primeiro jogo da final do campeonato teve ${qty(a, N.torcedor)} no estádio, e o segundo teve ${qty(b, N.torcedor)}.`,
      question: `${capitalize(howMany(N.torcedor))} o primeiro jogo teve a mais que o segundo?`,
      answer: `O primeiro jogo teve ${qty(result, N.torcedor)} a mais que o segundo.`,
    }),
  }),

  // ── − completar ─────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'completar.album',
    kind: 'completar',
    context: 'figurinhas',
    people: 1,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `O álbum de ${one(cast).name} tem espaço para ${qty(a, N.figurinha)}. ${capitalize(pronoun(cast.people))} já colou ${qty(b, N.figurinha)}.`,
      question: `${capitalize(howMany(N.figurinha))} faltam para completar o álbum?`,
      answer: `${capitalize(conj(VERBS.falta, result))} ${qty(result, N.figurinha)} para completar o álbum.`,
    }),
  }),
  T({
    id: 'completar.leitura',
    kind: 'completar',
    context: 'leitura',
    people: 1,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} está lendo um livro de ${qty(a, N.pagina)} e já leu ${qty(b, N.pagina)}.`,
      question: `${capitalize(howMany(N.pagina))} faltam para ${pronoun(cast.people)} terminar o livro?`,
      answer: `${capitalize(conj(VERBS.falta, result))} ${qty(result, N.pagina)} para ${one(cast).name} terminar o livro.`,
    }),
  }),
  T({
    id: 'completar.passeio',
    kind: 'completar',
    context: 'passeio da escola',
    people: 1,
    money: true,
    fits: upTo(9_999),
    render: ({ a, b, result }, cast) => ({
      statement: `A turma de ${one(cast).name} precisa juntar ${money(a)} para o passeio da escola e já juntou ${money(b)}.`,
      question: 'Quanto dinheiro ainda falta?',
      answer: `Ainda ${conj(VERBS.falta, result)} ${money(result)} para o passeio.`,
    }),
  }),
  T({
    id: 'completar.festa-junina',
    kind: 'completar',
    context: 'festa junina',
    people: 0,
    money: true,
    fits: (conta) => conta.a >= 100,
    render: ({ a, b, result }) => ({
      statement: `A escola quer arrecadar ${money(a)} na festa junina para reformar a quadra e já arrecadou ${money(b)}.`,
      question: 'Quanto dinheiro ainda falta para a reforma?',
      answer: `Ainda ${conj(VERBS.falta, result)} ${money(result)} para a reforma.`,
    }),
  }),

  T({
    id: 'completar.reciclagem',
    kind: 'completar',
    context: 'reciclagem',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `A escola quer juntar ${qty(a, N.latinha)} para trocar por livros novos e já juntou ${qty(b, N.latinha)}.`,
      question: `${capitalize(howMany(N.latinha))} ainda faltam?`,
      answer: `Ainda ${conj(VERBS.falta, result)} ${qty(result, N.latinha)}.`,
    }),
  }),

  // ── × parcelas iguais (b grupos de a) ───────────────────────────────────────────────────────────────────────
  T({
    id: 'parcelas-iguais.figurinhas',
    kind: 'parcelas-iguais',
    context: 'figurinhas',
    people: 1,
    fits: (conta) => conta.a <= 10,
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} comprou ${qty(b, N.pacote)} de figurinhas, com ${qty(a, N.figurinha)} em cada pacote.`,
      question: `${capitalize(howMany(N.figurinha))} ${pronoun(cast.people)} comprou?`,
      answer: `${one(cast).name} comprou ${qty(result, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'parcelas-iguais.festa-junina',
    kind: 'parcelas-iguais',
    context: 'festa junina',
    people: 0,
    fits: (conta) => conta.a <= 99 && conta.result <= 9_999,
    render: ({ a, b, result }) => ({
      statement: `Para a festa junina, a cantina comprou ${qty(b, N.caixa)} de paçoca, com ${qty(a, N.pacoca)} em cada caixa.`,
      question: `${capitalize(howMany(N.pacoca))} a cantina comprou?`,
      answer: `A cantina comprou ${qty(result, N.pacoca)}.`,
    }),
  }),
  T({
    id: 'parcelas-iguais.fabrica',
    kind: 'parcelas-iguais',
    context: 'fábrica',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Uma gráfica entregou ${qty(b, N.pacote)} de papel, com ${qty(a, N.folha)} em cada pacote.`,
      question: `${capitalize(howMany(N.folha))} a gráfica entregou?`,
      answer: `A gráfica entregou ${qty(result, N.folha)}.`,
    }),
  }),
  T({
    id: 'parcelas-iguais.campeonato',
    kind: 'parcelas-iguais',
    context: 'campeonato',
    people: 0,
    fits: (conta) => conta.a >= 100,
    render: ({ a, b, result }) => ({
      statement: `O ginásio onde vai ser a final do campeonato tem ${qty(b, N.setor)}, com ${qty(a, N.lugar)} em cada setor.`,
      question: `${capitalize(howMany(N.lugar))} tem o ginásio?`,
      answer: `O ginásio tem ${qty(result, N.lugar)}.`,
    }),
  }),
  T({
    id: 'parcelas-iguais.passeio',
    kind: 'parcelas-iguais',
    context: 'passeio da escola',
    people: 0,
    fits: (conta) => conta.a >= 10 && conta.a <= 50,
    render: ({ a, b, result }) => ({
      statement: `Para o passeio da escola, ${conj(VERBS.foi, b)} ${qty(b, N.onibus)}, ${eachOne(N.onibus)} com ${qty(a, N.aluno)}.`,
      question: `${capitalize(howMany(N.aluno))} foram ao passeio?`,
      answer: `${capitalize(conj(VERBS.foi, result))} ${qty(result, N.aluno)} ao passeio.`,
    }),
  }),

  // ── × disposição retangular (b fileiras de a) ───────────────────────────────────────────────────────────────
  T({
    id: 'disposicao-retangular.festa-junina',
    kind: 'disposicao-retangular',
    context: 'festa junina',
    people: 0,
    fits: (conta) => conta.a <= 50 && conta.result <= 2_000,
    render: ({ a, b, result }) => ({
      statement: `Para a apresentação da quadrilha na festa junina, as cadeiras da quadra foram arrumadas em ${qty(b, N.fileira)}, com ${qty(a, N.cadeira)} em cada fileira.`,
      question: `${capitalize(howMany(N.cadeira))} foram arrumadas?`,
      answer: `${capitalize(conj(VERBS.foi, result))} ${agree(ARRANGED, N.cadeira.gender, result)} ${qty(result, N.cadeira)}.`,
    }),
  }),
  T({
    id: 'disposicao-retangular.horta',
    kind: 'disposicao-retangular',
    context: 'horta',
    people: 0,
    fits: (conta) => conta.a <= 50,
    render: ({ a, b, result }) => ({
      statement: `A horta da escola tem ${qty(b, N.fileira)} de alface, com ${qty(a, N.peDeAlface)} em cada fileira.`,
      question: `${capitalize(howMany(N.peDeAlface))} há na horta?`,
      answer: `Há ${qty(result, N.peDeAlface)} na horta.`,
    }),
  }),
  T({
    id: 'disposicao-retangular.milho',
    kind: 'disposicao-retangular',
    context: 'horta',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Numa fazenda, o milho foi plantado em ${qty(b, N.fileira)}, com ${qty(a, N.peDeMilho)} em cada fileira.`,
      question: `${capitalize(howMany(N.peDeMilho))} há na plantação?`,
      answer: `Há ${qty(result, N.peDeMilho)} na plantação.`,
    }),
  }),
  T({
    id: 'disposicao-retangular.azulejos',
    kind: 'disposicao-retangular',
    context: 'fábrica',
    people: 0,
    fits: (conta) => conta.a <= 99 && conta.result <= 9_999,
    render: ({ a, b, result }) => ({
      statement: `A parede da cozinha da escola foi coberta com ${qty(b, N.fileira)} de azulejos, com ${qty(a, N.azulejo)} em cada fileira.`,
      question: `${capitalize(howMany(N.azulejo))} foram usados?`,
      answer: `${capitalize(conj(VERBS.foi, result))} ${agree(USED, N.azulejo.gender, result)} ${qty(result, N.azulejo)}.`,
    }),
  }),

  T({
    id: 'disposicao-retangular.pomar',
    kind: 'disposicao-retangular',
    context: 'sítio',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `No pomar de uma fazenda, as laranjeiras foram plantadas em ${qty(b, N.fileira)}, com ${qty(a, N.laranjeira)} em cada fileira.`,
      question: `${capitalize(howMany(N.laranjeira))} há no pomar?`,
      answer: `Há ${qty(result, N.laranjeira)} no pomar.`,
    }),
  }),

  // ── × proporcionalidade (b vezes o que custa ou rende 1) ────────────────────────────────────────────────────
  T({
    id: 'proporcionalidade.lanche',
    kind: 'proporcionalidade',
    context: 'lanche',
    people: 1,
    money: true,
    fits: (conta) => conta.a <= 15,
    render: ({ a, b, result }, cast) => ({
      statement: `Na feira, cada pastel custa ${money(a)}. ${one(cast).name} comprou ${qty(b, N.pastel)} para o lanche da família.`,
      question: `Quanto ${pronoun(cast.people)} gastou?`,
      answer: `${one(cast).name} gastou ${money(result)}.`,
    }),
  }),
  T({
    id: 'proporcionalidade.mochilas',
    kind: 'proporcionalidade',
    context: 'loja',
    people: 0,
    money: true,
    fits: (conta) => conta.a >= 20 && conta.a <= 300,
    render: ({ a, b, result }) => ({
      statement: `Cada mochila custa ${money(a)}. A escola comprou ${qty(b, N.mochila)} iguais para doar.`,
      question: 'Quanto a escola gastou?',
      answer: `A escola gastou ${money(result)}.`,
    }),
  }),
  T({
    id: 'proporcionalidade.bicicletas',
    kind: 'proporcionalidade',
    context: 'loja',
    people: 0,
    money: true,
    fits: (conta) => conta.a >= 100,
    render: ({ a, b, result }) => ({
      statement: `Cada bicicleta custa ${money(a)}. Uma loja comprou ${qty(b, N.bicicleta)} iguais.`,
      question: 'Quanto a loja pagou?',
      answer: `A loja pagou ${money(result)}.`,
    }),
  }),
  T({
    id: 'proporcionalidade.fabrica',
    kind: 'proporcionalidade',
    context: 'fábrica',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Uma máquina da fábrica faz ${qty(a, N.parafuso)} por hora.`,
      question: `${capitalize(howMany(N.parafuso))} a máquina faz em ${qty(b, N.hora)}?`,
      answer: `Em ${qty(b, N.hora)}, a máquina faz ${qty(result, N.parafuso)}.`,
    }),
  }),
  T({
    id: 'proporcionalidade.passeio',
    kind: 'proporcionalidade',
    context: 'passeio da escola',
    people: 0,
    fits: (conta) => conta.a >= 20 && conta.a <= 999 && conta.b <= 31,
    render: ({ a, b, result }) => ({
      statement: `Na viagem de estudos da escola, o ônibus percorre ${qty(a, N.quilometro)} por dia.`,
      question: `${capitalize(howMany(N.quilometro))} o ônibus percorre em ${qty(b, N.dia)}?`,
      answer: `Em ${qty(b, N.dia)}, o ônibus percorre ${qty(result, N.quilometro)}.`,
    }),
  }),

  // ── ÷ repartição em partes iguais (a repartido em b partes) ─────────────────────────────────────────────────
  T({
    id: 'reparticao.figurinhas',
    kind: 'reparticao',
    context: 'figurinhas',
    people: 1,
    fits: (conta) => conta.a <= 999 && conta.b <= 10,
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} vai repartir ${qty(a, N.figurinha)} igualmente entre ${qty(b, N.crianca)}.`,
      question: `${capitalize(howMany(N.figurinha))} cada criança vai receber${remainder > 0 ? andHowManyLeft(N.figurinha) : ''}?`,
      answer: `Cada criança vai receber ${qty(result, N.figurinha)}${remainder > 0 ? andLeft(N.figurinha, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'reparticao.lanche',
    kind: 'reparticao',
    context: 'lanche',
    people: 0,
    fits: (conta) => conta.a <= 9_999 && conta.b <= 20,
    render: ({ a, b, result, remainder }) => ({
      statement: `A cozinheira da escola fez ${qty(a, N.paoDeQueijo)} e vai ${agree(DIVIDE_THEM, N.paoDeQueijo.gender, a)} igualmente em ${qty(b, N.cesta)}.`,
      question: `${capitalize(howMany(N.paoDeQueijo))} vão em cada cesta${remainder > 0 ? andHowManyLeft(N.paoDeQueijo) : ''}?`,
      answer: `Em cada cesta ${conj(VERBS.vai, result)} ${qty(result, N.paoDeQueijo)}${remainder > 0 ? andLeft(N.paoDeQueijo, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'reparticao.campeonato',
    kind: 'reparticao',
    context: 'campeonato',
    people: 0,
    fits: any,
    render: ({ a, b, result, remainder }) => ({
      statement: `O clube da cidade vai distribuir ${qty(a, N.ingresso)} para a final do campeonato igualmente entre ${qty(b, N.escola)}.`,
      question: `${capitalize(howMany(N.ingresso))} cada escola vai receber${remainder > 0 ? andHowManyLeft(N.ingresso) : ''}?`,
      answer: `Cada escola vai receber ${qty(result, N.ingresso)}${remainder > 0 ? andLeft(N.ingresso, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'reparticao.premio',
    kind: 'reparticao',
    context: 'campeonato',
    people: 0,
    money: true,
    fits: (conta) => conta.remainder === 0 && conta.b <= 15,
    render: ({ a, b, result }) => ({
      statement: `O prêmio de ${money(a)} do campeonato de futsal vai ser dividido igualmente entre ${agree(WORDS.definite, N.jogador.gender, b)} ${qty(b, N.jogador)} do time campeão.`,
      question: 'Quanto cada jogador vai receber?',
      answer: `Cada jogador vai receber ${money(result)}.`,
    }),
  }),

  T({
    id: 'reparticao.biblioteca',
    kind: 'reparticao',
    context: 'biblioteca',
    people: 0,
    fits: any,
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca da cidade vai doar ${qty(a, N.livro)}, repartidos igualmente entre ${qty(b, N.escola)}.`,
      question: `${capitalize(howMany(N.livro))} cada escola vai receber${remainder > 0 ? andHowManyLeft(N.livro) : ''}?`,
      answer: `Cada escola vai receber ${qty(result, N.livro)}${remainder > 0 ? andLeft(N.livro, remainder) : ''}.`,
    }),
  }),

  // ── ÷ medida (quantos grupos de b cabem em a) ───────────────────────────────────────────────────────────────
  T({
    id: 'medida.passeio',
    kind: 'medida',
    context: 'passeio da escola',
    people: 0,
    fits: (conta) => conta.a <= 999 && conta.b <= 10,
    render: ({ a, b, result, remainder }) => ({
      statement: `No passeio da escola, ${qty(a, N.crianca)} ${conj(VERBS.vai, a)} formar grupos de ${qty(b, N.crianca)} para visitar o museu.`,
      question:
        remainder > 0
          ? `Quantos grupos completos vão ser formados e ${agree(WORDS.howMany, 'f', 2)} crianças vão ficar sem grupo?`
          : 'Quantos grupos vão ser formados?',
      answer:
        remainder > 0
          ? `${capitalize(conj(VERBS.vai, result))} ser ${agree(FORMED, N.grupo.gender, result)} ${qty(result, N.grupo)} ${agree(COMPLETE, N.grupo.gender, result)}, e ${qty(remainder, N.crianca)} ${conj(VERBS.vai, remainder)} ficar sem grupo.`
          : `${capitalize(conj(VERBS.vai, result))} ser ${agree(FORMED, N.grupo.gender, result)} ${qty(result, N.grupo)}.`,
    }),
  }),
  T({
    id: 'medida.feira',
    kind: 'medida',
    context: 'feira',
    people: 1,
    fits: (conta) => conta.a <= 9_999 && conta.b <= 30,
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `Na feira, ${one(cast).name} vai arrumar ${qty(a, N.laranja)} em saquinhos com ${qty(b, N.laranja)} em ${eachOne(N.saquinho)}.`,
      question: `${capitalize(howMany(N.saquinho))} ${pronoun(cast.people)} vai encher${remainder > 0 ? andHowManyLeft(N.laranja, true) : ''}?`,
      answer: `${one(cast).name} vai encher ${qty(result, N.saquinho)}${remainder > 0 ? andLeft(N.laranja, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'medida.fabrica',
    kind: 'medida',
    context: 'fábrica',
    people: 0,
    fits: any,
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma fábrica de chocolates vai embalar ${qty(a, N.bombom)} em caixas com ${qty(b, N.bombom)} ${eachOne(N.caixa)}.`,
      question: `${capitalize(howMany(N.caixa))} a fábrica vai encher${remainder > 0 ? andHowManyLeft(N.bombom, true) : ''}?`,
      answer: `A fábrica vai encher ${qty(result, N.caixa)}${remainder > 0 ? andLeft(N.bombom, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'medida.sorveteria',
    kind: 'medida',
    context: 'lanche',
    people: 1,
    money: true,
    fits: (conta) => conta.a <= 100 && conta.b <= 9,
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} tem ${money(a)} e quer comprar picolés que custam ${money(b)} cada um.`,
      question: `${capitalize(howMany(N.picole))} ${pronoun(cast.people)} pode comprar${remainder > 0 ? ' e quanto dinheiro vai sobrar' : ''}?`,
      answer: `${one(cast).name} pode comprar ${qty(result, N.picole)}${
        remainder > 0 ? ` e ${moneyVerbAfter(remainder)} ${money(remainder)}` : ''
      }.`,
    }),
  }),
  T({
    id: 'medida.livraria',
    kind: 'medida',
    context: 'loja',
    people: 1,
    money: true,
    fits: (conta) => conta.a <= 999 && conta.b >= 10 && conta.b <= 60,
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} tem ${money(a)} e quer comprar livros que custam ${money(b)} cada um.`,
      question: `${capitalize(howMany(N.livro))} ${pronoun(cast.people)} pode comprar${remainder > 0 ? ' e quanto dinheiro vai sobrar' : ''}?`,
      answer: `${one(cast).name} pode comprar ${qty(result, N.livro)}${
        remainder > 0 ? ` e ${moneyVerbAfter(remainder)} ${money(remainder)}` : ''
      }.`,
    }),
  }),

  T({
    id: 'medida.biblioteca',
    kind: 'medida',
    context: 'biblioteca',
    people: 0,
    fits: (conta) => conta.b >= 8,
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca da cidade vai arrumar ${qty(a, N.livro)} em prateleiras, com ${qty(b, N.livro)} em ${eachOne(N.prateleira)}.`,
      question: `${capitalize(howMany(N.prateleira))} vão ficar cheias${remainder > 0 ? andHowManyLeft(N.livro, true) : ''}?`,
      answer: `${capitalize(conj(VERBS.vai, result))} ficar ${agree(adjective('chei'), 'f', result)} ${qty(result, N.prateleira)}${remainder > 0 ? andLeft(N.livro, remainder) : ''}.`,
    }),
  }),

  // ── ÷ com resto: quantos são necessários (o resto pede mais um) ─────────────────────────────────────────────
  T({
    id: 'necessarios.passeio',
    kind: 'necessarios',
    context: 'passeio da escola',
    people: 0,
    fits: (conta) => conta.remainder > 0 && conta.b >= 6 && conta.b <= 50 && conta.a <= 2_000,
    render: ({ a, b, result, remainder }) => {
      const vehicle = b <= 15 ? N.van : N.onibus;
      return {
        statement: `Para o passeio da escola, ${qty(a, N.crianca)} ${conj(VERBS.vai, a)} viajar de ${vehicle.singular}, e cada ${vehicle.singular} leva ${qty(b, N.crianca)}.`,
        question: `${capitalize(howMany(vehicle))} são ${agree(NEEDED, vehicle.gender, 2)} para levar todas as crianças?`,
        answer: neededSentence(vehicle, result, remainder, adjective('chei'), 'leva', N.crianca),
      };
    },
  }),
  T({
    id: 'necessarios.biblioteca',
    kind: 'necessarios',
    context: 'biblioteca',
    people: 0,
    fits: (conta) => conta.remainder > 0,
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca vai guardar ${qty(a, N.livro)} em caixas, e em cada caixa ${conj(VERBS.cabe, b)} ${qty(b, N.livro)}.`,
      question: `${capitalize(howMany(N.caixa))} são necessárias para guardar todos os livros?`,
      answer: neededSentence(N.caixa, result, remainder, adjective('chei'), 'guarda', N.livro),
    }),
  }),
  T({
    id: 'necessarios.festa-junina',
    kind: 'necessarios',
    context: 'festa junina',
    people: 0,
    fits: (conta) => conta.remainder > 0 && conta.b >= 4 && conta.b <= 12 && conta.a <= 999,
    render: ({ a, b, result, remainder }) => ({
      statement: `A festa junina da escola vai receber ${qty(a, N.convidado)}, e cada mesa tem lugar para ${qty(b, N.convidado)}.`,
      question: `${capitalize(howMany(N.mesa))} são necessárias para que todos os convidados se sentem?`,
      answer: neededSentence(N.mesa, result, remainder, COMPLETE, 'recebe', N.convidado),
    }),
  }),
  T({
    id: 'necessarios.reciclagem',
    kind: 'necessarios',
    context: 'reciclagem',
    people: 0,
    fits: (conta) => conta.remainder > 0,
    render: ({ a, b, result, remainder }) => ({
      statement: `A escola juntou ${qty(a, N.garrafa)} para a reciclagem e vai ${agree(TAKE_THEM, N.garrafa.gender, a)} em sacos; em cada saco ${conj(VERBS.cabe, b)} ${qty(b, N.garrafa)}.`,
      question: `${capitalize(howMany(N.saco))} são necessários para levar todas as garrafas?`,
      answer: neededSentence(N.saco, result, remainder, adjective('chei'), 'leva', N.garrafa),
    }),
  }),
];

/** "vai sobrar R$ 1,00", "vão sobrar R$ 3,00": money agrees like a count of reais. */
function moneyVerbAfter(wholeReais: number): string {
  return moneyVerb(VERBS.vaiSobrar, wholeReais);
}

export const templatesOf = (kind: WordKind): WordTemplate[] =>
  WORD_TEMPLATES.filter((template) => template.kind === kind);
