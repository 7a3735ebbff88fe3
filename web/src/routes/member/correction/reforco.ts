import { FOCO_MAX } from '@app/contracts';
import type { Mistake } from '@app/diagnosis';
import type { ClassReport } from './report';

/**
 * "Reforço": a new set made from the correction, a version for each child (pages' POST /api/reforcoSet). What the
 * report says of it and what it sends, kept apart from React so that the unit tests read them. Pure.
 */

/** The body of POST /api/reforcoSet: each sheet in order, its child's mistakes when it was corrected. */
export function reforcoBody(
  code: string,
  report: ClassReport,
): { code: string; versions: Array<{ corrected: boolean; foco: Mistake[] }> } {
  const corrected = new Map(report.corrected.map((child) => [child.sheet.n, child]));
  return {
    code,
    versions: Array.from({ length: report.total }, (_, i) => {
      const child = corrected.get(i + 1);
      return child
        ? { corrected: true, foco: child.diagnosis.mistakes.slice(0, FOCO_MAX).map((f) => f.mistake) }
        : { corrected: false, foco: [] };
    }),
  };
}

const children = (n: number) => (n === 1 ? '1 aluno' : `${n} alunos`);

/**
 * What the reforço makes for this class, in a sentence: 'Ana S. e mais 2 alunos praticam o seu erro sistemático; 20
 * alunos seguem um passo adiante; 7 alunos ainda não corrigidos recebem as mesmas opções.'
 */
export function reforcoPlanText(report: ClassReport): string {
  const practise = report.corrected.filter((c) => c.diagnosis.mistakes.length > 0).length;
  const ahead = report.corrected.length - practise;
  const parts = [
    practise > 0 &&
      `${children(practise)} ${practise === 1 ? 'pratica o seu erro sistemático' : 'praticam os seus erros sistemáticos'}`,
    ahead > 0 && `${children(ahead)} ${ahead === 1 ? 'segue' : 'seguem'} um passo adiante`,
    report.pending.length > 0 &&
      `${children(report.pending.length)} ainda não ${report.pending.length === 1 ? 'corrigido recebe' : 'corrigidos recebem'} as mesmas opções`,
  ].filter((p): p is string => typeof p === 'string');
  return `${parts.join('; ')}.`;
}

/** A reforço can be made: a set (two sheets or more) with at least one sheet corrected. */
export const canMakeReforco = (report: ClassReport): boolean =>
  report.total >= 2 && report.corrected.length > 0;

/** Once made: 'Reforço gerado: 30 versões, uma para cada aluno.' */
export const reforcoMadeText = (versions: number): string =>
  `Reforço gerado: ${versions} versões, uma para cada aluno.`;
