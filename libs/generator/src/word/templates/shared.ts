import type { Random } from '../../random.js';
import type { Operation, Problem } from '../../types.js';
import { kindFits, type WordKind } from '../kinds.js';
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
 * Where a problem happens; a page never holds two problems of the same context with the same numbers. The first
 * contexts are a child's (figurinhas, lanche, recreio); the last ones hold the large quantities no family has
 * (população, estádio, estradas, arrecadação de uma cidade, produção de uma fábrica), which the contas of 4 and 5
 * digits are told in.
 */
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
  | 'sítio'
  | 'roupas'
  | 'sorveteria'
  | 'população'
  | 'estádio'
  | 'estrada'
  | 'arrecadação'
  | 'fazenda'
  | 'museu'
  | 'transporte'
  | 'escola'
  | 'família'
  | 'meio ambiente'
  | 'show'
  | 'eleição'
  | 'reflorestamento'
  | 'clube'
  | 'cofrinho';

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

/** The smallest and the largest value a number of a story may take, both included. */
export type Range = readonly [min: number, max: number];

/**
 * The range a story allows for each number of its conta: `a` the first term (the minuend, the multiplicand, the
 * dividend), `b` the second (the subtrahend, the multiplier, the divisor), `result` the sum, difference, product or
 * quotient. A pacote holds 5 to 20 figurinhas; a family buys 2 to 12 pastéis; a school trip lasts 2 to 7 days.
 */
export interface NumberRanges {
  readonly a: Range;
  readonly b: Range;
  readonly result: Range;
}

export const within = ([min, max]: Range, value: number): boolean => value >= min && value <= max;

/** Whether a conta's numbers lie in a story's ranges. */
export const inRanges = (ranges: NumberRanges, conta: Problem): boolean =>
  within(ranges.a, conta.a) && within(ranges.b, conta.b) && within(ranges.result, conta.result);

/** Any number at all: for a bound a story does not have. */
export const ANY: Range = [0, Number.MAX_SAFE_INTEGER];

/**
 * One way of telling a kind of problem with one conta. `ranges` (and `when`, for what ranges cannot say: a resto, a
 * divisor of 2 or 3) say which contas read well in it; `render` writes it with the lexicon only, and its statement
 * and question never depend on the answer (no article or number that agrees with it: a child must find it).
 */
export interface WordTemplate {
  readonly id: string;
  readonly kind: WordKind;
  /** The operation of the conta it tells (início desconhecido tells a + or a −). */
  readonly op: Operation;
  readonly context: WordContext;
  /** How many people the cast names (0, 1 or 2). */
  readonly people: 0 | 1 | 2;
  /** The numbers are whole reais. */
  readonly money: boolean;
  /**
   * The numbers are reais e centavos: the template tells only a conta em reais (`Problem.decimal.reais`, its numbers
   * in centavos), and no other template tells one (templates/money.ts).
   */
  readonly centavos?: boolean;
  readonly ranges: NumberRanges;
  readonly when?: (conta: Problem) => boolean;
  readonly render: (conta: Problem, cast: Cast) => RenderedText;
}

/** Whether a template tells a conta: its kind reads it and the story holds its numbers. */
export const templateFits = (template: WordTemplate, conta: Problem): boolean =>
  (template.centavos === true) === (conta.decimal?.reais === true) &&
  (conta.decimal === undefined || conta.decimal.reais === true) &&
  template.op === conta.op &&
  kindFits(template.kind, conta) &&
  inRanges(template.ranges, conta) &&
  (template.when?.(conta) ?? true);

/**
 * A problem in two steps ("duas etapas"): the first conta is drawn from the page's numbers and must lie in `ranges`;
 * `next` makes the second from the first's result (drawing the new number the story needs, within `nextRanges`), or
 * answers null when the first leaves no room for it. `steps` names each conta's operation and meaning (its BNCC
 * codes). The gabarito works both contas; the answer is the second's result.
 */
export interface TwoStepTemplate {
  readonly id: string;
  readonly kind: 'duas-etapas';
  readonly context: WordContext;
  readonly people: 0 | 1 | 2;
  readonly money: boolean;
  readonly steps: readonly [
    { readonly op: Operation; readonly kind: WordKind },
    { readonly op: Operation; readonly kind: WordKind },
  ];
  readonly ranges: NumberRanges;
  readonly when?: (conta: Problem) => boolean;
  readonly next: (random: Random, first: Problem) => Problem | null;
  readonly nextRanges: NumberRanges;
  readonly render: (steps: readonly [Problem, Problem], cast: Cast) => RenderedText;
}

/** Whether a two-step template can start from a conta. */
export const twoStepFits = (template: TwoStepTemplate, conta: Problem): boolean =>
  // A story in two steps counts things or whole reais: no decimal conta starts one.
  conta.decimal === undefined &&
  template.steps[0].op === conta.op &&
  inRanges(template.ranges, conta) &&
  (template.when?.(conta) ?? true);

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
  caderno: noun('caderno', 'cadernos', 'm'),
  // two-steps.ts (duas etapas)
  passageiro: noun('passageiro', 'passageiros', 'm'),
  litro: noun('litro', 'litros', 'm'),
  turista: noun('turista', 'turistas', 'm'),
  agasalho: noun('agasalho', 'agasalhos', 'm'),
  amigo: noun('amigo', 'amigos', 'm'),
  bala: noun('bala', 'balas', 'f'),
  brigadeiro: noun('brigadeiro', 'brigadeiros', 'm'),
  peca: noun('peça', 'peças', 'f'),
  carteira: noun('carteira', 'carteiras', 'f'),
  bandeja: noun('bandeja', 'bandejas', 'f'),
  fantasia: noun('fantasia', 'fantasias', 'f'),
  ala: noun('ala', 'alas', 'f'),
  integrante: noun('integrante', 'integrantes', 'm'),
  partida: noun('partida', 'partidas', 'f'),
  ovo: noun('ovo', 'ovos', 'm'),
  poltrona: noun('poltrona', 'poltronas', 'f'),
  turma: noun('turma', 'turmas', 'f'),
  colega: noun('colega', 'colegas', 'm'),
  quilo: noun('quilo', 'quilos', 'm'),
  entidade: noun('entidade', 'entidades', 'f'),
  arvore: noun('árvore', 'árvores', 'f'),
  manga: noun('manga', 'mangas', 'f'),
  neto: noun('neto', 'netos', 'm'),
  sobrinho: noun('sobrinho', 'sobrinhos', 'm'),
  passagem: noun('passagem', 'passagens', 'f'),
  vez: noun('vez', 'vezes', 'f'),
  caminhao: noun('caminhão', 'caminhões', 'm'),
  canteiro: noun('canteiro', 'canteiros', 'm'),
  viagem: noun('viagem', 'viagens', 'f'),
  primo: noun('primo', 'primos', 'm'),
  pizza: noun('pizza', 'pizzas', 'f'),
  habitante: noun('habitante', 'habitantes', 'm'),
  estante: noun('estante', 'estantes', 'f'),
  semana: noun('semana', 'semanas', 'f'),
  area: noun('área', 'áreas', 'f'),
  mercado: noun('mercado', 'mercados', 'm'),
  // mult.ts and div.ts (× and ÷ templates)
  adesivo: noun('adesivo', 'adesivos', 'm'),
  ano: noun('ano', 'anos', 'm'),
  atleta: noun('atleta', 'atletas', 'm'),
  bairro: noun('bairro', 'bairros', 'm'),
  barraca: noun('barraca', 'barracas', 'f'),
  bermuda: noun('bermuda', 'bermudas', 'f'),
  biscoito: noun('biscoito', 'biscoitos', 'm'),
  blusa: noun('blusa', 'blusas', 'f'),
  bola: noun('bola', 'bolas', 'f'),
  bolo: noun('bolo', 'bolos', 'm'),
  boneca: noun('boneca', 'bonecas', 'f'),
  brinquedo: noun('brinquedo', 'brinquedos', 'm'),
  calcao: noun('calção', 'calções', 'm'),
  cama: noun('cama', 'camas', 'f'),
  caminho: noun('caminho', 'caminhos', 'm'),
  camiseta: noun('camiseta', 'camisetas', 'f'),
  carrinho: noun('carrinho', 'carrinhos', 'm'),
  cobertura: noun('cobertura', 'coberturas', 'f'),
  combinacao: noun('combinação', 'combinações', 'f'),
  creche: noun('creche', 'creches', 'f'),
  dupla: noun('dupla', 'duplas', 'f'),
  escoteiro: noun('escoteiro', 'escoteiros', 'm'),
  familia: noun('família', 'famílias', 'f'),
  garrafao: noun('garrafão', 'garrafões', 'm'),
  instituicao: noun('instituição', 'instituições', 'f'),
  lanche: noun('lanche', 'lanches', 'm'),
  latao: noun('latão', 'latões', 'm'),
  loja: noun('loja', 'lojas', 'f'),
  maneira: noun('maneira', 'maneiras', 'f'),
  meia: noun('meia', 'meias', 'f'),
  menina: noun('menina', 'meninas', 'f'),
  menino: noun('menino', 'meninos', 'm'),
  morador: noun('morador', 'moradores', 'm'),
  par: noun('par', 'pares', 'm'),
  parDeSapatos: noun('par de sapatos', 'pares de sapatos', 'm'),
  patinete: noun('patinete', 'patinetes', 'm'),
  peDeCafe: noun('pé de café', 'pés de café', 'm'),
  pedalinho: noun('pedalinho', 'pedalinhos', 'm'),
  pedido: noun('pedido', 'pedidos', 'm'),
  pote: noun('pote', 'potes', 'm'),
  quarto: noun('quarto', 'quartos', 'm'),
  rodinha: noun('rodinha', 'rodinhas', 'f'),
  sabonete: noun('sabonete', 'sabonetes', 'm'),
  sabor: noun('sabor', 'sabores', 'm'),
  saia: noun('saia', 'saias', 'f'),
  tipoDeMassa: noun('tipo de massa', 'tipos de massa', 'm'),
  tipoDeRecheio: noun('tipo de recheio', 'tipos de recheio', 'm'),
  tipoDeSanduiche: noun('tipo de sanduíche', 'tipos de sanduíche', 'm'),
  tipoDeSuco: noun('tipo de suco', 'tipos de suco', 'm'),
  tomate: noun('tomate', 'tomates', 'm'),
  triciclo: noun('triciclo', 'triciclos', 'm'),
  uniforme: noun('uniforme', 'uniformes', 'm'),
  vaga: noun('vaga', 'vagas', 'f'),
  varal: noun('varal', 'varais', 'm'),
  voo: noun('voo', 'voos', 'm'),
  ipe: noun('ipê', 'ipês', 'm'),
  balao: noun('balão', 'balões', 'm'),
  tampinha: noun('tampinha', 'tampinhas', 'f'),
  placaSolar: noun('placa solar', 'placas solares', 'f'),
  // add.ts and sub.ts
  melancia: noun('melancia', 'melancias', 'f'),
  voto: noun('voto', 'votos', 'm'),
  musico: noun('músico', 'músicos', 'm'),
  tripulante: noun('tripulante', 'tripulantes', 'm'),
  galinha: noun('galinha', 'galinhas', 'f'),
  fruta: noun('fruta', 'frutas', 'f'),
  banana: noun('banana', 'bananas', 'f'),
  // money.ts (reais e centavos)
  mensalidade: noun('mensalidade', 'mensalidades', 'f'),
  celular: noun('celular', 'celulares', 'm'),
  prestacao: noun('prestação', 'prestações', 'f'),
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

/** A one-conta template; `money` false unless said. */
export const T = (template: Omit<WordTemplate, 'money'> & { money?: boolean }): WordTemplate => ({
  money: false,
  ...template,
});

/**
 * The largest term a sheet arms in a column (5 digits, as a Difícil conta) and the largest sum it writes under one.
 * A two-step story carries its first result into the second conta as a term, so both contas keep to these whatever
 * the story would allow: a 6-digit term does not fit the Cálculo quadriculado nor the written algorithm's columns.
 */
const LARGEST_TERM = 99_999;
const LARGEST_RESULT = 199_998;
const capped = ([min, max]: Range, cap: number): Range => [min, Math.min(max, cap)];

/** A two-step template; `money` false unless said; its numbers capped to what a sheet arms (see LARGEST_TERM). */
export const T2 = (
  template: Omit<TwoStepTemplate, 'money' | 'kind'> & { money?: boolean },
): TwoStepTemplate => ({
  money: false,
  kind: 'duas-etapas',
  ...template,
  ranges: {
    a: capped(template.ranges.a, LARGEST_TERM),
    b: capped(template.ranges.b, LARGEST_TERM),
    result: capped(template.ranges.result, LARGEST_TERM),
  },
  nextRanges: {
    a: capped(template.nextRanges.a, LARGEST_TERM),
    b: capped(template.nextRanges.b, LARGEST_TERM),
    result: capped(
      template.nextRanges.result,
      template.steps[1].op === 'add' ? LARGEST_RESULT : LARGEST_TERM,
    ),
  },
});

/** "vai sobrar R$ 1,00", "vão sobrar R$ 3,00": money agrees like a count of reais. */
export function moneyVerbAfter(wholeReais: number): string {
  return moneyVerb(VERBS.vaiSobrar, wholeReais);
}
