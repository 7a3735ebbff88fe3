import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LEVEL_NAMES,
  generatePage,
  thousands,
  type Level,
  type Operation,
  type PageOptions,
  type Problem,
} from '../../src/index.js';
import { PageProblems } from '../../src/problems.js';
import { randomFromSeed } from '../../src/random.js';
import {
  drawCast,
  generateWordProblems,
  levelSource,
  renderWordProblem,
  type WordProblem,
} from '../../src/rules2/word/generate.js';
import {
  WORD_KINDS,
  WORD_KIND_LIST,
  kindFits,
  type WordKind,
  wordPageBncc,
} from '../../src/rules2/word/kinds.js';
import { WORD_TEMPLATES, templatesOf, type WordTemplate } from '../../src/rules2/word/templates.js';

const LEVELS: Level[] = [0, 1, 2];
const ORDER: Operation[] = ['add', 'sub', 'mult', 'div'];

/** The level table's bounds on the terms, for a word problem's conta (the table itself is tested with pages). */
function levelBoundsBroken(level: Level, { op, a, b }: Problem): boolean {
  const digits = (n: number) => String(n).length;
  switch (`${level}${op}`) {
    case '0add':
    case '0sub':
      return a > 99 || b > 99;
    case '0mult':
      return a < 2 || a > 10 || b < 2 || b > 5;
    case '0div':
      return (b !== 2 && b !== 3) || a % b !== 0;
    case '1add':
      return digits(a) !== 3 || digits(b) !== 3;
    case '1sub':
      return digits(a) !== 3 || b >= a;
    case '1mult':
      return digits(a) !== 2 || b < 2 || b > 5;
    case '1div':
      return b < 2 || b > 9 || a > 999;
    case '2add':
    case '2sub':
      return digits(a) < 4 || digits(a) > 5 || digits(b) < 4 || digits(b) > 5;
    case '2mult':
      return digits(a) !== 3 || digits(b) !== 2;
    default:
      return b < 11 || b > 99 || b % 10 === 0 || a / b < 10;
  }
}

/**
 * Rules 2's situações-problema, frozen in src/rules2/ so that every page stored with rules 2 prints and answers as it
 * was bought: its pinned page and its reviewed fixture (200 problems, word for word) must never change (README,
 * "Rules versions"). The properties of its problems were tested while rules 2 was current; frozen code keeps them, so
 * only the pins run now.
 */
describe('generateWordProblems of rules 2 (frozen)', () => {
  it('gives the same problems for the same seed and spec, and others for another seed', () => {
    const spec = { operations: ORDER, numbers: 1 as Level, count: 8 };
    expect(generateWordProblems('semente', spec)).toEqual(generateWordProblems('semente', spec));
    expect(generateWordProblems('semente', spec)).not.toEqual(generateWordProblems('outra', spec));
  });

  it('pins one seed’s page, so that no change to the draws or the choice of kinds goes unnoticed', () => {
    const problems = generateWordProblems('0123456789abcdef0123456789abcdef', {
      operations: ORDER,
      numbers: 1,
      count: 6,
    });
    expect(
      problems.map((p) => [p.template, p.conta.a, p.conta.b, p.answer, p.people.map((x) => x.name)]),
    ).toEqual([
      ['juntar.feira', 515, 487, 1002, ['Ayumi']],
      ['separar.passeio', 123, 47, 76, []],
      ['disposicao-retangular.milho', 88, 3, 264, []],
      ['reparticao.lanche', 224, 8, 28, []],
      ['acrescentar.festa-junina', 712, 467, 1179, []],
      ['completar.album', 180, 117, 63, ['Yasmin']],
    ]);
    expect(problems[0]).toMatchObject({
      kind: 'juntar',
      statement: 'Na barraca de frutas da feira, Ayumi vendeu 515 laranjas de manhã e 487 laranjas à tarde.',
      question: 'Quantas laranjas ela vendeu nesse dia?',
      answerSentence: 'Ayumi vendeu 1.002 laranjas nesse dia.',
      bncc: ['EF03MA06'],
    });
  });

  it('deals the operations round-robin in the order + − × ÷ and draws the level’s numbers', () => {
    for (const level of LEVELS) {
      const problems = generateWordProblems(`ordem-${level}`, {
        operations: ['div', 'add'],
        numbers: level,
        count: 6,
      });
      expect(problems.map((problem) => problem.conta.op)).toEqual(['add', 'div', 'add', 'div', 'add', 'div']);
      for (const problem of problems)
        expect(levelBoundsBroken(level, problem.conta), JSON.stringify(problem.conta)).toBe(false);
    }
  });

  it('takes a source of numbers per operation (what a custom options model passes)', () => {
    // A tabuada do 7 from 7 × 6 to 7 × 9, as a custom "tabuadas" option would draw it.
    const problems = generateWordProblems('custom', {
      operations: ['mult'],
      numbers: {
        mult: (random) => {
          const b = random.int(6, 9);
          return { op: 'mult', a: 7, b, result: 7 * b, remainder: 0 };
        },
      },
      count: 4,
    });
    expect(problems.map((problem) => problem.conta.b).sort()).toEqual([6, 7, 8, 9]);
    expect(problems.every((problem) => problem.conta.a === 7 && problem.answer === 7 * problem.conta.b)).toBe(
      true,
    );
    const fromLevel = generateWordProblems('custom', {
      operations: ['mult'],
      numbers: { mult: levelSource(2, 'mult') },
      count: 4,
    });
    expect(fromLevel.every((problem) => !levelBoundsBroken(2, problem.conta))).toBe(true);
  });

  it('keeps to the kinds it is given', () => {
    const problems = generateWordProblems('só-medida', {
      operations: ['div', 'sub'],
      numbers: 1,
      count: 10,
      kinds: ['medida', 'completar'],
    });
    expect(new Set(problems.map((problem) => problem.kind))).toEqual(new Set(['medida', 'completar']));
  });

  it('refuses a spec it cannot honour', () => {
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
    ).toThrow('no kind of problem for add');
    // Fácil divisions are exact: none can be told as "quantos são necessários".
    expect(() =>
      generateWordProblems('x', { operations: ['div'], numbers: 0, count: 1, kinds: ['necessarios'] }),
    ).toThrow('could not draw a word problem for div');
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

const FIXTURE = new URL('../fixtures/word-problems-rules2.txt', import.meta.url);
const FIXTURE_SIZE = 200;
const SIGN: Record<Operation, string> = { add: '+', sub: '−', mult: '×', div: '÷' };

/** Every kind a level can tell (a Fácil division is exact: no "quantos são necessários"). */
const COMBOS = LEVELS.flatMap((level) =>
  WORD_KIND_LIST.filter((kind) => !(level === 0 && WORD_KINDS[kind].remainder === 'required')).map(
    (kind) => ({
      level,
      kind,
    }),
  ),
);

/**
 * Problem i of the fixture: kind × level in turn, and within a kind the templates in turn (a template whose
 * numbers the level never draws is passed over).
 */
function fixtureProblem(index: number): { level: Level; problem: WordProblem } {
  const { level, kind } = COMBOS[index % COMBOS.length] as { level: Level; kind: WordKind };
  const round = Math.floor(index / COMBOS.length);
  const templates = templatesOf(kind);
  const random = randomFromSeed(`fixture-${index}`);
  const op = WORD_KINDS[kind].op;
  for (let offset = 0; offset < templates.length; offset++) {
    const template = templates[(round + offset) % templates.length] as WordTemplate;
    for (let draw = 0; draw < 2_000; draw++) {
      const conta = levelSource(level, op)(random, new PageProblems(level));
      if (kindFits(kind, conta) && template.fits(conta))
        return { level, problem: renderWordProblem(template, conta, drawCast(random, template)) };
    }
  }
  throw new Error(`no template of ${kind} fits level ${level}`);
}

function fixtureText(): string {
  const blocks = Array.from({ length: FIXTURE_SIZE }, (_, index) => {
    const { level, problem } = fixtureProblem(index);
    const { op, a, b, result, remainder } = problem.conta;
    const conta = `${thousands(a)} ${SIGN[op]} ${thousands(b)} = ${thousands(result)}${remainder > 0 ? ` resto ${remainder}` : ''}`;
    return [
      `#${String(index + 1).padStart(3, '0')} · ${LEVEL_NAMES[level]} · ${WORD_KINDS[problem.kind].label} · ${problem.template} · ${conta}`,
      `${problem.statement} ${problem.question}`,
      `Resposta: ${problem.answerSentence}`,
      `BNCC: ${problem.bncc.join(', ')}`,
    ].join('\n');
  });
  return [
    '# Situações-problema: 200 generated problems, each kind at each level in turn, the templates in turn.',
    '# Generated by libs/generator/test/unit/word-problems.test.ts; rewrite with UPDATE_FIXTURE=1 after a change',
    '# to the wording, and read the diff as a teacher would.',
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}

describe('the reviewed fixture of 200 problems', () => {
  it('covers every kind at every level and every template', () => {
    const problems = Array.from({ length: FIXTURE_SIZE }, (_, index) => fixtureProblem(index).problem);
    expect(new Set(problems.map((problem) => problem.kind)).size).toBe(WORD_KIND_LIST.length);
    const templates = new Set(problems.map((problem) => problem.template));
    expect(WORD_TEMPLATES.filter((template) => !templates.has(template.id)).map((t) => t.id)).toEqual([]);
  });

  it('matches libs/generator/test/fixtures/word-problems.txt (UPDATE_FIXTURE=1 rewrites it)', () => {
    const text = fixtureText();
    if (process.env.UPDATE_FIXTURE === '1') writeFileSync(FIXTURE, text);
    expect(readFileSync(FIXTURE, 'utf8')).toBe(text);
  });
});

describe('pages of situações-problema stored with rules 2', () => {
  const PAGES: ReadonlyArray<{ seed: string; options: PageOptions; sha256: string }> = JSON.parse(
    readFileSync(new URL('../fixtures/rules2-problemas-pages.json', import.meta.url), 'utf8'),
  );

  it('draw, word for word, what they drew when they were bought (144 pages of every preset mix and size)', () => {
    expect(PAGES).toHaveLength(144);
    for (const { seed, options, sha256 } of PAGES) {
      const page = generatePage(seed, options, 2);
      const words = page.words?.map((w) => [w.template, w.statement, w.question, w.answerSentence, w.bncc]);
      const hash = createHash('sha256')
        .update(JSON.stringify({ problems: page.problems, words }))
        .digest('hex');
      expect(hash, seed).toBe(sha256);
    }
  });
});
