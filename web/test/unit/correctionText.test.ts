import { describe, expect, it } from 'vitest';
import type { CorrectionProblem, CorrectionSheet } from '@app/contracts';
import { answerWith, describeFound, diagnoseSheet, scoreOf, type TypedAnswer } from '@app/diagnosis';
import {
  MARK_TEXT,
  cellsShowConta,
  columnHeader,
  contaLabel,
  contasText,
  childOf,
  decimalHelp,
  inputLabel,
  rowDiagnosis,
  rowLabel,
  scoreText,
  summaryText,
  unbroken,
} from '../../src/routes/member/correction/sheetText';

const sub = (a: number, b: number): CorrectionProblem => ({ op: 'sub', a, b, result: a - b, remainder: 0 });
const div = (a: number, b: number): CorrectionProblem => ({
  op: 'div',
  a,
  b,
  result: Math.floor(a / b),
  remainder: a % b,
});
const sheet = (n: number, problems: CorrectionProblem[], of = 3): CorrectionSheet => ({
  n,
  code: `V${n}`,
  label: `Versão ${n} de ${of}`,
  problems,
});
const page = (problems: CorrectionProblem[]): CorrectionSheet => ({ n: 1, code: 'P', label: null, problems });
const typed = (result: number | null, remainder: number | null = null, blank = false): TypedAnswer => ({
  result,
  remainder,
  blank,
});

describe('the words of the correction grid', () => {
  it('writes each conta as the sheet prints it, with the real signs', () => {
    expect(contaLabel(sub(52, 27))).toBe('52 − 27');
    expect(contaLabel({ op: 'add', a: 4, b: 5, result: 9, remainder: 0 })).toBe('4 + 5');
    expect(contaLabel({ op: 'mult', a: 7, b: 8, result: 56, remainder: 0 })).toBe('7 × 8');
    expect(contaLabel(div(29, 4))).toBe('29 ÷ 4');
    // A lacuna: '?' where the blank is, and what the conta makes.
    expect(contaLabel({ op: 'add', a: 3, b: 6, result: 9, remainder: 0, blank: 'a' })).toBe('? + 6 = 9');
    expect(contaLabel({ op: 'mult', a: 7, b: 8, result: 56, remainder: 0, blank: 'b' })).toBe('7 × ? = 56');
  });

  it('writes a decimal conta with its casas, in reais without “R$”, as in the conta’s columns', () => {
    const centesimos = { casas: 2 as const, a: 1, b: 2 };
    const add: CorrectionProblem = {
      op: 'add',
      a: 350,
      b: 75,
      result: 425,
      remainder: 0,
      decimal: centesimos,
    };
    expect(contaLabel(add)).toBe('3,5 + 0,75');
    expect(contaLabel({ ...add, blank: 'b' })).toBe('3,5 + ? = 4,25');
    const reais = { casas: 2 as const, a: 2, b: 0, reais: true as const };
    const div: CorrectionProblem = {
      op: 'div',
      a: 126000,
      b: 3,
      result: 42000,
      remainder: 0,
      decimal: reais,
    };
    expect(contaLabel(div)).toBe('1260,00 ÷ 3');
    // The divisor of a lacuna is natural; the result is in reais.
    expect(contaLabel({ ...div, blank: 'b' })).toBe('1260,00 ÷ ? = 420,00');
    expect(columnHeader([page([add])], 0)).toBe('1 · 3,5 + 0,75');
  });

  it('helps with decimal answers only where a sheet asks one', () => {
    const decimal = (casas: 1 | 2): CorrectionProblem => ({
      op: 'mult',
      a: 25,
      b: 4,
      result: 100,
      remainder: 0,
      decimal: { casas, a: casas, b: 0 },
    });
    expect(decimalHelp([page([sub(52, 27)])])).toBeNull();
    // A lacuna asking the natural multiplier asks no decimal.
    expect(decimalHelp([page([{ ...decimal(1), blank: 'b' }])])).toBeNull();
    expect(decimalHelp([page([sub(52, 27), decimal(1)])])).toBe(
      ' Nos números com vírgula, digite como o aluno escreveu: 4,5.',
    );
    expect(decimalHelp([sheet(1, [decimal(1)]), sheet(2, [decimal(2)])])).toBe(
      ' Nos números com vírgula, digite como o aluno escreveu: 4,25.',
    );
  });

  it('heads a column with its number, and its conta when every sheet has that one', () => {
    const one = [page([sub(52, 27), div(29, 4)])];
    expect(columnHeader(one, 0)).toBe('1 · 52 − 27');
    expect(columnHeader(one, 1)).toBe('2 · 29 ÷ 4');
    const set = [sheet(1, [sub(52, 27)]), sheet(2, [sub(61, 28)])];
    expect(columnHeader(set, 0)).toBe('1');
    expect(cellsShowConta(set)).toBe(true);
    expect(cellsShowConta(one)).toBe(false);
    const words = [page([{ ...sub(52, 27), word: true }])];
    expect(columnHeader(words, 0)).toBe('Problema 1');
    expect(cellsShowConta(words)).toBe(true);
    // A column past a shorter sheet's problems is headed by the sheets that have it.
    expect(columnHeader([sheet(1, [sub(9, 3)]), sheet(2, [sub(9, 3), sub(8, 1)])], 1)).toBe('2 · 8 − 1');
  });

  it('names rows and inputs: the version, or Folha for a page', () => {
    const v5 = sheet(5, [sub(52, 27)], 30);
    expect(rowLabel(v5)).toBe('Versão 5 de 30');
    expect(rowLabel(page([]))).toBe('Folha');
    expect(inputLabel(v5, 2, 'result')).toBe('Versão 5, conta 3');
    expect(inputLabel(v5, 2, 'remainder')).toBe('Versão 5, conta 3, resto');
    expect(inputLabel(page([]), 0, 'result')).toBe('Folha, conta 1');
    // A set made for a turma: the child's name.
    const ana = { ...v5, student: 'Ana S.' };
    expect(rowLabel(ana)).toBe('Ana S. · Versão 5');
    expect(inputLabel(ana, 2, 'result')).toBe('Ana S., conta 3');
    expect(childOf(ana)).toBe('Ana S.');
    expect(childOf(v5)).toBe('o aluno');
  });

  it('says each mark in words and with a symbol', () => {
    expect(MARK_TEXT).toEqual({ right: '✓ certo', wrong: '✗ errado', blank: 'em branco', empty: '' });
  });

  it('scores a row, and sums up the sheets corrected', () => {
    const problems = [sub(52, 27), sub(61, 28), sub(40, 12)];
    const done = scoreOf(problems, [typed(25), typed(43), typed(null, null, true)]);
    expect(scoreText(done)).toBe('1 de 3');
    expect(scoreText(scoreOf(problems, []))).toBe('—');
    const half = scoreOf(problems, [typed(25)]);
    expect(scoreText(half)).toBe('1 de 3');
    const all = scoreOf(problems, [typed(25), typed(33), typed(28)]);
    expect(summaryText([done, all, half])).toBe('2 de 3 folhas corrigidas, média de 2 acertos em 3.');
    expect(summaryText([half])).toBe('0 de 1 folha corrigida.');
    expect(summaryText([done])).toBe('1 de 1 folha corrigida, média de 1 acerto em 3.');
    const two = scoreOf(problems.slice(0, 2), [typed(25), typed(33)]);
    expect(summaryText([done, two, all])).toBe('3 de 3 folhas corrigidas, média de 77,8% de acertos.');
    const four = scoreOf([...problems, sub(9, 1)], [typed(25), typed(33), typed(28), typed(1)]);
    expect(summaryText([all, four])).toBe('2 de 2 folhas corrigidas, média de 87,5% de acertos.');
  });

  it('names the mistake behind the wrong answers, with the child’s contas as evidence', () => {
    const problems = [sub(52, 27), sub(61, 28), sub(74, 38), sub(45, 12), div(29, 4)];
    // "Subtrai o menor do maior" on every subtraction (45 − 12 has no reserva: right), a slip on the division.
    const answers = problems.map((p, i) =>
      i < 4 ? typed(answerWith(p, { sub: { menorDoMaior: true } }).result) : typed(7, 2),
    );
    const d = diagnoseSheet(problems, answers);
    expect(rowDiagnosis(d)).toEqual(['Subtrai o menor do maior em cada coluna', '1 erro de cálculo']);
    expect(describeFound(d.mistakes[0]!, 'o aluno')).toBe(
      'Em 3 de 3 subtrações com reserva, o aluno subtraiu o menor do maior: 52 − 27 → 35',
    );
    // Each conta unbroken (no-break spaces at its signs), the list free to wrap between them.
    expect(contasText(d.mistakes[0]!.evidence)).toBe(
      '52\u00a0−\u00a027\u00a0→\u00a035; 61\u00a0−\u00a028\u00a0→\u00a047; 74\u00a0−\u00a038\u00a0→\u00a044',
    );
    expect(contasText(d.slips)).toBe('29\u00a0÷\u00a04\u00a0→\u00a07 resto 2');
    expect(unbroken('Em 3 de 3 subtrações, o aluno subtraiu: 52 − 27 → 35')).toBe(
      'Em 3 de 3 subtrações, o aluno subtraiu: 52\u00a0−\u00a027\u00a0→\u00a035',
    );
    expect(unbroken('? + 6 = 9')).toBe('?\u00a0+\u00a06\u00a0=\u00a09');
    const odd = diagnoseSheet([sub(52, 27), sub(61, 28)], [typed(99), typed(1)]);
    expect(rowDiagnosis(odd)).toEqual(['2 não identificados']);
    expect(rowDiagnosis(diagnoseSheet([sub(52, 27)], [typed(25)]))).toEqual([]);
  });
});
