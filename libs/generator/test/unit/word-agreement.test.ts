import { formatCents } from '@app/contracts/format';
import { describe, expect, it } from 'vitest';
import type { Operation, Problem } from '../../src/index.js';
import { solve } from '../../src/problems.js';
import { WORD_KINDS } from '../../src/word/kinds.js';
import {
  NAMES,
  RELATIVES,
  VERBS,
  groupGender,
  pronoun,
  qty,
  reais,
  type Gender,
  type Noun,
  type Person,
} from '../../src/word/lexicon.js';
import {
  NOUNS,
  TWO_STEP_TEMPLATES,
  WORD_TEMPLATES,
  type Cast,
  type RenderedText,
  type TwoStepTemplate,
  type WordTemplate,
} from '../../src/word/templates/index.js';

/**
 * Every template, rendered with the numbers at their edges (1, 2 and a large number in every slot, whatever the
 * template's `fits` says) and every gender of its people, is checked against the agreement rules of Portuguese:
 * a count of 1 takes the singular noun, any other count the plural; articles, determiners, participles and
 * adjectives agree with the noun's gender and number; verbs agree with their subject (a count, a person, a pair or
 * a pronoun); pronouns are those of the people drawn.
 */

const LARGE = 45_678;
const LARGE_FACTOR = 345;

const conta = (op: Operation, a: number, b: number): Problem => solve(op, { a, b });

/**
 * A template of one conta or of two (duas etapas) as this test renders it: its first operation, how it tells a list of
 * contas (a two-step template takes the first and makes the second from the same edges), its people.
 */
interface Told {
  id: string;
  kind: WordTemplate['kind'];
  op: Operation;
  people: number;
  money: boolean;
  tell: (conta: Problem, cast: Cast) => RenderedText;
}

const oneConta = (template: WordTemplate): Told => ({ ...template, tell: template.render });

/** A two-step template told with its first conta and a second of the same edge numbers (1, 2, large). */
function twoContas(template: TwoStepTemplate): Told {
  const [first, second] = template.steps;
  return {
    ...template,
    op: first.op,
    tell: (conta, cast) => {
      const other =
        second.op === 'sub'
          ? solve('sub', { a: conta.result + conta.a, b: conta.a })
          : second.op === 'div'
            ? solve('div', { a: conta.a * conta.b, b: conta.b })
            : solve(second.op, { a: conta.b, b: conta.a });
      return template.render([conta, other], cast);
    },
  };
}

const TOLD: readonly Told[] = [...WORD_TEMPLATES.map(oneConta), ...TWO_STEP_TEMPLATES.map(twoContas)];

/** Contas whose every number (terms, result, quotient, resto) takes 1, 2 and a large value somewhere. */
function edgeContas(template: Told): Problem[] {
  // A value paid in cédulas and moedas is a multiple of 5 centavos: 1 moeda, 2 moedas, many pieces.
  const edges = template.kind === 'cedulas-moedas' ? [5, 15, LARGE - 3] : [1, 2, LARGE];
  const op = template.op;
  switch (op) {
    case 'add':
      return edges.flatMap((a) => edges.map((b) => conta(op, a, b)));
    case 'sub':
      // every result with every subtrahend
      return edges.flatMap((result) => edges.map((b) => conta(op, b + result, b)));
    case 'mult':
      return [1, 2, LARGE_FACTOR].flatMap((a) => [1, 2, LARGE_FACTOR].map((b) => conta(op, a, b)));
    case 'div': {
      const remainder = WORD_KINDS[template.kind].remainder;
      const remainders = remainder === 'required' ? [1, 2] : remainder === 'none' ? [0] : [0, 1, 2];
      return [1, 2, 3, 25].flatMap((b) =>
        [1, 2, LARGE].flatMap((quotient) =>
          remainders.filter((r) => r < b).map((r) => conta(op, quotient * b + r, b)),
        ),
      );
    }
  }
}

const GENDERS: Gender[] = ['f', 'm'];
const someone = (gender: Gender, skip = ''): Person =>
  NAMES.find((person) => person.gender === gender && person.name !== skip) as Person;

/** One person of each gender, or every ordered pair of genders. */
function casts(template: Pick<Told, 'people'>): Person[][] {
  if (template.people === 0) return [[]];
  if (template.people === 1) return GENDERS.map((gender) => [someone(gender)]);
  return GENDERS.flatMap((first) =>
    GENDERS.map((second) => {
      const one = someone(first);
      return [one, someone(second, one.name)];
    }),
  );
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (words: readonly string[]): string =>
  [...new Set(words)]
    .sort((x, y) => y.length - x.length)
    .map(escape)
    .join('|');

const ALL_NOUNS: readonly Noun[] = [...Object.values(NOUNS), ...RELATIVES];
const NOUN_FORMS = alternation(ALL_NOUNS.flatMap((noun) => [noun.singular, noun.plural]));
/** Every noun a form can be (lápis de cor and ônibus are both numbers at once). */
const nounsOf = (form: string): Noun[] =>
  ALL_NOUNS.filter((noun) => noun.singular === form || noun.plural === form);
const formIs = (noun: Noun, form: string, plural: boolean): boolean =>
  (plural ? noun.plural : noun.singular) === form;

const VERB_LIST = Object.values(VERBS);
const VERB_FORMS = alternation(VERB_LIST.flatMap((verb) => [verb.singular, verb.plural]));
/** Whether a verb form can be singular (or plural): "é" singular, "são" plural. */
const verbCan = (form: string, plural: boolean): boolean =>
  VERB_LIST.some((verb) => (plural ? verb.plural : verb.singular) === form);

/** Determiners, participles and adjectives with their gender and number, as the templates may write them. */
type Agreeing = { gender: Gender | null; plural: boolean };
const AGREEING = new Map<string, Agreeing>();
const forms = (words: readonly string[], genders: ReadonlyArray<Gender | null>) =>
  words.forEach((word, index) =>
    AGREEING.set(word, { gender: genders[index % 2] ?? null, plural: index >= 2 }),
  );
for (const stem of [
  'vendid',
  'plantad',
  'arrumad',
  'usad',
  'formad',
  'necessári',
  'complet',
  'chei',
  'vermelh',
  'outr',
  'junt',
  // two-steps.ts
  'nov',
  'avuls',
  'colocad',
  'arrecadad',
  'repetid',
  'colad',
]) {
  forms([`${stem}o`, `${stem}a`, `${stem}os`, `${stem}as`], ['m', 'f']);
}
forms(['o', 'a', 'os', 'as'], ['m', 'f']);
forms(['do', 'da', 'dos', 'das'], ['m', 'f']);
forms(['no', 'na', 'nos', 'nas'], ['m', 'f']);
forms(['seu', 'sua', 'seus', 'suas'], ['m', 'f']);
forms(['um', 'uma', 'uns', 'umas'], ['m', 'f']);
forms(['quanto', 'quanta', 'quantos', 'quantas'], ['m', 'f']);
forms(['azul', 'azul', 'azuis', 'azuis'], [null, null]);
forms(['dividi-lo', 'dividi-la', 'dividi-los', 'dividi-las'], ['m', 'f']);
forms(['entregue', 'entregue', 'entregues', 'entregues'], [null, null]);
const AGREEING_FORMS = alternation([...AGREEING.keys()]);
/** The adjectives and participles alone (no articles): what may follow "12 caixas ficam". */
const ADJECTIVE_FORMS = alternation(
  [...AGREEING.keys()].filter((word) =>
    /^(vendid|plantad|arrumad|usad|formad|necessári|complet|chei|vermelh|azu)/.test(word),
  ),
);
const agreeingOf = (word: string): Agreeing => AGREEING.get(word.toLowerCase()) as Agreeing;

const NUMBER = String.raw`(?<![\d.,])(\d{1,3}(?:\.\d{3})*)(?![\d,])`;
const countOf = (text: string): number => Number(text.replaceAll('.', ''));

interface Render {
  template: Told;
  conta: Problem;
  people: Person[];
  text: string;
}

/** Every rule broken in a rendered problem, as readable messages. */
function agreementErrors({ template, people, text }: Render): string[] {
  const errors: string[] = [];
  const flag = (message: string) => errors.push(message);

  // A count and its noun: "1 figurinha", "2 figurinhas".
  for (const [, number, form] of text.matchAll(new RegExp(`${NUMBER} (${NOUN_FORMS})\\b`, 'gu'))) {
    const plural = countOf(number as string) !== 1;
    if (!nounsOf(form as string).some((noun) => formIs(noun, form as string, plural)))
      flag(`"${number} ${form}": the count asks for the ${plural ? 'plural' : 'singular'}`);
  }

  // Determiners right before a noun: "cada uma", "as outras", "quantas figurinhas", "da sua prima".
  for (const [, word, form] of text.matchAll(
    new RegExp(`(?<![\\p{L}-])(${AGREEING_FORMS}) (${NOUN_FORMS})\\b`, 'giu'),
  )) {
    const agreeing = agreeingOf(word as string);
    const fits = nounsOf(form as string).some(
      (noun) =>
        formIs(noun, form as string, agreeing.plural) &&
        (agreeing.gender === null || agreeing.gender === noun.gender),
    );
    if (!fits) flag(`"${word} ${form}": the determiner does not agree with the noun`);
  }
  // "caixas com 12 bombons cada uma": cada um(a) agrees with the container named before the count.
  for (const [, container, word] of text.matchAll(
    new RegExp(`(${NOUN_FORMS}) com \\d[\\d.]* (?:${NOUN_FORMS}) (?:em )?cada (um|uma)\\b`, 'gu'),
  )) {
    const gender: Gender = word === 'uma' ? 'f' : 'm';
    if (!nounsOf(container as string).some((noun) => noun.gender === gender))
      flag(`"${container} … cada ${word}": cada agrees with ${container}`);
  }
  // Participles and adjectives before a count: "foram vendidos 45 ingressos", "São necessárias 3 caixas".
  for (const [, word, number, form] of text.matchAll(
    new RegExp(`(?<![\\p{L}-])(${AGREEING_FORMS}) ${NUMBER} (${NOUN_FORMS})\\b`, 'giu'),
  )) {
    const agreeing = agreeingOf(word as string);
    const plural = countOf(number as string) !== 1;
    const fits = nounsOf(form as string).some(
      (noun) => agreeing.gender === null || agreeing.gender === noun.gender,
    );
    if (!fits || agreeing.plural !== plural) flag(`"${word} ${number} ${form}": ${word} does not agree`);
  }
  // Adjectives after a count and its verb: "12 caixas ficam cheias", "1 lápis de cor é vermelho".
  for (const [, number, form, verb, word] of text.matchAll(
    new RegExp(`${NUMBER} (${NOUN_FORMS}) (${VERB_FORMS}) (${ADJECTIVE_FORMS})\\b`, 'gu'),
  )) {
    const agreeing = agreeingOf(word as string);
    const plural = countOf(number as string) !== 1;
    const genderFits = nounsOf(form as string).some(
      (noun) => agreeing.gender === null || agreeing.gender === noun.gender,
    );
    if (!genderFits || agreeing.plural !== plural || !verbCan(verb as string, plural))
      flag(`"${number} ${form} ${verb} ${word}": does not agree with the count`);
  }

  // Verbs whose subject is a count: "1 criança vai", "18 são azuis", "5 pessoas que assistiram".
  for (const [, number, verb] of text.matchAll(
    new RegExp(`${NUMBER}(?: (?:${NOUN_FORMS}))?(?: que)? (${VERB_FORMS})\\b`, 'gu'),
  )) {
    const plural = countOf(number as string) !== 1;
    if (!verbCan(verb as string, plural))
      flag(`"${number} … ${verb}": the verb does not agree with the count`);
  }
  // Verbs whose subject is the count after them: "Sobraram 5", "foram vendidos 45", "Vai ser formado 1 grupo".
  for (const [, verb, number] of text.matchAll(
    new RegExp(
      `(?<![\\p{L}-])(${alternation(['sobrou', 'sobraram', 'vai sobrar', 'vão sobrar', 'falta', 'faltam', 'foi', 'foram', 'ficou', 'ficaram', 'cabe', 'cabem', 'vai', 'vão', 'é', 'são'])})(?: ser)?(?: (?:${AGREEING_FORMS}))? ${NUMBER}`,
      'giu',
    ),
  )) {
    const plural = countOf(number as string) !== 1;
    if (!verbCan((verb as string).toLowerCase(), plural))
      flag(`"${verb} … ${number}": the verb does not agree with the count`);
  }
  // The rest of a collection and its verb: "a outra torcia", "os outros são vermelhos".
  for (const [, article, other, verb, adjective] of text.matchAll(
    new RegExp(
      `\\b(o|a|os|as) (outro|outra|outros|outras) (${VERB_FORMS})(?: (${ADJECTIVE_FORMS}))?\\b`,
      'gu',
    ),
  )) {
    const plural = (other as string).endsWith('s');
    const gender = (other as string).includes('outra') ? 'f' : 'm';
    const articleFits =
      agreeingOf(article as string).plural === plural && agreeingOf(article as string).gender === gender;
    const adjectiveFits =
      adjective === undefined ||
      (agreeingOf(adjective).plural === plural && [null, gender].includes(agreeingOf(adjective).gender));
    if (!articleFits || !verbCan(verb as string, plural) || !adjectiveFits)
      flag(`"${article} ${other} ${verb}${adjective ? ` ${adjective}` : ''}": does not agree`);
  }
  // Money agrees as a count of reais: "vai sobrar R$ 1,00", "faltam R$ 3,00".
  for (const [, verb, reaisText] of text.matchAll(
    /(?<![\p{L}-])(vai sobrar|vão sobrar|falta|faltam) R\$ ([\d.]+),00/giu,
  )) {
    const plural = countOf(reaisText as string) !== 1;
    if (!verbCan((verb as string).toLowerCase(), plural))
      flag(`"${verb} R$ ${reaisText},00": the verb does not agree with the amount`);
  }

  // Pronouns are those of the people drawn; a problem without people has none.
  const allowed = new Set(people.map((person) => pronoun([person])));
  if (people.length > 1) allowed.add(pronoun(people));
  for (const [word] of text.matchAll(/(?<![\p{L}-])(ele|ela|eles|elas)(?![\p{L}-])/giu)) {
    if (!allowed.has(word.toLowerCase()))
      flag(`pronoun "${word}" for ${people.map((p) => p.name).join(' e ')}`);
  }
  // A pronoun, a person or a pair and its verb.
  for (const [, word, verb] of text.matchAll(
    new RegExp(`(?<![\\p{L}-])(ele|ela|eles|elas) (?:já )?(${VERB_FORMS})\\b`, 'giu'),
  )) {
    const plural = (word as string).toLowerCase().endsWith('s');
    if (!verbCan(verb as string, plural)) flag(`"${word} ${verb}"`);
  }
  if (people.length === 2) {
    const [first, second] = people as [Person, Person];
    for (const [, verb] of text.matchAll(
      new RegExp(`${first.name} e ${second.name} (${VERB_FORMS})\\b`, 'gu'),
    )) {
      if (!verbCan(verb as string, true)) flag(`"${first.name} e ${second.name} ${verb}"`);
    }
  }
  for (const person of people) {
    for (const [, before, verb] of text.matchAll(
      new RegExp(`(\\p{L}+ )?${person.name} (${VERB_FORMS})\\b`, 'gu'),
    )) {
      if (before === 'e ') continue; // the second of a pair
      if (!verbCan(verb as string, false)) flag(`"${person.name} ${verb}"`);
    }
  }
  // "juntos"/"juntas" agree with the pair.
  for (const [word] of text.matchAll(/\b(juntos|juntas)\b/gu)) {
    const expected = groupGender(people) === 'f' ? 'juntas' : 'juntos';
    if (word !== expected) flag(`"${word}" for ${people.map((p) => p.name).join(' e ')}`);
  }

  // The shape of the sentences.
  if (/\s{2}|\s[,.?:]|undefined|NaN|null/.test(text)) flag('stray spaces or an unfilled slot');
  if (template.money && !/R\$ \d/.test(text)) flag('a money problem without an amount');
  return errors;
}

function renders(): Render[] {
  const all: Render[] = [];
  let relative = 0;
  for (const template of TOLD) {
    for (const people of casts(template)) {
      for (const numbers of edgeContas(template)) {
        const cast: Cast = { people, relative: RELATIVES[relative++ % RELATIVES.length] as Noun };
        const rendered = template.tell(numbers, cast);
        const text = [rendered.statement, rendered.question, rendered.answer].join(' ');
        all.push({ template, conta: numbers, people, text });
      }
    }
  }
  return all;
}

describe('situações-problema: agreement over every template', () => {
  const all = renders();

  it('renders every template with the numbers at their edges and every gender of its people', () => {
    expect(new Set(all.map((render) => render.template.id)).size).toBe(TOLD.length);
    expect(all.length).toBeGreaterThan(TOLD.length * 9);
  });

  it('breaks no agreement rule', () => {
    const errors = all.flatMap((render) =>
      agreementErrors(render).map((error) => `${render.template.id}: ${error}\n    ${render.text}`),
    );
    expect(errors.slice(0, 40)).toEqual([]);
  });

  it('writes sentences: a capital first, a statement ending in a period, a question mark, an answer sentence', () => {
    for (const template of TOLD) {
      for (const people of casts(template)) {
        const text = template.tell(edgeContas(template)[0] as Problem, {
          people,
          relative: RELATIVES[0] as Noun,
        });
        expect(text.statement, template.id).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ].*\.$/u);
        expect(text.question, template.id).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ][^?]*\?$/u);
        expect(text.answer, template.id).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ\d].*\.$/u);
      }
    }
  });

  it('uses the singular for 1 and the plural otherwise in the answer (rendered examples)', () => {
    const album = WORD_TEMPLATES.find((template) => template.id === 'completar.album') as WordTemplate;
    const ana = someone('f');
    const cast = { people: [ana], relative: RELATIVES[0] as Noun };
    expect(album.render(conta('sub', 10, 9), cast).answer).toBe('Falta 1 figurinha para completar o álbum.');
    expect(album.render(conta('sub', 10, 8), cast).answer).toBe(
      'Faltam 2 figurinhas para completar o álbum.',
    );
    const pair = WORD_TEMPLATES.find(
      (template) => template.id === 'acrescentar.brincadeiras',
    ) as WordTemplate;
    const girls = { people: [ana, someone('f', ana.name)], relative: RELATIVES[0] as Noun };
    const mixed = { people: [ana, someone('m')], relative: RELATIVES[0] as Noun };
    expect(pair.render(conta('add', 20, 5), girls).question).toBe(
      'Com quantas bolinhas de gude elas ficaram?',
    );
    expect(pair.render(conta('add', 20, 5), mixed).question).toBe(
      'Com quantas bolinhas de gude eles ficaram?',
    );
    const boxes = WORD_TEMPLATES.find((template) => template.id === 'necessarios.biblioteca') as WordTemplate;
    expect(boxes.render(conta('div', 53, 5), cast).answer).toBe(
      'São necessárias 11 caixas: 10 caixas ficam cheias e mais uma caixa guarda os 3 livros que sobram.',
    );
    expect(boxes.render(conta('div', 51, 5), cast).answer).toBe(
      'São necessárias 11 caixas: 10 caixas ficam cheias e mais uma caixa guarda o livro que sobra.',
    );
  });

  it('catches the errors it is meant to catch (the checker itself)', () => {
    const template = TOLD[0] as Told;
    const ana = NAMES.find((person) => person.name === 'Ana') as Person;
    const pedro = NAMES.find((person) => person.name === 'Pedro') as Person;
    const broken = (text: string, people: Person[] = [ana]) =>
      agreementErrors({ template, conta: conta('add', 1, 1), people, text });
    expect(broken('Ana tem 1 figurinhas.')).not.toEqual([]);
    expect(broken('Ana tem 2 figurinha.')).not.toEqual([]);
    expect(broken('Quantos figurinhas ela tem?')).not.toEqual([]);
    expect(broken('Com quantas figurinhas ele ficou?')).not.toEqual([]);
    expect(broken('Ana e Pedro ficou com 3 figurinhas.', [ana, pedro])).not.toEqual([]);
    expect(broken('Ana ficaram com 3 figurinhas.')).not.toEqual([]);
    expect(broken('Sobraram 1 pão de queijo.')).not.toEqual([]);
    expect(broken('São necessários 3 caixas.')).not.toEqual([]);
    expect(broken('Foram vendidas 3 ingressos.')).not.toEqual([]);
    expect(broken('1 criança vão ficar sem grupo.')).not.toEqual([]);
    expect(broken('Ainda faltam R$ 1,00.')).not.toEqual([]);
    expect(broken('Quantas figurinhas elas têm juntos?', [ana, someone('f', 'Ana')])).not.toEqual([]);
    expect(broken('caixas com 12 bombons cada um.')).not.toEqual([]);
    expect(broken('e mais um caixa guarda o livro que sobra.')).not.toEqual([]);
    expect(broken('e as outras torcia para o time visitante.')).not.toEqual([]);
    expect(broken('e os outros são vermelho.')).not.toEqual([]);
    expect(broken(`Ana tem ${qty(1, NOUNS.figurinha)} e ela ficou com ${qty(2, NOUNS.figurinha)}.`)).toEqual(
      [],
    );
  });
});

describe('reais', () => {
  it('writes money as Brazilians do, without Intl', () => {
    expect(reais(1250)).toBe('R$ 12,50');
    expect(reais(5)).toBe('R$ 0,05');
    expect(reais(100)).toBe('R$ 1,00');
    expect(reais(123_456_789)).toBe('R$ 1.234.567,89');
    expect(() => reais(-1)).toThrow(RangeError);
    expect(() => reais(1.5)).toThrow(RangeError);
  });

  it('writes what the product’s formatCents writes (which uses Intl), for every amount up to R$ 2.000,00 and beyond', () => {
    const amounts = [
      ...Array.from({ length: 200_001 }, (_, cents) => cents),
      ...[99_999_999, 100_000_000, 1_234_567_890],
    ];
    for (const cents of amounts)
      if (reais(cents) !== formatCents(cents)) expect(reais(cents)).toBe(formatCents(cents));
  });
});
