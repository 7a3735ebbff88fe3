import type { TurmaProgress } from '@app/contracts';
import { formatDate } from '@app/contracts/format';

/**
 * "Progresso no período" of the report: a turma's corrected sheets of a term, child by child (the server sums them
 * up with @app/diagnosis's `childProgress`). The period's choices and the words. Pure.
 */

export const PERIODS = [
  { value: '2m', label: 'Últimos 2 meses (bimestre)', months: 2 },
  { value: '3m', label: 'Últimos 3 meses (trimestre)', months: 3 },
  { value: '6m', label: 'Últimos 6 meses (semestre)', months: 6 },
  { value: 'ano', label: 'Este ano' },
  { value: 'tudo', label: 'Todas as folhas' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];
export const DEFAULT_PERIOD: Period = '3m';

/** The São Paulo calendar day of a moment: year, month (1–12) and day. */
function siteDay(now: Date) {
  const [day, month, year] = formatDate(now).split('/').map(Number) as [number, number, number];
  return { year, month, day };
}

const isoDay = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The first day of a period ('YYYY-MM-DD', São Paulo), the server's `since`: N months before today (29/05 three
 * months back is 28/02, the month's last day), 1 January for 'Este ano'; undefined for every sheet.
 */
export function periodSince(period: Period, now: Date): string | undefined {
  const today = siteDay(now);
  const chosen = PERIODS.find((p) => p.value === period)!;
  if (chosen.value === 'tudo') return undefined;
  if (!('months' in chosen)) return isoDay(today.year, 1, 1);
  const months = today.year * 12 + (today.month - 1) - chosen.months;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDay(year, month, Math.min(today.day, lastDay));
}

/** What the section covers: 'Desde 29/08/2026' or 'Todas as folhas da turma'. */
export function periodText(since: string | undefined): string {
  if (since === undefined) return 'Todas as folhas da turma';
  const [year, month, day] = since.split('-');
  return `Desde ${day}/${month}/${year}`;
}

/** A sheet's column header: its purchase day, 'DD/MM'. */
export const sheetDay = (boughtAt: string): string => formatDate(boughtAt).slice(0, 5);

type Score = NonNullable<TurmaProgress['children'][number]['scores'][number]>;

const percent = (score: Score) => Math.round((100 * score.right) / score.total);

/** A child's score on a sheet: '8/10'; '—' with no version of it, or nothing typed. */
export const scoreCell = (score: Score | null): string => (score ? `${score.right}/${score.total}` : '—');

/**
 * How the child went from the first corrected sheet of the period to the last: 'de 25% para 100%'; '—' with fewer
 * than two.
 */
export function evolutionText(scores: readonly (Score | null)[]): string {
  const corrected = scores.filter((s): s is Score => s !== null && s.total > 0);
  if (corrected.length < 2) return '—';
  return `de ${percent(corrected[0]!)}% para ${percent(corrected.at(-1)!)}%`;
}

const list = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

type Trend = TurmaProgress['children'][number]['trends'][number];

/**
 * A mistake over the sheets: 'Subtrai o menor do maior em cada coluna: apareceu em 01/03 e 08/03; não apareceu em
 * 15/03.' A sheet that could not show it (too few contas it changes) is not named.
 */
export function trendText(trend: Trend, sheets: TurmaProgress['sheets']): string {
  const days = (mark: Trend['marks'][number]) =>
    trend.marks.flatMap((m, i) => (m === mark ? [sheetDay(sheets[i]!.boughtAt)] : []));
  const gone = days('gone');
  return `${trend.name}: apareceu em ${list.format(days('seen'))}${gone.length > 0 ? `; não apareceu em ${list.format(gone)}` : ''}.`;
}

/** Whether the mistake is behind the child: the last sheet that could show it did not. */
export const overcome = (trend: Trend): boolean =>
  trend.marks.filter((m) => m !== 'untested').at(-1) === 'gone';

/** 'Mostrando as 10 folhas mais recentes; 2 mais antigas ficaram de fora.' (null when all are shown). */
export function olderText(progress: Pick<TurmaProgress, 'sheets' | 'older'>): string | null {
  if (progress.older === 0) return null;
  const older = progress.older === 1 ? '1 mais antiga ficou' : `${progress.older} mais antigas ficaram`;
  return `Mostrando as ${progress.sheets.length} folhas mais recentes; ${older} de fora.`;
}
