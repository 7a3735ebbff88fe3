import { describe, expect, it } from 'vitest';
import type { TurmaProgress } from '@app/contracts';
import {
  PERIODS,
  evolutionText,
  olderText,
  overcome,
  periodSince,
  periodText,
  scoreCell,
  sheetDay,
  trendText,
} from '../../src/routes/member/correction/progress';

// "Progresso no período" of the report: the period's first day in São Paulo and the words of the section.

const score = (right: number, total = 4) => ({ right, wrong: total - right, blank: 0, empty: 0, total });
const sheets: TurmaProgress['sheets'] = ['2026-03-01', '2026-03-08', '2026-03-15'].map((day, i) => ({
  code: `s${i}`,
  title: 'Subtração',
  boughtAt: `${day}T13:00:00.000Z`,
}));
const trend = (marks: ('seen' | 'gone' | 'untested')[]) => ({
  mistake: { id: 'sub.menorDoMaior' as const },
  name: 'Subtrai o menor do maior em cada coluna',
  marks,
});

describe('the period of the progress', () => {
  it('starts N months before today in São Paulo, on the month’s last day when the day does not exist', () => {
    // 02:00 UTC on 1 June is still 31 May in São Paulo.
    const now = new Date('2026-06-01T02:00:00Z');
    expect(periodSince('2m', now)).toBe('2026-03-31');
    expect(periodSince('3m', now)).toBe('2026-02-28');
    expect(periodSince('6m', now)).toBe('2025-11-30');
    expect(periodSince('ano', now)).toBe('2026-01-01');
    expect(periodSince('tudo', now)).toBeUndefined();
    expect(periodSince('3m', new Date('2026-01-15T15:00:00Z'))).toBe('2025-10-15');
  });

  it('offers each period by name, and says what is covered', () => {
    expect(PERIODS.map((p) => p.label)).toEqual([
      'Últimos 2 meses (bimestre)',
      'Últimos 3 meses (trimestre)',
      'Últimos 6 meses (semestre)',
      'Este ano',
      'Todas as folhas',
    ]);
    expect(periodText('2026-02-28')).toBe('Desde 28/02/2026');
    expect(periodText(undefined)).toBe('Todas as folhas da turma');
  });
});

describe('the words of the progress', () => {
  it('heads each sheet with its day, and writes each score and the evolution', () => {
    expect(sheetDay('2026-03-01T02:00:00.000Z')).toBe('28/02');
    expect(scoreCell(score(3))).toBe('3/4');
    expect(scoreCell(null)).toBe('—');
    expect(evolutionText([score(1), null, score(4)])).toBe('de 25% para 100%');
    expect(evolutionText([null, score(2)])).toBe('—');
  });

  it('follows a mistake over the sheets, naming only those that could show it', () => {
    expect(trendText(trend(['seen', 'untested', 'gone']), sheets)).toBe(
      'Subtrai o menor do maior em cada coluna: apareceu em 01/03; não apareceu em 15/03.',
    );
    expect(trendText(trend(['seen', 'seen', 'untested']), sheets)).toBe(
      'Subtrai o menor do maior em cada coluna: apareceu em 01/03 e 08/03.',
    );
    expect(overcome(trend(['seen', 'gone', 'untested']))).toBe(true);
    expect(overcome(trend(['seen', 'gone', 'seen']))).toBe(false);
  });

  it('says how many older sheets are left out', () => {
    expect(olderText({ sheets, older: 0 })).toBeNull();
    expect(olderText({ sheets, older: 1 })).toBe(
      'Mostrando as 3 folhas mais recentes; 1 mais antiga ficou de fora.',
    );
    expect(olderText({ sheets, older: 2 })).toBe(
      'Mostrando as 3 folhas mais recentes; 2 mais antigas ficaram de fora.',
    );
  });
});
