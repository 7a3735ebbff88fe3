import { FOCO_MAX, type Mistake } from '@app/contracts/mistake-ids';
import { MAX_CHOICES, type AddSubOptions, type CustomOptions } from '@app/contracts/custom-shape';
import { MISTAKES, sameMistake } from '@app/diagnosis';
import { checkCustom } from './custom/options.js';
import { mistakeShows } from './foco.js';
import { generatePage, selectedOperations, type PageOptions } from './page.js';
import type { Level } from './types.js';

/**
 * The options of a child's version of a reforço set, from the options of the sheet the child answered and the
 * mistakes the diagnosis found in the answers:
 *
 * - with mistakes of the sheet's operations (at most FOCO_MAX), the same options practising them (`foco`: two of every
 *   three problems show one of them, foco.ts), when the sheet is contas (armadas or to arm): a line of facts, a
 *   missing number, the tabuada in order and situações-problema keep their options as they were;
 * - with none, the same options a step further (`nextStep`).
 */
export function reforcoOptions(sheet: PageOptions, mistakes: readonly Mistake[]): PageOptions {
  const { foco: _previous, ...options } = sheet;
  const operations = selectedOperations(options);
  const foco: Mistake[] = [];
  for (const m of mistakes) {
    if (!operations.includes(MISTAKES[m.id].op) || foco.some((f) => sameMistake(f, m))) continue;
    if (foco.length < FOCO_MAX) foco.push(m);
  }
  if (foco.length === 0) return mistakes.length === 0 ? nextStep(options) : options;
  if (!practisesContas(options)) return options;
  // Options whose problems seldom show the mistake (Fácil's 18 divisions, few with a zero in the quotient) cannot
  // practise it on most of a page: a step further, where it shows, is tried.
  let best: { options: PageOptions; share: number } | null = null;
  for (let candidate = options, steps = 0; steps < 3; steps++, candidate = nextStep(candidate)) {
    const focused = { ...candidate, foco };
    const share = showingShare(focused);
    if (share >= REFORCO_SHARE) return focused;
    if (best === null || share > best.share) best = { options: focused, share };
  }
  return best!.options;
}

/** The share of a reforço sheet's problems that a reforço page of these options is made to reach. */
export const REFORCO_SHARE = 0.6;

/** The share of the problems of a page of these options (one seed's) on which one of its `foco` mistakes shows. */
function showingShare(options: PageOptions): number {
  const { problems } = generatePage('reforco-probe', options);
  const showing = problems.filter((p) => options.foco!.some((m) => mistakeShows(m, p))).length;
  return showing / problems.length;
}

/** Whether the sheet's problems are contas, where a column mistake shows: every level; a custom sheet armada or arme. */
function practisesContas(options: PageOptions): boolean {
  const custom = options.custom;
  if (custom === undefined) return true;
  return (custom.format === 'armada' || custom.format === 'arme') && custom.mult?.multiplicand !== 'ordem';
}

/**
 * The same options a step further, for a child who answered without a systematic mistake: a level's sheet the next
 * level (Difícil stays); a custom sheet each operation a step further where the options allow it (+ and −: sem
 * reserva to misturado to com reserva, then a digit more or the next "até"; × and ÷: a digit more in the multiplicand
 * or the dividend), an operation whose step its options refuse (a count the format no longer holds) left as it was.
 */
export function nextStep(options: PageOptions): PageOptions {
  if (options.custom === undefined) return { ...options, level: Math.min(options.level + 1, 2) as Level };
  const operations = selectedOperations(options);
  let custom: CustomOptions = options.custom;
  const steps: Array<(c: CustomOptions) => CustomOptions> = [
    (c) => (c.add ? { ...c, add: addSubStep(c.add) } : c),
    (c) => (c.sub ? { ...c, sub: addSubStep(c.sub) } : c),
    (c) => {
      const m = c.mult;
      if (!m || (m.multiplicand !== 'fatos' && m.multiplicand !== 2)) return c;
      return { ...c, mult: { ...m, multiplicand: m.multiplicand === 'fatos' ? 2 : 3 } };
    },
    (c) => {
      const d = c.div;
      if (!d || d.dividend === 4) return c;
      return { ...c, div: { ...d, dividend: d.dividend === 'fatos' ? 2 : ((d.dividend + 1) as 3 | 4) } };
    },
  ];
  for (const step of steps) {
    const stepped = step(custom);
    if (stepped !== custom && checkCustom(operations, stepped).length === 0) custom = stepped;
  }
  return { ...options, custom };
}

function addSubStep(o: AddSubOptions): AddSubOptions {
  if (o.regrouping === 'sem') return { ...o, regrouping: 'misturado' };
  if (o.regrouping === 'misturado') return { ...o, regrouping: 'com' };
  const n = o.numbers;
  if (n.kind === 'digits')
    return n.top >= 5
      ? o
      : { ...o, numbers: { ...n, top: n.top + 1, bottom: Math.min(n.bottom + 1, n.top + 1) } };
  const next = MAX_CHOICES.find((max) => max > n.max);
  return next === undefined ? o : { ...o, numbers: { kind: 'max', max: next } };
}
