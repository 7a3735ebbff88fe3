import { SKILL_SCOPES, listWords, type Operation } from '@app/generator/options';
import type { ChildReport, ClassReport } from './report';

/**
 * "Por habilidade da BNCC": for each skill the corrected sheets print, how many children got most of its contas right.
 * Pure: the report's screen lays it out.
 */

/** A child reaches a skill with this share of its contas right (marked right of those of the skill's operations). */
export const SKILL_REACHED = 0.8;

export interface SkillLine {
  /** 'EF03MA05'. */
  code: string;
  /** The operations of the skill on these sheets: 'adição e subtração'. */
  what: string;
  /** The children whose sheets hold contas of the skill. */
  of: number;
  /** Those who got SKILL_REACHED of them right, and the others, by name in the sheets' order. */
  reached: string[];
  below: string[];
}

const OPERATION_NAMES: Record<Operation, string> = {
  add: 'adição',
  sub: 'subtração',
  mult: 'multiplicação',
  div: 'divisão',
};
const ORDER: Operation[] = ['add', 'sub', 'mult', 'div'];

/** The operations a skill speaks of (its scope); a code outside the scopes, every operation. */
function operationsOf(code: string): Operation[] {
  const scope = SKILL_SCOPES.find((s) => s.code === code)?.scope;
  return scope ? ORDER.filter((op) => scope[op] !== undefined) : ORDER;
}

/** The share of a child's contas of these operations marked right; null when the sheet has none. */
function shareRight(child: ChildReport, operations: readonly Operation[]): number | null {
  const marks = child.sheet.problems.flatMap((p, i) => (operations.includes(p.op) ? [child.marks[i]!] : []));
  const asked = marks.filter((m) => m !== 'empty');
  return asked.length === 0 ? null : asked.filter((m) => m === 'right').length / asked.length;
}

/** Each skill the corrected sheets print, in the order they print them, with who reached it. */
export function skillLines(report: ClassReport): SkillLine[] {
  const codes = [...new Set(report.corrected.flatMap((c) => c.sheet.bncc ?? []))];
  return codes
    .map((code) => {
      const operations = operationsOf(code);
      const line: SkillLine = { code, what: '', of: 0, reached: [], below: [] };
      const seen = new Set<Operation>();
      for (const child of report.corrected) {
        if (!(child.sheet.bncc ?? []).includes(code)) continue;
        const share = shareRight(child, operations);
        if (share === null) continue;
        for (const p of child.sheet.problems) if (operations.includes(p.op)) seen.add(p.op);
        line.of += 1;
        (share >= SKILL_REACHED ? line.reached : line.below).push(child.name);
      }
      line.what = listWords(
        ORDER.filter((op) => seen.has(op)).map((op) => OPERATION_NAMES[op]),
        'e',
      );
      return line;
    })
    .filter((line) => line.of > 0);
}

/** '2 de 3 alunos acertaram 80 % ou mais' */
export function skillCountText(line: SkillLine): string {
  const verb = line.reached.length === 1 ? 'acertou' : 'acertaram';
  return `${line.reached.length} de ${line.of} ${line.of === 1 ? 'aluno' : 'alunos'} ${verb} ${SKILL_REACHED * 100} % ou mais`;
}

/** Before the names of the children below the mark: 'Abaixo de 80 %:'. */
export const SKILL_BELOW_LABEL = `Abaixo de ${SKILL_REACHED * 100} %:`;
