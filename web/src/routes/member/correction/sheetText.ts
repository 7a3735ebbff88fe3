import type { CorrectionProblem, CorrectionSheet } from '@app/contracts';
import { contaNumberText, type ContaNumber } from '@app/contracts/decimal';
import { contaText, type Answered, type Diagnosis, type Mark, type Score } from '@app/diagnosis';
import { readingOf, type Part } from './typed';

/** Correção rápida's words: the grid's headers and labels, the marks, the scores, the summary. Pure. */

const SIGNS: Readonly<Record<CorrectionProblem['op'], string>> = { add: '+', sub: '−', mult: '×', div: '÷' };

/**
 * A problem's conta as the sheet prints it: '52 − 27', a decimal one with its casas '3,5 + 0,75' (in reais too, without
 * "R$"); a lacuna with '?' where the blank is: '? + 6 = 9'.
 */
export function contaLabel(p: CorrectionProblem): string {
  const text = (which: ContaNumber) =>
    p.blank === which ? '?' : contaNumberText(p, which, { group: false });
  const conta = `${text('a')} ${SIGNS[p.op]} ${text('b')}`;
  return p.blank === undefined ? conta : `${conta} = ${text('result')}`;
}

/** The help's words on decimal answers, when a sheet asks one: typed as the child wrote them, with the vírgula. */
export function decimalHelp(sheets: readonly CorrectionSheet[]): string | null {
  const readings = sheets.flatMap((s) => s.problems.map(readingOf)).filter((r) => r !== undefined);
  if (readings.length === 0) return null;
  const example = readings.some((r) => r.casas === 2) ? '4,25' : '4,5';
  return ` Nos números com vírgula, digite como o aluno escreveu: ${example}.`;
}

/**
 * A column's header: the problem's number, and its conta when every sheet has the same one ('3 · 52 − 27'); a
 * situação-problema is 'Problema 3'. The versions of a set have different contas: each cell shows its own.
 */
export function columnHeader(sheets: readonly CorrectionSheet[], col: number): string {
  const problems = sheets.map((s) => s.problems[col]).filter((p) => p !== undefined);
  const first = problems[0];
  if (first?.word) return `Problema ${col + 1}`;
  const label = first ? contaLabel(first) : '';
  return label && problems.every((p) => !p.word && contaLabel(p) === label)
    ? `${col + 1} · ${label}`
    : `${col + 1}`;
}

/** Whether the cells show their own conta (the sheets' contas differ). */
export const cellsShowConta = (sheets: readonly CorrectionSheet[]): boolean =>
  sheets.length > 1 || sheets.some((s) => s.problems.some((p) => p.word));

/** A row's header: the child's name in a set made for a turma ('Ana S. · Versão 5'), else 'Versão 5 de 30', or 'Folha'. */
export const rowLabel = (sheet: CorrectionSheet): string =>
  sheet.student ? `${sheet.student} · Versão ${sheet.n}` : (sheet.label ?? 'Folha');

/** Who a row's diagnosis speaks of: the child's name, else 'o aluno'. */
export const childOf = (sheet: CorrectionSheet): string => sheet.student ?? 'o aluno';

/** A sheet in a word or two: the child's name in a set made for a turma ('Ana S.'), else 'Versão 5', or 'Folha'. */
export const sheetName = (sheet: CorrectionSheet): string =>
  sheet.student ?? (sheet.label === null ? 'Folha' : `Versão ${sheet.n}`);

/**
 * An input's accessible name: 'Versão 5, conta 3', 'Versão 5, conta 3, resto'; 'Folha, conta 3' for a page; the
 * child's name for a set made for a turma ('Ana S., conta 3').
 */
export function inputLabel(sheet: CorrectionSheet, col: number, part: Part): string {
  return `${sheetName(sheet)}, conta ${col + 1}${part === 'remainder' ? ', resto' : ''}`;
}

/** A mark in words (with a symbol, never colour alone); nothing for a cell not typed. */
export const MARK_TEXT: Readonly<Record<Mark, string>> = {
  right: '✓ certo',
  wrong: '✗ errado',
  blank: 'em branco',
  empty: '',
};

/** '7 de 10' (right answers of the sheet's problems); '—' while nothing is typed. */
export const scoreText = (score: Score): string =>
  score.empty === score.total ? '—' : `${score.right} de ${score.total}`;

/** A number as pt-BR writes it, with at most one decimal: 7,3; 8. */
export const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/**
 * The line above the grid: how many sheets are corrected (every problem typed) and their average score ('média de
 * 7,5 acertos em 10'; in per cent when the sheets have different counts).
 */
export function summaryText(scores: readonly Score[]): string {
  const done = scores.filter((s) => s.total > 0 && s.empty === 0);
  const count = `${done.length} de ${scores.length} ${scores.length === 1 ? 'folha corrigida' : 'folhas corrigidas'}`;
  if (done.length === 0) return `${count}.`;
  const total = done[0]!.total;
  if (done.every((s) => s.total === total)) {
    const mean = done.reduce((sum, s) => sum + s.right, 0) / done.length;
    return `${count}, média de ${decimal.format(mean)} ${mean === 1 ? 'acerto' : 'acertos'} em ${total}.`;
  }
  const share = done.reduce((sum, s) => sum + s.right / s.total, 0) / done.length;
  return `${count}, média de ${decimal.format(share * 100)}% de acertos.`;
}

/** The row's 'Diagnóstico' cell: the mistakes' short names, then how many wrong answers are slips or unexplained. */
export function rowDiagnosis(d: Diagnosis): string[] {
  const lines = d.mistakes.map((m) => m.name);
  if (d.slips.length > 0)
    lines.push(d.slips.length === 1 ? '1 erro de cálculo' : `${d.slips.length} erros de cálculo`);
  if (d.unexplained.length > 0)
    lines.push(
      d.unexplained.length === 1 ? '1 não identificado' : `${d.unexplained.length} não identificados`,
    );
  return lines;
}

/** A conta never broken at its signs: '52 − 27 → 35' with no-break spaces around − and →. */
export const unbroken = (text: string): string => text.replace(/ (?=[−+×÷→=] )|(?<=[−+×÷→=]) /g, '\u00a0');

/** The child's own contas, as evidence: '52 − 27 → 35; 61 − 48 → 27' (each unbroken); a blank is not evidence. */
export const contasText = (answered: readonly Answered[]): string =>
  answered
    .filter((p) => p.answer !== null)
    .map((p) => unbroken(contaText(p.conta, p.answer!)))
    .join('; ');
