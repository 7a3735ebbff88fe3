import { OPERATIONS } from '../operations.js';
import { drawProblem, PageProblems } from '../problems.js';
import { randomFromSeed, type Random } from '../random.js';
import type { Level, Operation, Problem } from '../types.js';
import {
  DEFAULT_MEANINGS,
  kindsOf,
  kindsOfMeanings,
  twoStepBncc,
  WORD_KINDS,
  wordBncc,
  type WordKind,
} from './kinds.js';
import { BOYS, GIRLS, RELATIVES, type Gender, type Person } from './lexicon.js';
import { piecesOf, piecesCount, type Piece } from './pieces.js';
import {
  inRanges,
  templateFits,
  TWO_STEP_TEMPLATES,
  twoStepFits,
  WORD_TEMPLATES,
  type Cast,
  type TwoStepTemplate,
  type WordContext,
  type WordTemplate,
} from './templates/index.js';

/**
 * Situações-problema, rules 3 (README, "Situações-problema"; rules 2's engine is frozen in `src/rules2/word/`).
 *
 * A source draws one conta of an operation, or null when a draw found none (a rejected draw); the engine asks it
 * again until the conta suits the page (its rules: no conta twice, no answer three times, no × fact with its ÷
 * inverse) and a story of the kind it wants.
 */
export type ContaSource = (random: Random, page: PageProblems) => Problem | null;

const levelSources = new Map<string, ContaSource>();

/** The numbers of a level, drawn exactly as that level's bare contas are (one source per level and operation). */
export function levelSource(level: Level, op: Operation): ContaSource {
  const id = `${level}${op}`;
  let source = levelSources.get(id);
  if (source === undefined) {
    source = (random, page) => drawProblem(random, level, op, page, 3);
    levelSources.set(id, source);
  }
  return source;
}

export interface WordProblemSpec {
  /** The operations; each gets ceil or floor of count / operations problems, in a shuffled order. */
  readonly operations: readonly Operation[];
  /** How the numbers are drawn: a level (0 Fácil, 1 Médio, 2 Difícil), or a source for each operation. */
  readonly numbers: Level | Readonly<Partial<Record<Operation, ContaSource>>>;
  readonly count: number;
  /** The kinds a page may use (by default those of `DEFAULT_MEANINGS`); each operation needs one it can tell. */
  readonly kinds?: readonly WordKind[];
}

export interface WordProblem {
  readonly kind: WordKind;
  /** The template's id ("retirar.figurinhas"). */
  readonly template: string;
  readonly context: WordContext;
  readonly statement: string;
  readonly question: string;
  /** The conta that answers the problem (for duas etapas, the second), as `workProblem` works it for the gabarito. */
  readonly conta: Problem;
  /** Duas etapas: both contas, in the order they are done (`steps[1]` is `conta`); absent for one conta. */
  readonly steps?: readonly [Problem, Problem];
  /**
   * The number the question asks for: the conta's result, or for "quantos são necessários" the quotient + 1 (the
   * resto needs one more), or for cédulas e moedas how many pay the result (`pieces`).
   */
  readonly answer: number;
  /** Cédulas e moedas: the fewest that pay the conta's result, largest first (the gabarito's); absent otherwise. */
  readonly pieces?: readonly Piece[];
  /** What is left, when the question also asks for it (a division with resto); null otherwise. */
  readonly leftover: number | null;
  /** The answer as a sentence with its unit: "Ana ficou com 53 figurinhas." */
  readonly answerSentence: string;
  /** The BNCC codes its kind and numbers match (see `wordBncc`). */
  readonly bncc: readonly string[];
  readonly people: readonly Person[];
}

/** The answer a kind gives for a conta (what the tests recompute). */
export function answerOf(kind: WordKind, conta: Problem): { answer: number; leftover: number | null } {
  if (kind === 'necessarios') return { answer: conta.result + 1, leftover: null };
  if (kind === 'cedulas-moedas') return { answer: piecesCount(piecesOf(conta)), leftover: null };
  return {
    answer: conta.result,
    leftover: conta.op === 'div' && conta.remainder > 0 ? conta.remainder : null,
  };
}

/** A template told with a conta and a cast. */
export function renderWordProblem(template: WordTemplate, conta: Problem, cast: Cast): WordProblem {
  const text = template.render(conta, cast);
  return {
    kind: template.kind,
    template: template.id,
    context: template.context,
    statement: text.statement,
    question: text.question,
    conta,
    ...answerOf(template.kind, conta),
    ...(template.kind === 'cedulas-moedas' ? { pieces: piecesOf(conta) } : {}),
    answerSentence: text.answer,
    bncc: wordBncc(template.kind, conta),
    people: cast.people.slice(0, template.people),
  };
}

/** A two-step template told with its two contas and a cast. */
export function renderTwoSteps(
  template: TwoStepTemplate,
  steps: readonly [Problem, Problem],
  cast: Cast,
): WordProblem {
  const text = template.render(steps, cast);
  const [first, second] = template.steps;
  return {
    kind: 'duas-etapas',
    template: template.id,
    context: template.context,
    statement: text.statement,
    question: text.question,
    conta: steps[1],
    steps,
    ...answerOf(second.kind, steps[1]),
    answerSentence: text.answer,
    bncc: twoStepBncc([
      { kind: first.kind, conta: steps[0] },
      { kind: second.kind, conta: steps[1] },
    ]),
    people: cast.people.slice(0, template.people),
  };
}

/**
 * Distinct people for a template (as many as it names) and a relative: the first of the gender the page's turn
 * asks for (a page names girls and boys in turn), the second of either.
 */
export function drawCast(random: Random, template: { people: number }, first: Gender = 'f'): Cast {
  const people: Person[] = [];
  if (template.people > 0) people.push(random.pick(first === 'f' ? GIRLS : BOYS));
  while (people.length < template.people) {
    const person = random.pick(random.chance(1, 2) ? GIRLS : BOYS);
    if (!people.includes(person)) people.push(person);
  }
  return { people, relative: random.pick(RELATIVES) };
}

const byOpAndKind = new Map<string, WordTemplate[]>();
for (const template of WORD_TEMPLATES) {
  const id = `${template.op}|${template.kind}`;
  byOpAndKind.set(id, [...(byOpAndKind.get(id) ?? []), template]);
}

/** The one-conta templates of an operation and a kind, in their order in WORD_TEMPLATES. */
const templatesFor = (op: Operation, kind: WordKind): readonly WordTemplate[] =>
  byOpAndKind.get(`${op}|${kind}`) ?? [];

/** The items with the smallest score, in their order (ties are then drawn at random). */
function leastBy<T>(items: readonly T[], score: (item: T) => number): T[] {
  const best = Math.min(...items.map(score));
  return items.filter((item) => score(item) === best);
}

const count = <T>(items: readonly T[], item: T): number => items.filter((other) => other === item).length;

/** Draws asked of a source for one kind before the next kind is tried. */
const TRIES_PER_KIND = 400;
/** Draws asked for any kind once each kind in turn found nothing (never reached in the property test). */
const LAST_TRIES = 20_000;
/** Draws of the second conta of a two-step story for one first conta. */
const NEXT_TRIES = 8;

/** A story chosen for a slot: one template and its conta, or a two-step template and its contas. */
type Told =
  | { template: WordTemplate; conta: Problem }
  | { template: TwoStepTemplate; conta: Problem; steps: readonly [Problem, Problem] };

/**
 * A page's rules over its word problems, on top of the bare contas' (no conta twice, no answer three times, no ×
 * fact with its ÷ inverse): no two problems with the same context and numbers, kinds mixed (each problem takes
 * the kind its operation has used least on the page), contexts and templates varied (the least used first), the
 * people's genders in turn.
 */
class WordPage {
  readonly problems: WordProblem[] = [];
  private readonly kinds: WordKind[] = [];
  private readonly contexts: WordContext[] = [];
  private readonly templates: string[] = [];
  private readonly keys: string[] = [];
  private nextGender: Gender;

  constructor(
    readonly contas: PageProblems,
    private readonly operations: readonly Operation[],
    random: Random,
  ) {
    this.nextGender = random.chance(1, 2) ? 'f' : 'm';
  }

  static key(context: WordContext, { op, a, b }: Problem): string {
    return `${context}|${op}|${a}|${b}`;
  }

  private fresh(context: WordContext, conta: Problem): boolean {
    return !this.keys.includes(WordPage.key(context, conta));
  }

  /** The stories of `kinds` that can tell this conta on this page (two-step ones making their second conta). */
  private stories(random: Random, conta: Problem, kinds: readonly WordKind[]): Told[] {
    const told: Told[] = [];
    for (const kind of kinds)
      for (const template of templatesFor(conta.op, kind))
        if (templateFits(template, conta) && this.fresh(template.context, conta))
          told.push({ template, conta });
    if (kinds.includes('duas-etapas')) {
      for (const template of TWO_STEP_TEMPLATES) {
        if (!this.operations.includes(template.steps[1].op)) continue;
        if (!twoStepFits(template, conta) || !this.fresh(template.context, conta)) continue;
        for (let attempt = 0; attempt < NEXT_TRIES; attempt++) {
          const second = template.next(random, conta);
          if (second === null) break;
          // The page's rules hold over the first contas, drawn from the page's numbers; the second is the story's.
          if (inRanges(template.nextRanges, second) && second.result > 0) {
            told.push({ template, conta, steps: [conta, second] });
            break;
          }
        }
      }
    }
    return told;
  }

  /** One problem of `op`: its kinds tried from the least used on the page; throws when no draw can be told. */
  draw(random: Random, op: Operation, source: ContaSource, kinds: readonly WordKind[]): WordProblem {
    const order = [...kinds];
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [order[i], order[j]] = [order[j] as WordKind, order[i] as WordKind];
    }
    order.sort((x, y) => count(this.kinds, x) - count(this.kinds, y));
    for (const kind of order) {
      const told = this.tell(random, source, [kind], TRIES_PER_KIND);
      if (told) return told;
    }
    const told = this.tell(random, source, kinds, LAST_TRIES);
    if (told) return told;
    throw new Error(`could not tell a word problem of ${op} with the kinds ${kinds.join(', ')}`);
  }

  private tell(
    random: Random,
    source: ContaSource,
    kinds: readonly WordKind[],
    tries: number,
  ): WordProblem | null {
    for (let attempt = 0; attempt < tries; attempt++) {
      const conta = source(random, this.contas);
      if (conta === null || !this.contas.accepts(conta)) continue;
      const stories = this.stories(random, conta, kinds);
      if (stories.length === 0) continue;
      // The kind used least first, then the context, then the template.
      const { template, ...chosen } = random.pick(
        leastBy(
          stories,
          ({ template: t }) =>
            count(this.kinds, t.kind) * 10_000 +
            count(this.contexts, t.context) * 100 +
            count(this.templates, t.id),
        ),
      );
      const cast = drawCast(random, template, this.nextGender);
      if (template.people > 0) this.nextGender = this.nextGender === 'f' ? 'm' : 'f';
      const problem =
        'steps' in chosen
          ? renderTwoSteps(template as TwoStepTemplate, chosen.steps, cast)
          : renderWordProblem(template as WordTemplate, conta, cast);
      this.contas.add(conta);
      this.problems.push(problem);
      this.kinds.push(template.kind);
      this.contexts.push(template.context);
      this.templates.push(template.id);
      this.keys.push(WordPage.key(template.context, conta));
      return problem;
    }
    return null;
  }
}

/** Whether a two-step template makes a second conta from this first one within NEXT_TRIES draws. */
function nextFits(template: TwoStepTemplate, random: Random, first: Problem): boolean {
  for (let attempt = 0; attempt < NEXT_TRIES; attempt++) {
    const second = template.next(random, first);
    if (second === null) return false;
    if (inRanges(template.nextRanges, second) && second.result > 0) return true;
  }
  return false;
}

/** Draws from which `kindTellable` judges a kind (a fixed seed of its own: the same answer everywhere). */
const PROBE_DRAWS = 300;
/**
 * A kind is told with an operation's numbers when at least this many of the probe's draws (a tenth) fit one of its
 * stories. A kind that fits rarely would still take its share of the page's problems, drawn from those few contas:
 * a "10 vezes mais" on a quarter of Difícil products, whose multipliers are 10 in 1 % of draws.
 */
const PROBE_MIN_FITS = 30;

const probes = new WeakMap<ContaSource, Map<string, boolean>>();

/**
 * Whether an operation's numbers can be told in a kind: at least PROBE_MIN_FITS of PROBE_DRAWS contas of the source
 * fit one of the kind's stories (two-step ones with their second operation on the page). Memoised per source.
 */
export function kindTellable(
  source: ContaSource,
  kind: WordKind,
  op: Operation,
  operations: readonly Operation[],
): boolean {
  let known = probes.get(source);
  if (known === undefined) {
    known = new Map();
    probes.set(source, known);
  }
  const id = `${kind}|${op}|${operations.join()}`;
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  const random = randomFromSeed(`sondagem|${id}`);
  let fits = 0;
  for (let attempt = 0; attempt < PROBE_DRAWS && fits < PROBE_MIN_FITS; attempt++) {
    const conta = source(random, new PageProblems(1, 3));
    if (conta !== null && tellsConta(conta, [kind], operations, random)) fits++;
  }
  const tellable = fits >= PROBE_MIN_FITS;
  known.set(id, tellable);
  return tellable;
}

/**
 * Whether a conta can be told in one of these kinds on a page of these operations (a two-step story needs its second
 * operation on the page and a second conta from this one).
 */
export function tellsConta(
  conta: Problem,
  kinds: readonly WordKind[],
  operations: readonly Operation[],
  random: Random,
): boolean {
  return kinds.some((kind) =>
    kind === 'duas-etapas'
      ? TWO_STEP_TEMPLATES.some(
          (t) => operations.includes(t.steps[1].op) && twoStepFits(t, conta) && nextFits(t, random, conta),
        )
      : templatesFor(conta.op, kind).some((t) => templateFits(t, conta)),
  );
}

/** The kinds an operation's problems can take on a page: those allowed that its numbers can be told in. */
export function tellableKinds(
  source: ContaSource,
  op: Operation,
  operations: readonly Operation[],
  allowed: readonly WordKind[],
): WordKind[] {
  return kindsOf(op).filter((kind) => allowed.includes(kind) && kindTellable(source, kind, op, operations));
}

/** The page's operations slot by slot: each operation count / operations times (the first ones once more). */
function slots(operations: readonly Operation[], total: number): Operation[] {
  return Array.from({ length: total }, (_, index) => operations[index % operations.length] as Operation);
}

/**
 * Same seed and spec, same problems: `count` situações-problema, each operation ceil or floor of count / operations
 * times, every one told by a story of a kind its numbers fit, then shuffled, so that the order of the page does not
 * say which operation solves a problem (choosing it is what a situação-problema trains).
 */
export function generateWordProblems(seed: string, spec: WordProblemSpec): WordProblem[] {
  const operations = OPERATIONS.filter((op) => spec.operations.includes(op));
  if (operations.length === 0) throw new Error('select at least one operation');
  if (!Number.isSafeInteger(spec.count) || spec.count < 1) throw new Error(`bad count ${spec.count}`);
  const allowed = spec.kinds ?? kindsOfMeanings(DEFAULT_MEANINGS);
  const plan = new Map<Operation, { source: ContaSource; kinds: WordKind[] }>();
  for (const op of operations) {
    const source = typeof spec.numbers === 'number' ? levelSource(spec.numbers, op) : spec.numbers[op];
    if (source === undefined) throw new Error(`no numbers for ${op}`);
    const kinds = tellableKinds(source, op, operations, allowed);
    if (kinds.length === 0) throw new Error(`no kind of problem can tell the ${op} contas`);
    plan.set(op, { source, kinds });
  }

  const random = randomFromSeed(seed);
  // The level only turns on Fácil's rule of distinct sums; a source of custom numbers keeps the other rules.
  const level = typeof spec.numbers === 'number' ? spec.numbers : 1;
  const page = new WordPage(new PageProblems(level, 3), operations, random);
  for (const op of slots(operations, spec.count)) {
    const { source, kinds } = plan.get(op) as { source: ContaSource; kinds: WordKind[] };
    page.draw(random, op, source, kinds);
  }
  const problems = [...page.problems];
  for (let i = problems.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [problems[i], problems[j]] = [problems[j] as WordProblem, problems[i] as WordProblem];
  }
  return problems;
}

/** Whether a kind is of an operation (for the tests: início desconhecido tells + and −). */
export const kindOfOp = (kind: WordKind, op: Operation): boolean => WORD_KINDS[kind].ops.includes(op);
