import { reaisText } from '@app/contracts/decimal';
import { thousands } from '../format.js';

/**
 * The small pt-BR lexicon the situações-problema are written with. Agreement is by construction: a template never
 * writes a noun, an article, a pronoun or a verb that depends on a number or a person as a literal; it asks this
 * module, which picks the form from the count or the people drawn ("1 figurinha", "2 figurinhas", "ela ficou",
 * "eles ficaram"). No word comes from a user.
 */

export type Gender = 'm' | 'f';

/** A countable noun: its singular and plural ("lápis" and "ônibus" are the same in both) and its gender. */
export interface Noun {
  readonly singular: string;
  readonly plural: string;
  readonly gender: Gender;
}

export const noun = (singular: string, plural: string, gender: Gender): Noun => ({
  singular,
  plural,
  gender,
});

/** The form of a noun for a count: singular only for exactly 1. */
export const form = (word: Noun, count: number): string => (count === 1 ? word.singular : word.plural);

/** A count with its noun, the number written as Brazilians do: "1 figurinha", "2 figurinhas", "1.250 livros". */
export const qty = (count: number, word: Noun): string => `${thousands(count)} ${form(word, count)}`;

/** Whether a count takes the plural (of a noun, a verb, an adjective): every count but 1. */
export const isPlural = (count: number): boolean => count !== 1;

/** Four forms of an adjective or determiner: masculine singular, feminine singular, masculine and feminine plural. */
export type Forms = readonly [ms: string, fs: string, mp: string, fp: string];

/** The form of an adjective or determiner that agrees with a gender and a count. */
export const agree = (forms: Forms, gender: Gender, count: number): string =>
  forms[(isPlural(count) ? 2 : 0) + (gender === 'f' ? 1 : 0)] as string;

/** Determiners and adjectives the templates use (agreeing with `agree`). */
export const WORDS = {
  definite: ['o', 'a', 'os', 'as'],
  of: ['do', 'da', 'dos', 'das'],
  indefinite: ['um', 'uma', 'uns', 'umas'],
  other: ['outro', 'outra', 'outros', 'outras'],
  howMany: ['quanto', 'quanta', 'quantos', 'quantas'],
  together: ['junto', 'junta', 'juntos', 'juntas'],
  his: ['seu', 'sua', 'seus', 'suas'],
} as const satisfies Record<string, Forms>;

/** "Quantas figurinhas", "Quantos livros": the question word agrees with the noun's gender. */
export const howMany = (word: Noun): string => `${agree(WORDS.howMany, word.gender, 2)} ${word.plural}`;

/** "cada um" or "cada uma", after a noun of that gender ("caixas com 12 lápis cada uma"). */
export const eachOne = (word: Noun): string => `cada ${agree(WORDS.indefinite, word.gender, 1)}`;

/** A verb's third person, singular and plural: "ficou"/"ficaram". */
export interface Verb {
  readonly singular: string;
  readonly plural: string;
}

const verb = (singular: string, plural: string): Verb => ({ singular, plural });

/**
 * The verbs of the templates, third person singular and plural. Those conjugated by a count or by the people drawn
 * go through `conj` and `verbFor`; the others are written after one named person ("Ana vendeu") and are listed so
 * that the agreement test checks them too.
 */
export const VERBS = {
  ficou: verb('ficou', 'ficaram'),
  tem: verb('tem', 'têm'),
  tinha: verb('tinha', 'tinham'),
  ganhou: verb('ganhou', 'ganharam'),
  sobrou: verb('sobrou', 'sobraram'),
  sobra: verb('sobra', 'sobram'),
  vaiSobrar: verb('vai sobrar', 'vão sobrar'),
  falta: verb('falta', 'faltam'),
  foi: verb('foi', 'foram'),
  torcia: verb('torcia', 'torciam'),
  recebeu: verb('recebeu', 'receberam'),
  vaiReceber: verb('vai receber', 'vão receber'),
  fica: verb('fica', 'ficam'),
  vai: verb('vai', 'vão'),
  cabe: verb('cabe', 'cabem'),
  leva: verb('leva', 'levam'),
  comeu: verb('comeu', 'comeram'),
  e: verb('é', 'são'),
  assistiu: verb('assistiu', 'assistiram'),
  visitou: verb('visitou', 'visitaram'),
  custa: verb('custa', 'custam'),
  colheu: verb('colheu', 'colheram'),
  leu: verb('leu', 'leram'),
  juntou: verb('juntou', 'juntaram'),
  vendeu: verb('vendeu', 'venderam'),
  comprou: verb('comprou', 'compraram'),
  gastou: verb('gastou', 'gastaram'),
  marcou: verb('marcou', 'marcaram'),
  guarda: verb('guarda', 'guardam'),
  recebe: verb('recebe', 'recebem'),
  pode: verb('pode', 'podem'),
  colou: verb('colou', 'colaram'),
  fez: verb('fez', 'fizeram'),
  deu: verb('deu', 'deram'),
  levou: verb('levou', 'levaram'),
  // two-steps.ts (duas etapas)
  subiu: verb('subiu', 'subiram'),
  desceu: verb('desceu', 'desceram'),
  esta: verb('está', 'estão'),
  veio: verb('veio', 'vieram'),
  seguiu: verb('seguiu', 'seguiram'),
  saiu: verb('saiu', 'saíram'),
  chegou: verb('chegou', 'chegaram'),
  repartiu: verb('repartiu', 'repartiram'),
  quer: verb('quer', 'querem'),
  montou: verb('montou', 'montaram'),
  vaiFicar: verb('vai ficar', 'vão ficar'),
  estava: verb('estava', 'estavam'),
  mora: verb('mora', 'moram'),
  /** "a laranja que sobrar", "as laranjas que sobrarem": a resto still to come. */
  sobrar: verb('sobrar', 'sobrarem'),
  // add.ts and sub.ts
  resta: verb('resta', 'restam'),
  entrou: verb('entrou', 'entraram'),
  embarcou: verb('embarcou', 'embarcaram'),
  estuda: verb('estuda', 'estudam'),
  seMudou: verb('se mudou', 'se mudaram'),
  era: verb('era', 'eram'),
  tocou: verb('tocou', 'tocaram'),
  perdeu: verb('perdeu', 'perderam'),
  foiEmbora: verb('foi embora', 'foram embora'),
  viajou: verb('viajou', 'viajaram'),
  votou: verb('votou', 'votaram'),
} as const satisfies Record<string, Verb>;

/** A verb agreeing with a count: "sobrou 1", "sobraram 2". */
export const conj = (word: Verb, count: number): string => (isPlural(count) ? word.plural : word.singular);

/** A person of a problem: a first name and its gender (the pronoun and every agreement follow it). */
export interface Person {
  readonly name: string;
  readonly gender: Gender;
}

const female = (name: string): Person => ({ name, gender: 'f' });
const male = (name: string): Person => ({ name, gender: 'm' });

/**
 * First names as Brazilian classrooms hold them: the most given to the children now in the anos iniciais (Miguel,
 * Arthur, Heitor, Gael, Alice, Laura, Helena, Valentina…) beside names of varied origins (Tupi, Yoruba, Japanese,
 * Arabic, Ukrainian…), as many girls as boys (`GIRLS` and `BOYS`; a page names them in turn, girl then boy).
 */
export const GIRLS: readonly Person[] = [
  'Alice',
  'Helena',
  'Laura',
  'Valentina',
  'Heloísa',
  'Manuela',
  'Sophia',
  'Cecília',
  'Lívia',
  'Júlia',
  'Lorena',
  'Beatriz',
  'Maitê',
  'Ana',
  'Maria',
  'Giovana',
  'Luana',
  'Iara',
  'Dandara',
  'Ayumi',
  'Yasmin',
  'Raíssa',
  'Catarina',
  'Oksana',
].map(female);

export const BOYS: readonly Person[] = [
  'Miguel',
  'Arthur',
  'Heitor',
  'Gael',
  'Théo',
  'Davi',
  'Gabriel',
  'Bernardo',
  'Samuel',
  'Ravi',
  'Lucas',
  'Pedro',
  'Matheus',
  'Joaquim',
  'João',
  'Rafael',
  'Enzo',
  'Kauã',
  'Caio',
  'Kenji',
  'Samir',
  'Akin',
  'Moacir',
  'Ubirajara',
].map(male);

export const NAMES: readonly Person[] = [...GIRLS, ...BOYS];

/** The subject pronoun of one person or of a group ("eles" as soon as one man is in it). */
export function pronoun(people: readonly Person[]): string {
  const plural = people.length > 1;
  const gender: Gender = people.some((person) => person.gender === 'm') ? 'm' : 'f';
  return agree(['ele', 'ela', 'eles', 'elas'], gender, plural ? 2 : 1);
}

/** The gender a group of people agrees in: masculine as soon as one man is in it. */
export const groupGender = (people: readonly Person[]): Gender =>
  people.some((person) => person.gender === 'm') ? 'm' : 'f';

/** A group of people as a subject: "Ana", "Ana e Pedro". */
export const names = (people: readonly Person[]): string =>
  people.length === 1
    ? (people[0] as Person).name
    : `${people
        .slice(0, -1)
        .map((person) => person.name)
        .join(', ')} e ${(people.at(-1) as Person).name}`;

/** A verb agreeing with its subject: one person takes the singular, two or more the plural. */
export const verbFor = (word: Verb, people: readonly Person[]): string =>
  people.length > 1 ? word.plural : word.singular;

/** The relatives and neighbours a problem mentions ("sua prima", "seu tio"), both genders. */
export const RELATIVES: readonly Noun[] = [
  noun('primo', 'primos', 'm'),
  noun('prima', 'primas', 'f'),
  noun('tio', 'tios', 'm'),
  noun('tia', 'tias', 'f'),
  noun('avô', 'avôs', 'm'),
  noun('avó', 'avós', 'f'),
  noun('irmão', 'irmãos', 'm'),
  noun('irmã', 'irmãs', 'f'),
  noun('vizinho', 'vizinhos', 'm'),
  noun('vizinha', 'vizinhas', 'f'),
];

/** "da sua prima", "do seu tio" (de + article). */
export const fromHis = (relative: Noun): string =>
  `${agree(WORDS.of, relative.gender, 1)} ${agree(WORDS.his, relative.gender, 1)} ${relative.singular}`;

/** "para a sua prima", "para o seu tio". */
export const toHis = (relative: Noun): string =>
  `para ${agree(WORDS.definite, relative.gender, 1)} ${agree(WORDS.his, relative.gender, 1)} ${relative.singular}`;

/** The first letter in upper case, for a sentence that starts with a word the lexicon gave. */
export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Whole reais as money is written in Brazil: 12 → "R$ 12,00", 1250 → "R$ 1.250,00" (see `reais` for cents). A
 * problem about money counts whole reais, so its conta is a conta of natural numbers like every other.
 */
export const money = (wholeReais: number): string => reais(wholeReais * 100);

/**
 * Integer cents as Brazilians write money, with a plain space after the symbol (as the product's `formatCents`
 * does, without `Intl`, which the generator does not use): 1250 → "R$ 12,50", 123456 → "R$ 1.234,56" (the
 * contracts' `reaisText`, which the sheets' decimal contas write too).
 */
export const reais = (cents: number): string => reaisText(cents);

/** A money amount agrees like a count of reais: "sobrou R$ 1,00", "sobraram R$ 2,00". */
export const moneyVerb = (word: Verb, wholeReais: number): string => conj(word, wholeReais);
