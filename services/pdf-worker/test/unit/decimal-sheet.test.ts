import { describe, expect, it } from 'vitest';
import type { CustomOptions, GeneratedPage, Problem } from '@app/generator';
import { answerText } from '../../src/domain/answer-table.js';
import { renderSheetHtml } from '../../src/domain/sheet-html.js';

// A decimal conta on the sheet: vírgula under vírgula in a column of its own, the zero the learner completes written
// lighter in the gabarito, the chave's quotient with its vírgula, money in reais in the lines and the answer table.

const META = {
  code: 'UNIT',
  answersUrl: 'https://exemplo.com.br/gabarito/UNIT',
  correctionUrl: 'https://exemplo.com.br/corrigir/UNIT',
};

function pageOf(problems: Problem[], custom: CustomOptions): GeneratedPage {
  return {
    options: { add: true, sub: true, mult: false, div: true, answers: true, level: 2, custom },
    rules: 4,
    problems,
    bncc: ['EF05MA07', 'EF05MA08'],
    levelName: 'Difícil',
  };
}

const CUSTOM = (format: CustomOptions['format']): CustomOptions => ({
  v: 1,
  format,
  size: 'normal',
  count: 3,
  add: { numbers: { kind: 'digits', top: 2, bottom: 1 }, regrouping: 'com', casas: 2 },
  sub: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com', casas: 2 },
  div: { divisor: { kind: 'list', divisors: [3] }, dividend: 2, remainders: 'exata', casas: 'reais' },
});

const SUM: Problem = {
  op: 'add',
  a: 350,
  b: 1275,
  result: 1625,
  remainder: 0,
  decimal: { casas: 2, a: 1, b: 2 },
};
const DIFFERENCE: Problem = {
  op: 'sub',
  a: 1250,
  b: 375,
  result: 875,
  remainder: 0,
  decimal: { casas: 2, a: 1, b: 2 },
};
const QUOTIENT: Problem = {
  op: 'div',
  a: 1260,
  b: 3,
  result: 420,
  remainder: 0,
  decimal: { casas: 2, a: 2, b: 0, reais: true },
};

/** The text of each line of a cell (its digit cells joined, the vírgula's column as ','). */
function cellLines(html: string, sheet: 'exercises' | 'answer-key', index: number): string[] {
  const sheets = html.split('<section class="sheet ');
  const part = sheets.find((s) => s.startsWith(sheet))!;
  const cell = part.split('<li class="cell')[index + 1]!;
  return [...cell.matchAll(/<div class="line[^"]*">(.*?)<\/div>/g)].map((m) =>
    [...m[1]!.matchAll(/<span class="d[^"]*">(?:<span class="rw">)?([^<]*)/g)]
      .map((d) => d[1] || '_')
      .join(''),
  );
}

describe('decimal contas on the sheet', () => {
  const html = renderSheetHtml(pageOf([SUM, DIFFERENCE, QUOTIENT], CUSTOM('armada')), META);

  it('writes 3,5 + 12,75 vírgula under vírgula, 3,5 one column to the left, and completes it with 0 in the gabarito', () => {
    expect(cellLines(html, 'exercises', 0)).toEqual(['______', '__3,5_', '_12,75']);
    expect(cellLines(html, 'answer-key', 0)).toEqual(['__1___', '__3,50', '_12,75', '_16,25']);
    expect(html).toContain('<span class="d zero">0');
  });

  it('borrows across the vírgula from the completed zero: 12,50 − 3,75 = 8,75', () => {
    const [borrows, top, , result] = cellLines(html, 'answer-key', 1);
    expect(top).toBe('12,50');
    expect(borrows).toBe('011_1410'); // 1 → 0, 2 → 11 | 5 → 14, 0 → 10
    expect(result).toBe('_8,75');
  });

  it('works R$ 12,60 ÷ 3 in the chave with the vírgula in the quotient, 4,20', () => {
    const key = html.split('<section class="sheet answer-key')[1]!;
    expect(key).toMatch(
      /<div class="quotient result"><span class="d">4<\/span><span class="d v">,<\/span><span class="d">2<\/span><span class="d">0<\/span>/,
    );
    expect(key).toContain('quociente <b>R$\u00a04,20</b>');
    expect(answerText(pageOf([SUM, DIFFERENCE, QUOTIENT], CUSTOM('armada')), 2)).toBe('R$\u00a04,20');
    expect(answerText(pageOf([SUM, DIFFERENCE, QUOTIENT], CUSTOM('armada')), 0)).toBe('16,25');
  });

  it('prints the facts in a line with their vírgula and money in reais, the gabarito filling the blanks', () => {
    const linha = renderSheetHtml(pageOf([SUM, DIFFERENCE, QUOTIENT], CUSTOM('linha')), META);
    expect(linha).toContain('<span class="n">3,5</span>');
    expect(linha).toContain('<span class="n">R$\u00a012,60</span>');
    expect(linha).toContain('<b class="result">R$\u00a04,20</b>');
    expect(linha).toContain('<b class="result">16,25</b>');
  });
});
