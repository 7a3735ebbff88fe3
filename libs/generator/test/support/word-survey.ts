import {
  checkCustom,
  generatePage,
  generateWordProblems,
  kindsOfMeanings,
  LEVEL_NAMES,
  MAX_CHOICES,
  ONE_DIGIT_DIVISORS,
  presetOptions,
  TABLES,
  TWO_STEP_TEMPLATES,
  WORD_TEMPLATES,
  type AddSubOptions,
  type CustomOptions,
  type DivOptions,
  type Level,
  type Meaning,
  type MultOptions,
  type Operation,
  type WordProblem,
} from '../../src/index.js';
import { inRanges } from '../../src/word/templates/index.js';

/**
 * The survey of the situações-problema: for each level and for every custom setting of one
 * operation, many pages drawn, and per operation the share of problems whose numbers lie outside their template's
 * ranges, how many templates were used and the largest share one template took. Used by the unit test (which
 * asserts the targets) and by `npm run words:survey` (which prints the table).
 */

export interface SurveySetting {
  /** What a teacher would call it: "+ 5 e 5 algarismos sem reserva", "Difícil". */
  name: string;
  operations: Operation[];
  /** A level's preset numbers, or custom options of one operation. */
  level?: Level;
  custom?: CustomOptions;
  /** The meanings a level's page is told in (custom options carry theirs); absent, the default ones. */
  meanings?: Meaning[];
}

export interface SurveyRow {
  setting: string;
  op: Operation;
  problems: number;
  /** Problems whose numbers (either conta, for duas etapas) lie outside their template's ranges. */
  outside: number;
  templates: number;
  /** The template used most, and its share of the operation's problems. */
  top: { id: string; share: number };
  /** Every template used, with its count, most used first. */
  used: Array<[string, number]>;
  /**
   * Why the setting cannot be told at all (checkCustom's refusal of its meanings, or what generatePage threw); its
   * rows then hold no problem. Absent when it can.
   */
  cannot?: string;
}

const digitsLabel = (n: AddSubOptions['numbers']) =>
  n.kind === 'max'
    ? `até ${n.max}`
    : n.top === n.bottom
      ? `${n.top} e ${n.top} algarismos`
      : `${n.top} e ${n.bottom} algarismos`;

/** Every setting of + and −: digits 1–5 (− bottom ≤ top) and the limits, each with sem, com and misturado reserva. */
export function addSubSettings(op: 'add' | 'sub'): SurveySetting[] {
  const sign = op === 'add' ? '+' : '−';
  const numbers: AddSubOptions['numbers'][] = [];
  for (let top = 1; top <= 5; top++)
    for (let bottom = 1; bottom <= 5; bottom++)
      if (op === 'add' || bottom <= top) numbers.push({ kind: 'digits', top, bottom });
  for (const max of MAX_CHOICES) numbers.push({ kind: 'max', max });
  return numbers.flatMap((n) =>
    (['sem', 'com', 'misturado'] as const).map((regrouping) => ({
      name: `${sign} ${digitsLabel(n)} ${regrouping === 'misturado' ? 'misturado' : `${regrouping} reserva`}`,
      operations: [op],
      custom: custom(op, { numbers: n, regrouping }),
    })),
  );
}

/** Settings of ×: each tabuada alone, some groups, two digits; each multiplicand. */
export function multSettings(): SurveySetting[] {
  const multipliers: Array<{ name: string; m: MultOptions['multiplier'] }> = [
    ...TABLES.map((t) => ({ name: `tabuada do ${t}`, m: { kind: 'tables' as const, tables: [t] } })),
    { name: 'tabuadas 2–5', m: { kind: 'tables', tables: [2, 3, 4, 5] } },
    { name: 'tabuadas 6–9', m: { kind: 'tables', tables: [6, 7, 8, 9] } },
    { name: 'tabuadas 2–10', m: { kind: 'tables', tables: [...TABLES] } },
    { name: '2 algarismos', m: { kind: 'twoDigits' } },
  ];
  return multipliers.flatMap(({ name, m }) =>
    (['fatos', 2, 3] as const).map((multiplicand) => ({
      name: `× ${name}, multiplicando ${multiplicand === 'fatos' ? 'fatos' : `${multiplicand} algarismos`}`,
      operations: ['mult' as const],
      custom: custom('mult', { multiplier: m, multiplicand }),
    })),
  );
}

/** Settings of ÷: each divisor alone, some groups, two digits; each dividend; each kind of resto. */
export function divSettings(): SurveySetting[] {
  const divisors: Array<{ name: string; d: DivOptions['divisor'] }> = [
    ...ONE_DIGIT_DIVISORS.map((d) => ({ name: `por ${d}`, d: { kind: 'list' as const, divisors: [d] } })),
    { name: 'por 2–5', d: { kind: 'list', divisors: [2, 3, 4, 5] } },
    { name: 'por 2–9', d: { kind: 'list', divisors: [...ONE_DIGIT_DIVISORS] } },
    { name: 'por 2 algarismos', d: { kind: 'twoDigits' } },
  ];
  return divisors.flatMap(({ name, d }) =>
    (['fatos', 2, 3, 4] as const).flatMap((dividend) =>
      (['exata', 'resto', 'misturado'] as const).map((remainders) => ({
        name: `÷ ${name}, dividendo ${dividend === 'fatos' ? 'fatos' : `${dividend} algarismos`}, ${remainders}`,
        operations: ['div' as const],
        custom: custom('div', { divisor: d, dividend, remainders }),
      })),
    ),
  );
}

function custom(op: Operation, options: AddSubOptions | MultOptions | DivOptions): CustomOptions {
  return { v: 1, [op]: options, format: 'problemas', count: 6, size: 'normal' } as CustomOptions;
}

/** The levels, each operation alone (the presets of the builder's levels with situações-problema). */
export function levelSettings(): SurveySetting[] {
  return ([0, 1, 2] as const).flatMap((level) =>
    (['add', 'sub', 'mult', 'div'] as const).map((op) => ({
      name: `${LEVEL_NAMES[level]} ${op}`,
      operations: [op],
      level,
    })),
  );
}

const SIGNS: Readonly<Record<Operation, string>> = { add: '+', sub: '−', mult: '×', div: '÷' };

/** The sets of operations the duas etapas survey reads: each alone, + and −, × and ÷, all four. */
export const TWO_STEP_OPERATION_SETS: readonly Operation[][] = [
  ['add'],
  ['sub'],
  ['mult'],
  ['div'],
  ['add', 'sub'],
  ['mult', 'div'],
  ['add', 'sub', 'mult', 'div'],
];

/**
 * Pages told only in duas etapas (`--meanings duas-etapas`): for each level and set of operations, the level's preset
 * numbers ("Médio + −") and the builder's preset options of that level (`presetOptions`, format problemas: "Médio + −,
 * builder"). The refused ones are kept: the survey reports them.
 */
export function twoStepSettings(): SurveySetting[] {
  const meanings: Meaning[] = ['duas-etapas'];
  return ([0, 1, 2] as const).flatMap((level) =>
    TWO_STEP_OPERATION_SETS.flatMap((operations) => {
      const name = `${LEVEL_NAMES[level]} ${operations.map((op) => SIGNS[op]).join(' ')}`;
      const preset = presetOptions(level);
      const custom = {
        v: 1,
        ...Object.fromEntries(operations.map((op) => [op, preset[op]])),
        format: 'problemas',
        count: 6,
        size: 'normal',
        meanings,
      } as CustomOptions;
      return [
        { name, operations, level, meanings },
        { name: `${name}, builder`, operations, custom },
      ];
    }),
  );
}

/** Every setting the survey reads, the refused ones (checkCustom) left out. */
export function allSettings(): SurveySetting[] {
  return [
    ...levelSettings(),
    ...addSubSettings('add'),
    ...addSubSettings('sub'),
    ...multSettings(),
    ...divSettings(),
  ].filter(
    (setting) => setting.custom === undefined || checkCustom(setting.operations, setting.custom).length === 0,
  );
}

const TEMPLATES = new Map<
  string,
  { ranges: Parameters<typeof inRanges>[0]; nextRanges?: Parameters<typeof inRanges>[0] }
>([...WORD_TEMPLATES, ...TWO_STEP_TEMPLATES].map((t) => [t.id, t]));

/** Whether a problem's numbers lie outside the ranges its template states. */
export function outsideRanges(problem: WordProblem): boolean {
  const template = TEMPLATES.get(problem.template);
  if (template === undefined) throw new Error(`unknown template ${problem.template}`);
  if (problem.steps)
    return !inRanges(template.ranges, problem.steps[0]) || !inRanges(template.nextRanges!, problem.steps[1]);
  return !inRanges(template.ranges, problem.conta);
}

/** The problems of `pages` pages of a setting (seeds `survey-<name>-<i>`). */
export function surveyProblems(setting: SurveySetting, pages: number): WordProblem[] {
  const problems: WordProblem[] = [];
  for (let index = 0; index < pages; index++) {
    const seed = `survey-${setting.name}-${index}`;
    if (setting.level !== undefined)
      problems.push(
        ...generateWordProblems(seed, {
          operations: setting.operations,
          numbers: setting.level,
          count: 6,
          ...(setting.meanings && { kinds: kindsOfMeanings(setting.meanings) }),
        }),
      );
    else {
      const page = generatePage(seed, {
        add: setting.operations.includes('add'),
        sub: setting.operations.includes('sub'),
        mult: setting.operations.includes('mult'),
        div: setting.operations.includes('div'),
        answers: true,
        level: 1,
        custom: setting.custom,
      });
      problems.push(...(page.words ?? []));
    }
  }
  return problems;
}

/** Why a setting cannot be told: checkCustom's refusal of its meanings, or what drawing its first page threw. */
function whyNot(setting: SurveySetting): string | undefined {
  const refused =
    setting.custom && checkCustom(setting.operations, setting.custom).find((p) => p.field === 'meanings');
  if (refused) return `checkCustom: ${refused.message}`;
  try {
    surveyProblems(setting, 1);
    return undefined;
  } catch (error) {
    return `generatePage: ${(error as Error).message}`;
  }
}

/** The survey of one setting: a row per operation (rows without problems, and the reason, when it cannot be told). */
export function surveyRows(setting: SurveySetting, pages: number): SurveyRow[] {
  const cannot = whyNot(setting);
  const problems = cannot === undefined ? surveyProblems(setting, pages) : [];
  return setting.operations.map((op) => {
    const mine = problems.filter((problem) => (problem.steps?.[0] ?? problem.conta).op === op);
    const counts = new Map<string, number>();
    for (const problem of mine) counts.set(problem.template, (counts.get(problem.template) ?? 0) + 1);
    const used = [...counts].sort((x, y) => y[1] - x[1]);
    const [id, most] = used[0] ?? ['', 0];
    return {
      setting: setting.name,
      op,
      problems: mine.length,
      outside: mine.filter(outsideRanges).length,
      templates: counts.size,
      top: { id, share: mine.length === 0 ? 0 : most / mine.length },
      used,
      ...(cannot !== undefined && { cannot }),
    };
  });
}
