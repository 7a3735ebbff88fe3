import { OPERATIONS } from '../../operations.js';
import { drawProblem, PageProblems } from '../../problems.js';
import { randomFromSeed, type Random } from '../../random.js';
import type { Level, Operation, Problem } from '../../types.js';
import { kindFits, kindsOf, WORD_KIND_LIST, wordBncc, type WordKind } from './kinds.js';
import { NAMES, RELATIVES, type Person } from './lexicon.js';
import { WORD_TEMPLATES, type Cast, type WordContext, type WordTemplate } from './templates.js';

/**
 * Draws one conta of an operation for a page. It must honour the page's rules (`page.accepts`); the level's
 * source is `drawProblem`, the one bare contas use, so a word problem of a level has exactly the numbers a bare
 * conta of that level has. A later options model (digits, regrouping, tabuadas, divisors, resto) passes its own.
 */
export type ContaSource = (random: Random, page: PageProblems) => Problem;

/** The numbers of a level, drawn exactly as that level's bare contas are. */
export const levelSource =
  (level: Level, op: Operation): ContaSource =>
  (random, page) =>
    drawProblem(random, level, op, page);

export interface WordProblemSpec {
  /** The operations, dealt round-robin in the order + − × ÷ (as on a page of bare contas). */
  readonly operations: readonly Operation[];
  /** How the numbers are drawn: a level (0 Fácil, 1 Médio, 2 Difícil), or a source for each operation. */
  readonly numbers: Level | Readonly<Partial<Record<Operation, ContaSource>>>;
  readonly count: number;
  /** The kinds a page may use (all by default); each selected operation needs at least one of its kinds. */
  readonly kinds?: readonly WordKind[];
}

export interface WordProblem {
  readonly kind: WordKind;
  /** The template's id ("retirar.figurinhas"). */
  readonly template: string;
  readonly context: WordContext;
  readonly statement: string;
  readonly question: string;
  /** The conta that answers the problem, as `workProblem` works it for the gabarito. */
  readonly conta: Problem;
  /**
   * The number the question asks for: the conta's result, or for "quantos são necessários" the quotient + 1 (the
   * resto needs one more).
   */
  readonly answer: number;
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
    answerSentence: text.answer,
    bncc: wordBncc(template.kind, conta),
    people: cast.people.slice(0, template.people),
  };
}

/** Distinct people for a template (as many as it names) and a relative. */
export function drawCast(random: Random, template: Pick<WordTemplate, 'people'>): Cast {
  const people: Person[] = [];
  while (people.length < template.people) {
    const person = random.pick(NAMES);
    if (!people.includes(person)) people.push(person);
  }
  return { people, relative: random.pick(RELATIVES) };
}

/** The items with the smallest score, in their order (ties are then drawn at random). */
function leastBy<T>(items: readonly T[], score: (item: T) => number): T[] {
  const best = Math.min(...items.map(score));
  return items.filter((item) => score(item) === best);
}

const count = <T>(items: readonly T[], item: T): number => items.filter((other) => other === item).length;

/** Bound on rejected draws; a kind always has a template for every conta of the level table (tested). */
const MAX_DRAWS = 1_000;

/**
 * A page's rules over its word problems, on top of the bare contas' (no conta twice, no answer three times, no ×
 * fact with its ÷ inverse): no two problems with the same context and numbers, kinds mixed (each problem takes
 * the kind its operation has used least on the page), contexts and templates varied (the least used first).
 */
class WordPage {
  readonly problems: WordProblem[] = [];
  private readonly kinds: WordKind[] = [];
  private readonly contexts: WordContext[] = [];
  private readonly templates: string[] = [];
  private readonly keys: string[] = [];

  constructor(readonly contas: PageProblems) {}

  static key(context: WordContext, { op, a, b }: Problem): string {
    return `${context}|${op}|${a}|${b}`;
  }

  draw(random: Random, op: Operation, source: ContaSource, allowed: readonly WordKind[]): WordProblem {
    for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
      const conta = source(random, this.contas);
      if (!this.contas.accepts(conta)) continue;
      const options = WORD_TEMPLATES.filter(
        (template) =>
          allowed.includes(template.kind) &&
          kindFits(template.kind, conta) &&
          template.fits(conta) &&
          !this.keys.includes(WordPage.key(template.context, conta)),
      );
      if (options.length === 0) continue;
      // The kind its operation has used least first, then the context, then the template.
      const template = random.pick(
        leastBy(
          options,
          (t) =>
            count(this.kinds, t.kind) * 10_000 +
            count(this.contexts, t.context) * 100 +
            count(this.templates, t.id),
        ),
      );
      const problem = renderWordProblem(template, conta, drawCast(random, template));
      this.contas.add(conta);
      this.problems.push(problem);
      this.kinds.push(template.kind);
      this.contexts.push(template.context);
      this.templates.push(template.id);
      this.keys.push(WordPage.key(template.context, conta));
      return problem;
    }
    throw new Error(`could not draw a word problem for ${op}`);
  }
}

/**
 * Same seed and spec, same problems: `count` situações-problema, the operations dealt round-robin, the numbers
 * drawn as the spec says, each told by a template of one of its operation's kinds.
 */
export function generateWordProblems(seed: string, spec: WordProblemSpec): WordProblem[] {
  const operations = OPERATIONS.filter((op) => spec.operations.includes(op));
  if (operations.length === 0) throw new Error('select at least one operation');
  if (!Number.isSafeInteger(spec.count) || spec.count < 1) throw new Error(`bad count ${spec.count}`);
  const allowed = spec.kinds ?? WORD_KIND_LIST;
  const sources = new Map<Operation, ContaSource>();
  for (const op of operations) {
    const source = typeof spec.numbers === 'number' ? levelSource(spec.numbers, op) : spec.numbers[op];
    if (source === undefined) throw new Error(`no numbers for ${op}`);
    if (!kindsOf(op).some((kind) => allowed.includes(kind))) throw new Error(`no kind of problem for ${op}`);
    sources.set(op, source);
  }

  const random = randomFromSeed(seed);
  // The level only turns on Fácil's rule of distinct sums; a source of custom numbers keeps the other rules.
  const page = new WordPage(new PageProblems(typeof spec.numbers === 'number' ? spec.numbers : 1));
  for (let index = 0; index < spec.count; index++) {
    const op = operations[index % operations.length] as Operation;
    page.draw(random, op, sources.get(op) as ContaSource, allowed);
  }
  return page.problems;
}
