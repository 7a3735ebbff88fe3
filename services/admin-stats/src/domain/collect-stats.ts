import type { PageStats, PaymentStats, UserStats } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '@app/kit';

export interface Stats {
  users: z.infer<typeof UserStats>;
  payments: z.infer<typeof PaymentStats>;
  pages: z.infer<typeof PageStats>;
}
export type StatsPart = keyof Stats;

/** One question per owning service; each rejects when its owner does not answer in time. */
export type StatsSources = { [P in StatsPart]: () => Promise<Stats[P]> };

const partNames: Record<StatsPart, string> = { users: 'usuários', payments: 'pagamentos', pages: 'páginas' };
const parts = Object.keys(partNames) as StatsPart[];
const conjunction = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/** 'Não foi possível obter as estatísticas de pagamentos e páginas. Tente novamente em instantes.' */
export function statsUnavailableMessage(missing: StatsPart[]): string {
  const names = parts.filter((p) => missing.includes(p)).map((p) => partNames[p]);
  return `Não foi possível obter as estatísticas de ${conjunction.format(names)}. Tente novamente em instantes.`;
}

/**
 * Asks every owner at once and answers their exact figures, or a 503 naming each part that did not answer:
 * a partial page of statistics would read as real zeros.
 */
export async function collectStats(sources: StatsSources): Promise<Stats> {
  const settled = await Promise.allSettled(parts.map((p) => sources[p]()));
  const reasons: Partial<Record<StatsPart, string>> = {};
  settled.forEach((outcome, i) => {
    if (outcome.status === 'rejected')
      reasons[parts[i]!] = String((outcome.reason as Error)?.message ?? outcome.reason);
  });
  if (Object.keys(reasons).length) throw new StatsUnavailableError(reasons);
  const value = (i: number) => (settled[i] as PromiseFulfilledResult<never>).value;
  return { users: value(0), payments: value(1), pages: value(2) };
}

export class StatsUnavailableError extends AppError {
  /** Why each missing part failed (timeout, no responders...), for the log; the user reads only the message. */
  constructor(readonly reasons: Partial<Record<StatsPart, string>>) {
    super(503, 'SERVICE_UNAVAILABLE', statsUnavailableMessage(Object.keys(reasons) as StatsPart[]));
  }
}
