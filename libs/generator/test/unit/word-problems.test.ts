import { readFileSync, writeFileSync } from 'node:fs';
import { NOTES } from '../../src/custom/decimal.js';
import { describe, expect, it } from 'vitest';
import {
  LEVEL_NAMES,
  generateWordProblems,
  thousands,
  workProblem,
  type Level,
  type Operation,
  type Problem,
  type WordProblem,
} from '../../src/index.js';
import { PageProblems, problemKey, solve } from '../../src/problems.js';
import { randomFromSeed } from '../../src/random.js';
import {
  drawCast,
  levelSource,
  renderTwoSteps,
  renderWordProblem,
  tellableKinds,
} from '../../src/word/generate.js';
import {
  MEANINGS,
  WORD_KINDS,
  WORD_KIND_LIST,
  WORD_SKILLS,
  kindFits,
  kindsOf,
  skillNames,
  twoStepBncc,
  wordPageBncc,
  type WordKind,
} from '../../src/word/kinds.js';
import { money } from '../../src/word/lexicon.js';
import {
  TWO_STEP_TEMPLATES,
  WORD_TEMPLATES,
  inRanges,
  templateFits,
  within,
  type Range,
  type TwoStepTemplate,
  type WordTemplate,
} from '../../src/word/templates/index.js';
import { allSettings, surveyRows, twoStepSettings } from '../support/word-survey.js';

const LEVELS: Level[] = [0, 1, 2];
const ORDER: Operation[] = ['add', 'sub', 'mult', 'div'];
const TEMPLATE_OF = new Map<string, WordTemplate | TwoStepTemplate>(
  [...WORD_TEMPLATES, ...TWO_STEP_TEMPLATES].map((t) => [t.id, t]),
);

/** What a conta's terms give, recomputed. */
function recomputed({ op, a, b }: Problem): { result: number; remainder: number } {
  switch (op) {
    case 'add':
      return { result: a + b, remainder: 0 };
    case 'sub':
      return { result: a - b, remainder: 0 };
    case 'mult':
      return { result: a * b, remainder: 0 };
    case 'div':
      return { result: Math.floor(a / b), remainder: a % b };
  }
}

/** The codes of the first school year whose skills name a kind and a conta's numbers. */
function firstYearCodes(kind: WordKind, conta: Problem): string[] {
  const named = WORD_SKILLS.filter((skill) => skillNames(skill, kind, conta));
  const first = Math.min(...named.map((skill) => skill.year));
  return named.filter((skill) => skill.year === first).map((skill) => skill.code);
}

/** What is wrong with a problem's answer, its contas, its worked contas, its sentence and its codes. */
function answerErrors(problem: WordProblem): string[] {
  const errors: string[] = [];
  const template = TEMPLATE_OF.get(problem.template);
  if (template === undefined) return [`unknown template ${problem.template}`];
  const contas = problem.steps ?? [problem.conta];
  if (problem.steps && problem.steps[1] !== problem.conta) errors.push('the second step is not the conta');
  for (const conta of contas) {
    const { result, remainder } = recomputed(conta);
    if (conta.result !== result || conta.remainder !== remainder)
      errors.push(`conta ${conta.a} ${conta.op} ${conta.b} = ${conta.result} r ${conta.remainder}`);
    if (conta.result <= 0 || conta.a <= 0 || conta.b <= 0)
      errors.push(`a conta with 0: ${JSON.stringify(conta)}`);
    if (conta.op === 'div' && conta.b === 1) errors.push('÷ 1');
    const worked = workProblem(conta);
    const workedResult = worked.op === 'div' ? worked.quotient : worked.result;
    if (workedResult !== conta.result) errors.push(`worked conta gives ${workedResult}`);
  }
  if (problem.steps) {
    const [first, second] = problem.steps;
    if (second.a !== first.result && second.b !== first.result)
      errors.push(`the second conta does not take the first's result: ${JSON.stringify(problem.steps)}`);
  }
  const lastKind = 'steps' in template ? template.steps[1].kind : problem.kind;
  const expected =
    lastKind === 'necessarios'
      ? { answer: problem.conta.result + 1, leftover: null }
      : {
          answer: problem.conta.result,
          leftover:
            problem.conta.op === 'div' && problem.conta.remainder > 0 ? problem.conta.remainder : null,
        };
  if (problem.answer !== expected.answer || problem.leftover !== expected.leftover)
    errors.push(
      `answer ${problem.answer}/${problem.leftover}, expected ${expected.answer}/${expected.leftover}`,
    );
  // The sentence says the answer (and what is left) with its unit; a medida of money counts what the money buys.
  const say = (value: number, isMoney: boolean) => (isMoney ? money(value) : thousands(value));
  const answerIsMoney = template.money && lastKind !== 'medida' && lastKind !== 'necessarios';
  const answer = say(problem.answer, answerIsMoney);
  if (
    !new RegExp(`(^|[^\\d.,])${answer.replace(/[.$]/g, '\\$&')}([^\\d,]|,00|$)`).test(problem.answerSentence)
  )
    errors.push(`the answer sentence does not say ${answer}: ${problem.answerSentence}`);
  if (problem.leftover !== null && !problem.answerSentence.includes(say(problem.leftover, template.money)))
    errors.push(`the answer sentence does not say what is left: ${problem.answerSentence}`);
  const codes =
    'steps' in template
      ? twoStepBncc([
          { kind: template.steps[0].kind, conta: contas[0] as Problem },
          { kind: template.steps[1].kind, conta: contas[1] as Problem },
        ])
      : firstYearCodes(problem.kind, problem.conta);
  if (problem.bncc.length === 0 || problem.bncc.join() !== codes.join())
    errors.push(`BNCC ${problem.bncc.join()}`);
  return errors;
}

/** The kinds a natural conta is told in: all but those only em reais (cédulas e moedas). */
const NATURAL_KINDS = WORD_KIND_LIST.filter(
  (kind) => kind === 'duas-etapas' || WORD_TEMPLATES.some((t) => t.kind === kind && t.centavos !== true),
);

describe('generateWordProblems (rules 3)', () => {
  it('gives the same problems for the same seed and spec, and others for another seed', () => {
    const spec = { operations: ORDER, numbers: 1 as Level, count: 8 };
    expect(generateWordProblems('semente', spec)).toEqual(generateWordProblems('semente', spec));
    expect(generateWordProblems('semente', spec)).not.toEqual(generateWordProblems('outra', spec));
  });

  it('gives each operation its share of the page, in an order the child has to find', () => {
    // 8 problems of four operations: two of each; the first is of each operation about as often.
    const first = new Map<Operation, number>();
    const pages = 2_000;
    for (let page = 0; page < pages; page++) {
      const problems = generateWordProblems(`ordem-${page}`, { operations: ORDER, numbers: 1, count: 8 });
      for (const op of ORDER) expect(problems.filter((p) => p.conta.op === op)).toHaveLength(2);
      const op = problems[0]!.conta.op;
      first.set(op, (first.get(op) ?? 0) + 1);
    }
    for (const op of ORDER) {
      const share = (first.get(op) ?? 0) / pages;
      expect(share, `${op} first on ${(share * 100).toFixed(1)} % of pages`).toBeGreaterThan(0.22);
      expect(share, op).toBeLessThan(0.28);
    }
  });

  it('names girls and boys in turn', () => {
    for (let page = 0; page < 300; page++) {
      const problems = generateWordProblems(`pessoas-${page}`, { operations: ORDER, numbers: 0, count: 12 });
      // In the order they were drawn: the shuffle hides it, so count instead: the firsts differ by at most one.
      const firsts = problems.filter((p) => p.people.length > 0).map((p) => p.people[0]!.gender);
      const girls = firsts.filter((gender) => gender === 'f').length;
      expect(Math.abs(girls - (firsts.length - girls)), firsts.join()).toBeLessThanOrEqual(1);
    }
  });

  it('keeps to the kinds it is given, and refuses a spec it cannot honour', () => {
    const problems = generateWordProblems('só-medida', {
      operations: ['div', 'sub'],
      numbers: 1,
      count: 10,
      kinds: ['medida', 'completar'],
    });
    expect(new Set(problems.map((problem) => problem.kind))).toEqual(new Set(['medida', 'completar']));
    expect(() => generateWordProblems('x', { operations: [], numbers: 0, count: 4 })).toThrow(
      'select at least one operation',
    );
    expect(() => generateWordProblems('x', { operations: ['add'], numbers: 0, count: 0 })).toThrow(
      'bad count 0',
    );
    expect(() => generateWordProblems('x', { operations: ['add'], numbers: {}, count: 2 })).toThrow(
      'no numbers for add',
    );
    expect(() =>
      generateWordProblems('x', { operations: ['add'], numbers: 0, count: 2, kinds: ['retirar'] }),
    ).toThrow('no kind of problem can tell the add contas');
    // Fácil divisions are exact: none can be told as "quantos são necessários".
    expect(() =>
      generateWordProblems('x', { operations: ['div'], numbers: 0, count: 1, kinds: ['necessarios'] }),
    ).toThrow('no kind of problem can tell the div contas');
  });

  it('answers right at every level, in every meaning: the contas, their worked algorithm, the sentence, the BNCC', () => {
    const errors: string[] = [];
    const kinds = new Map<string, number>();
    let problems = 0;
    for (const level of LEVELS) {
      for (let page = 0; page < 1_500; page++) {
        for (const problem of generateWordProblems(`respostas-${level}-${page}`, {
          operations: ORDER,
          numbers: level,
          count: 8,
          kinds: WORD_KIND_LIST,
        })) {
          problems++;
          kinds.set(`${level} ${problem.kind}`, (kinds.get(`${level} ${problem.kind}`) ?? 0) + 1);
          for (const error of answerErrors(problem))
            if (errors.length < 20) errors.push(`${problem.template}: ${error}`);
        }
      }
    }
    expect(problems).toBe(36_000);
    expect(errors).toEqual([]);
    // Every kind that a level's numbers can tell comes (Fácil ÷ is exact: no "quantos são necessários"; Médio and
    // Difícil × multiply numbers of two and three digits: no combinatória), and every kind at some level.
    for (const level of LEVELS) {
      const tellable = new Set(
        ORDER.flatMap((op) => tellableKinds(levelSource(level, op), op, ORDER, WORD_KIND_LIST)),
      );
      for (const kind of tellable)
        expect(kinds.get(`${level} ${kind}`) ?? 0, `${LEVEL_NAMES[level]} ${kind}`).toBeGreaterThan(100);
    }
    for (const kind of NATURAL_KINDS)
      expect(
        LEVELS.some((level) => (kinds.get(`${level} ${kind}`) ?? 0) > 0),
        kind,
      ).toBe(true);
  });

  it('holds the page rules: no context twice with the same numbers, no conta twice, kinds mixed', () => {
    for (const level of LEVELS) {
      for (let page = 0; page < 400; page++) {
        const problems = generateWordProblems(`pagina-${level}-${page}`, {
          operations: ORDER,
          numbers: level,
          count: 12,
        });
        const scenes = problems.map((p) => `${p.context}|${problemKey(p.steps?.[0] ?? p.conta)}`);
        expect(new Set(scenes).size).toBe(problems.length);
        const contas = problems.map((p) => problemKey(p.steps?.[0] ?? p.conta));
        expect(new Set(contas).size).toBe(problems.length);
        // Three problems of an operation take at least two kinds.
        for (const op of ORDER)
          expect(
            new Set(problems.filter((p) => (p.steps?.[0] ?? p.conta).op === op).map((p) => p.kind)).size,
            `${level} ${op}`,
          ).toBeGreaterThan(1);
        expect(new Set(problems.map((p) => p.context)).size).toBeGreaterThanOrEqual(6);
        expect(wordPageBncc(problems).length).toBeGreaterThan(0);
      }
    }
  });
});

/** Up to `wanted` contas of a template's operation whose numbers lie in its ranges, drawn at random. */
function contasIn(
  op: Operation,
  ranges: { a: Range; b: Range; result: Range },
  keep: (conta: Problem) => boolean,
  seed: string,
  wanted = 12,
  /** A money template's contas: em reais, their numbers in centavos (its divisions exact to the centavo). */
  money = false,
): Problem[] {
  const random = randomFromSeed(seed);
  const pick = ([min, max]: Range) => random.int(Math.max(1, min), Math.min(max, 2_000_000));
  const found: Problem[] = [];
  for (let attempt = 0; attempt < 20_000 && found.length < wanted; attempt++) {
    let a = pick(ranges.a);
    const b = pick(ranges.b);
    // Aim at the result's range: for + and −, and for ÷, choose a from the result when the draw missed.
    if (op === 'sub' && random.chance(1, 2)) a = b + pick(ranges.result);
    if (op === 'add' && random.chance(1, 2)) a = pick(ranges.result) - b;
    if (op === 'div' && random.chance(1, 2)) a = b * pick(ranges.result) + random.int(0, b - 1);
    if (a < 1 || (op === 'div' && b < 2) || (op === 'sub' && b >= a)) continue;
    if (money && op === 'div') a -= a % b;
    // The troco: a note paid for the purchase.
    if (money && op === 'sub' && random.chance(1, 2)) a = random.pick(NOTES);
    const conta = solve(op, { a, b });
    if (money) conta.decimal = { casas: 2, a: 2, b: op === 'add' || op === 'sub' ? 2 : 0, reais: true };
    if (inRanges(ranges, conta) && keep(conta)) found.push(conta);
  }
  return found;
}

describe('the templates of rules 3', () => {
  it('state ranges a conta can meet, and every one of them can be told', () => {
    for (const template of WORD_TEMPLATES) {
      for (const range of [template.ranges.a, template.ranges.b, template.ranges.result])
        expect(range[0], template.id).toBeLessThanOrEqual(range[1]);
      expect(
        contasIn(
          template.op,
          template.ranges,
          (c) => templateFits(template, c),
          template.id,
          1,
          template.centavos,
        ),
        template.id,
      ).toHaveLength(1);
    }
    for (const template of TWO_STEP_TEMPLATES)
      expect(
        contasIn(template.steps[0].op, template.ranges, () => true, template.id, 1),
        template.id,
      ).toHaveLength(1);
  });

  it('never give the answer away: the statement and the question do not change with the answer', () => {
    const leaks: string[] = [];
    const cast = drawCast(randomFromSeed('elenco'), { people: 2 });
    for (const template of WORD_TEMPLATES) {
      for (const conta of contasIn(
        template.op,
        template.ranges,
        (c) => templateFits(template, c),
        template.id,
        12,
        template.centavos,
      )) {
        const told = renderWordProblem(template, conta, cast);
        // The same story with another answer (and the same resto): a word that agreed with the answer would change.
        // (Only answers the story allows: "os outros" is fine where the answer is never 1.)
        const others =
          template.kind === 'cedulas-moedas'
            ? // A value paid in cédulas and moedas is a multiple of 5 centavos.
              [5, 10, conta.result + 5, conta.result - 5, conta.result * 10 + 5]
            : [1, 2, conta.result + 1, conta.result - 1, conta.result * 10 + 7];
        for (const other of others) {
          if (other === conta.result || !within(template.ranges.result, other)) continue;
          const changed = template.render({ ...conta, result: other }, cast);
          if (changed.statement !== told.statement || changed.question !== told.question)
            leaks.push(
              `${template.id} (${conta.result} → ${other}): ${changed.statement} ${changed.question}`,
            );
        }
      }
    }
    for (const template of TWO_STEP_TEMPLATES) {
      const random = randomFromSeed(template.id);
      for (const first of contasIn(template.steps[0].op, template.ranges, () => true, template.id)) {
        const second = template.next(random, first);
        if (second === null || !inRanges(template.nextRanges, second)) continue;
        const told = renderTwoSteps(template, [first, second], cast);
        for (const other of [1, 2, second.result + 1, second.result - 1]) {
          if (other === second.result || !within(template.nextRanges.result, other)) continue;
          const changed = template.render([first, { ...second, result: other }], cast);
          if (changed.statement !== told.statement || changed.question !== told.question)
            leaks.push(
              `${template.id} (${second.result} → ${other}): ${changed.statement} ${changed.question}`,
            );
        }
      }
    }
    expect(leaks.slice(0, 20)).toEqual([]);
  });

  it('each meaning a teacher chooses has templates of each of its operations', () => {
    for (const [meaning, info] of Object.entries(MEANINGS))
      for (const kind of info.kinds)
        for (const op of WORD_KINDS[kind].ops) {
          const told =
            kind === 'duas-etapas'
              ? TWO_STEP_TEMPLATES.filter((t) => t.steps[0].op === op)
              : WORD_TEMPLATES.filter((t) => t.kind === kind && t.op === op);
          expect(told.length, `${meaning}: ${kind} ${op}`).toBeGreaterThan(0);
        }
  });

  it('fit every setting: at least 8 templates an operation, none above 25 %, no problem outside its ranges', () => {
    const misses: string[] = [];
    for (const setting of allSettings())
      for (const row of surveyRows(setting, 40))
        if (row.outside > 0 || row.templates < 8 || row.top.share > 0.25)
          misses.push(
            `${row.setting} ${row.op}: ${row.templates} templates, ${row.top.id} ${(row.top.share * 100).toFixed(0)} %, ${row.outside} outside`,
          );
    expect(misses).toEqual([]);
  });
});

describe('duas etapas', () => {
  it('tells every level and builder preset of + − × ÷ alone and together in two steps: 3 stories a row at least, none above half', () => {
    const misses: string[] = [];
    for (const setting of twoStepSettings())
      for (const row of surveyRows(setting, 30))
        if (row.cannot !== undefined || row.outside > 0 || row.templates < 3 || row.top.share > 0.5)
          misses.push(
            `${row.setting} ${row.op}: ${row.cannot ?? `${row.templates} templates, ${row.top.id} ${(row.top.share * 100).toFixed(0)} %`}`,
          );
    expect(misses).toEqual([]);
  });
});

describe('wordPageBncc', () => {
  it('prints each code once, in the BNCC order', () => {
    expect(
      wordPageBncc([{ bncc: ['EF03MA08'] }, { bncc: ['EF01MA08'] }, { bncc: ['EF03MA08', 'EF02MA07'] }]),
    ).toEqual(['EF01MA08', 'EF02MA07', 'EF03MA08']);
  });
});

// ── The reviewed fixture ──────────────────────────────────────────────────────────────────────────────────────

const FIXTURE = new URL('../fixtures/word-problems.txt', import.meta.url);
const FIXTURE_SIZE = 200;
const SIGN: Record<Operation, string> = { add: '+', sub: '−', mult: '×', div: '÷' };

/**
 * Every kind each level can tell, with each of its operations (Fácil ÷ is exact: no "quantos são necessários"); the
 * kinds told only em reais (cédulas e moedas) are decimal-pages.test.ts's.
 */
const COMBOS = LEVELS.flatMap((level) =>
  NATURAL_KINDS.flatMap((kind) =>
    WORD_KINDS[kind].ops
      .filter((op) => kindsOf(op).includes(kind))
      .filter((op) => !(level === 0 && WORD_KINDS[kind].remainder === 'required' && op === 'div'))
      .map((op) => ({ level, kind, op })),
  ),
);

const contaText = ({ op, a, b, result, remainder }: Problem) =>
  `${thousands(a)} ${SIGN[op]} ${thousands(b)} = ${thousands(result)}${remainder > 0 ? ` resto ${remainder}` : ''}`;

/**
 * Problem i of the fixture: kind × operation × level in turn, and within them the templates in turn (a template whose
 * numbers the level never draws is passed over), drawn with the level's numbers.
 */
function fixtureProblem(index: number): { level: Level; problem: WordProblem } | null {
  const { level, kind, op } = COMBOS[index % COMBOS.length]!;
  const round = Math.floor(index / COMBOS.length);
  const random = randomFromSeed(`fixture-${index}`);
  if (kind === 'duas-etapas') {
    const templates = TWO_STEP_TEMPLATES.filter((t) => t.steps[0].op === op);
    for (let offset = 0; offset < templates.length; offset++) {
      const template = templates[(round + offset) % templates.length]!;
      for (let draw = 0; draw < 2_000; draw++) {
        const first = levelSource(level, op)(random, new PageProblems(level, 3));
        if (first === null || !inRanges(template.ranges, first) || !(template.when?.(first) ?? true))
          continue;
        const second = template.next(random, first);
        if (second === null || !inRanges(template.nextRanges, second) || second.result <= 0) continue;
        return { level, problem: renderTwoSteps(template, [first, second], drawCast(random, template, 'f')) };
      }
    }
    return null;
  }
  const templates = WORD_TEMPLATES.filter((t) => t.kind === kind && t.op === op);
  for (let offset = 0; offset < templates.length; offset++) {
    const template = templates[(round + offset) % templates.length]!;
    for (let draw = 0; draw < 2_000; draw++) {
      const conta = levelSource(level, op)(random, new PageProblems(level, 3));
      if (conta !== null && kindFits(kind, conta) && templateFits(template, conta))
        return {
          level,
          problem: renderWordProblem(
            template,
            conta,
            drawCast(random, template, index % 2 === 0 ? 'f' : 'm'),
          ),
        };
    }
  }
  return null;
}

function fixtureText(): string {
  const blocks: string[] = [];
  for (let index = 0; blocks.length < FIXTURE_SIZE && index < FIXTURE_SIZE * 3; index++) {
    const drawn = fixtureProblem(index);
    if (drawn === null) continue;
    const { level, problem } = drawn;
    const contas = (problem.steps ?? [problem.conta]).map(contaText).join('; ');
    blocks.push(
      [
        `#${String(blocks.length + 1).padStart(3, '0')} · ${LEVEL_NAMES[level]} · ${WORD_KINDS[problem.kind].label} · ${problem.template} · ${contas}`,
        `${problem.statement} ${problem.question}`,
        `Resposta: ${problem.answerSentence}`,
        `BNCC: ${problem.bncc.join(', ')}`,
      ].join('\n'),
    );
  }
  return [
    '# Situações-problema of rules 3: 200 problems, each kind and operation at each level in turn, the templates in',
    '# turn. Generated by libs/generator/test/unit/word-problems.test.ts; rewrite with UPDATE_FIXTURE=1 after a',
    '# change to the wording, and read the diff as a teacher would.',
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}

describe('the reviewed fixture of 200 problems', () => {
  it('matches libs/generator/test/fixtures/word-problems.txt (UPDATE_FIXTURE=1 rewrites it)', () => {
    const text = fixtureText();
    if (process.env.UPDATE_FIXTURE === '1') writeFileSync(FIXTURE, text);
    expect(readFileSync(FIXTURE, 'utf8')).toBe(text);
  });
});
