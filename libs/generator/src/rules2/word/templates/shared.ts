import type { Problem } from '../../../types.js';
import type { WordKind } from '../kinds.js';
import {
  agree,
  capitalize,
  conj,
  moneyVerb,
  noun,
  qty,
  VERBS,
  WORDS,
  type Forms,
  type Noun,
  type Person,
} from '../lexicon.js';

/**
 * What the templates of rules 2 are written with: their types, the nouns they count, and the agreeing words and
 * sentences several of them share. The templates themselves are in add.ts, sub.ts, mult.ts and div.ts.
 */

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

export const N = NOUNS;

/** Participles and adjectives agree like determiners (see `agree`). */
export const adjective = (stem: string): Forms => [`${stem}o`, `${stem}a`, `${stem}os`, `${stem}as`];
export const BLUE: Forms = ['azul', 'azul', 'azuis', 'azuis'];
export const RED = adjective('vermelh');
export const SOLD = adjective('vendid');
export const PLANTED = adjective('plantad');
export const ARRANGED = adjective('arrumad');
export const USED = adjective('usad');
export const FORMED = adjective('formad');
export const NEEDED: Forms = ['necessário', 'necessária', 'necessários', 'necessárias'];
export const COMPLETE: Forms = ['completo', 'completa', 'completos', 'completas'];
/** The clitic after an infinitive: "dividi-los" (the pães de queijo), "dividi-las" (the paçocas). */
export const DIVIDE_THEM: Forms = ['dividi-lo', 'dividi-la', 'dividi-los', 'dividi-las'];
export const TAKE_THEM: Forms = ['levá-lo', 'levá-la', 'levá-los', 'levá-las'];

/** "a outra" or "as outras", "o outro" or "os outros": the rest of a collection of `count` things. */
export const theOthers = (word: Noun, count: number): string =>
  `${agree(WORDS.definite, word.gender, count)} ${agree(WORDS.other, word.gender, count)}`;

/** The one person, or the pair, a template is about. */
export const one = (cast: Cast): Person => cast.people[0] as Person;
export const two = (cast: Cast): Person => cast.people[1] as Person;

/**
 * A division's "e quantos vão sobrar" and its answer, when the conta has a resto. The question names what is left
 * ("e quantas laranjas vão sobrar") when it asked about something else (saquinhos).
 */
export const andHowManyLeft = (word: Noun, named = false): string =>
  ` e ${agree(WORDS.howMany, word.gender, 2)}${named ? ` ${word.plural}` : ''} vão sobrar`;
export const andLeft = (word: Noun, remainder: number): string =>
  ` e ${conj(VERBS.vaiSobrar, remainder)} ${qty(remainder, word)}`;

/**
 * "São necessárias 13 caixas: 12 caixas ficam cheias e mais uma caixa guarda os 5 livros que sobram." The resto is
 * why one more is needed, and the answer says so.
 */
export function neededSentence(
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

export const upTo = (max: number) => (conta: Problem) => Math.max(conta.a, conta.b, conta.result) <= max;
export const any = () => true;

export const T = (template: Omit<WordTemplate, 'money'> & { money?: boolean }): WordTemplate => ({
  money: false,
  ...template,
});

/** "vai sobrar R$ 1,00", "vão sobrar R$ 3,00": money agrees like a count of reais. */
export function moneyVerbAfter(wholeReais: number): string {
  return moneyVerb(VERBS.vaiSobrar, wholeReais);
}
