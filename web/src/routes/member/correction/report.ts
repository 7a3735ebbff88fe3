import type { CorrectionSheet, TypedCell } from '@app/contracts';
import { formatDate, type DateInput } from '@app/contracts/format';
import {
  MISTAKE_IDS,
  diagnoseSheet,
  markOf,
  sameMistake,
  scoreOf,
  type Diagnosis,
  type Mark,
  type Mistake,
  type Score,
} from '@app/diagnosis';
import { decimal, scoreText, sheetName } from './sheetText';
import { cellKey } from './typed';

/**
 * "Relatório da turma": the correction of a class set (or a page) summed up for the coordinator: how many sheets are
 * corrected, the class's average, each mistake with the children who show it, and each child's score and mistakes.
 * Pure: the screen (CorrectionReport.tsx) only lays it out.
 */

/** A child's sheet with something typed: its score and diagnosis. */
export interface ChildReport {
  sheet: CorrectionSheet;
  /** 'Ana S.', 'Versão 3', 'Folha' (sheetText's `sheetName`). */
  name: string;
  score: Score;
  diagnosis: Diagnosis;
  /** Each problem's mark, in the sheet's order. */
  marks: Mark[];
}

/** A line of "Por erro": a systematic mistake (one per fact held wrong), the slips, or the wrong answers unexplained. */
export interface ErrorLine {
  kind: 'mistake' | 'slip' | 'unexplained';
  /** The mistake, for a line of kind 'mistake'. */
  mistake?: Mistake;
  /** 'Subtrai o menor do maior em cada coluna', 'Fato da tabuada: 7 × 8 = 54', 'Erro de cálculo', 'Não identificado'. */
  name: string;
  /** The children who show it (their names), in the sheets' order. */
  children: string[];
}

export interface ClassReport {
  /** Every sheet of the set (or the page's one). */
  total: number;
  /** The sheets with at least one answer typed, in order. */
  corrected: ChildReport[];
  /** The sheets with nothing typed yet ("Ainda não corrigido"). */
  pending: CorrectionSheet[];
  /** The mistakes, most children first, then the slips and the unexplained (each when some child has it). */
  errors: ErrorLine[];
}

/** The report of a correction: each sheet marked and diagnosed from its typed cells. */
export function classReport(sheets: readonly CorrectionSheet[], cells: readonly TypedCell[]): ClassReport {
  const byKey = new Map(cells.map((c) => [cellKey(c.version, c.problem), c]));
  const corrected: ChildReport[] = [];
  const pending: CorrectionSheet[] = [];
  for (const sheet of sheets) {
    const typed = sheet.problems.map((_, i) => byKey.get(cellKey(sheet.n, i)));
    const score = scoreOf(sheet.problems, typed);
    // A sheet counts as corrected once one of its problems is marked (a cell cleared is nothing typed).
    if (score.empty === score.total) pending.push(sheet);
    else
      corrected.push({
        sheet,
        name: sheetName(sheet),
        score,
        diagnosis: diagnoseSheet(sheet.problems, typed),
        marks: sheet.problems.map((p, i) => markOf(p, typed[i])),
      });
  }
  return { total: sheets.length, corrected, pending, errors: errorLines(corrected) };
}

/** The order of the catalogue, and of facts by their terms and value: ties in "Por erro" keep it. */
function catalogueOrder(a: Mistake, b: Mistake): number {
  const byId = MISTAKE_IDS.indexOf(a.id) - MISTAKE_IDS.indexOf(b.id);
  if (byId !== 0 || !a.fact || !b.fact) return byId;
  return a.fact.x - b.fact.x || a.fact.y - b.fact.y || a.fact.value - b.fact.value;
}

/** "Por erro": each mistake (a fact per fact) with the children who show it, most children first. */
export function errorLines(children: readonly ChildReport[]): ErrorLine[] {
  const mistakes: ErrorLine[] = [];
  for (const child of children)
    child.diagnosis.mistakes.forEach((found, i, all) => {
      // A child counts once per mistake (two children of a turma may share a name: each counts).
      if (all.slice(0, i).some((f) => sameMistake(f.mistake, found.mistake))) return;
      const line = mistakes.find((l) => sameMistake(l.mistake!, found.mistake));
      if (line) line.children.push(child.name);
      else
        mistakes.push({ kind: 'mistake', mistake: found.mistake, name: found.name, children: [child.name] });
    });
  mistakes.sort((a, b) => b.children.length - a.children.length || catalogueOrder(a.mistake!, b.mistake!));
  const others: ErrorLine[] = [
    { kind: 'slip', name: 'Erro de cálculo', children: named(children, (d) => d.slips.length > 0) },
    {
      kind: 'unexplained',
      name: 'Não identificado',
      children: named(children, (d) => d.unexplained.length > 0),
    },
  ];
  return [...mistakes, ...others.filter((l) => l.children.length > 0)];
}

const named = (children: readonly ChildReport[], has: (d: Diagnosis) => boolean): string[] =>
  children.filter((c) => has(c.diagnosis)).map((c) => c.name);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Data: 04/03/2025', the day in São Paulo time. */
export const dateText = (at: DateInput): string => `Data: ${formatDate(at)}`;

/** 'Folhas corrigidas: 2 de 3' (a sheet with at least one answer typed). */
export const correctedText = (report: ClassReport): string =>
  `Folhas corrigidas: ${report.corrected.length} de ${report.total}`;

/**
 * 'Média da turma: 7,3 de 10' (the right answers of the sheets corrected, a problem not typed counted as not right);
 * in per cent when the sheets have different counts ('Média da turma: 72,5% de acertos'); null with none corrected.
 */
export function averageText(report: ClassReport): string | null {
  const scores = report.corrected.map((c) => c.score);
  if (scores.length === 0) return null;
  const total = scores[0]!.total;
  if (scores.every((s) => s.total === total)) {
    const mean = scores.reduce((sum, s) => sum + s.right, 0) / scores.length;
    return `Média da turma: ${decimal.format(mean)} de ${total}`;
  }
  const share = scores.reduce((sum, s) => sum + s.right / s.total, 0) / scores.length;
  return `Média da turma: ${decimal.format(share * 100)}% de acertos`;
}

/** How many of the children corrected show a line's mistake: '2 de 3 alunos'. */
export const countText = (line: ErrorLine, corrected: number): string =>
  `${line.children.length} de ${plural(corrected, 'aluno', 'alunos')}`;

const list = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/** The children of a line: 'Ana S., Bruno T. e Versão 3'. */
export const namesText = (names: readonly string[]): string => list.format(names);

/** The share of the children corrected a line's bar shows, in per cent (0 to 100). */
export const barShare = (line: ErrorLine, corrected: number): number =>
  corrected === 0 ? 0 : Math.round((line.children.length / corrected) * 100);

/** A child's score: 'Acertos: 8 de 10', then what is em branco and what is not typed yet ('1 em branco'). */
export function childScoreText(score: Score): string {
  const parts = [`Acertos: ${scoreText(score)}`];
  if (score.blank > 0) parts.push(`${score.blank} em branco`);
  if (score.empty > 0) parts.push(`${plural(score.empty, 'conta', 'contas')} sem resposta digitada`);
  return parts.join(' · ');
}
