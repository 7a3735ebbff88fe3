import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpcError } from '@app/kit';
import {
  collectStats,
  statsUnavailableMessage,
  StatsUnavailableError,
} from '../../src/domain/collect-stats.js';

const users = { totalUsers: 5, usersGoogle: 2, usersLocal: 3 };
const payments = { totalPayments: 4, paymentsFinished: 3, paymentsPending: 1, paymentsReversed: 1 };
const pages = { totalPages: 7, pagesWithPayments: 6, pagesWithoutPayments: 1 };
const timeout = (subject: string) => () => Promise.reject(new RpcError(`${subject}: timeout`, 'TIMEOUT'));

describe('collectStats', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers each owner's figures unchanged", async () => {
    await expect(
      collectStats({ users: async () => users, payments: async () => payments, pages: async () => pages }),
    ).resolves.toEqual({ users, payments, pages });
  });

  it('asks the three owners at the same time, so the slowest sets the wait', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const slow =
      <T>(name: string, value: T, ms: number) =>
      () => {
        events.push(`ask ${name}`);
        return new Promise<T>((resolve) =>
          setTimeout(() => {
            events.push(`answer ${name}`);
            resolve(value);
          }, ms),
        );
      };
    let answered = false;
    const stats = collectStats({
      users: slow('users', users, 50),
      payments: slow('payments', payments, 30),
      pages: slow('pages', pages, 10),
    }).then((s) => ((answered = true), s));
    // All three asked before any answered: one after the other would interleave ask/answer.
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['ask users', 'ask payments', 'ask pages']);
    await vi.advanceTimersByTimeAsync(49);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(stats).resolves.toEqual({ users, payments, pages });
    expect(events.slice(3)).toEqual(['answer pages', 'answer payments', 'answer users']);
  });

  it('fails with a 503 naming the one part whose owner did not answer', async () => {
    const err = await collectStats({
      users: async () => users,
      payments: timeout('billing.v1.stats'),
      pages: async () => pages,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StatsUnavailableError);
    expect(err).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Não foi possível obter as estatísticas de pagamentos. Tente novamente em instantes.',
      reasons: { payments: 'billing.v1.stats: timeout' },
    });
  });

  it('names every missing part in pt-BR', async () => {
    const err = await collectStats({
      users: timeout('auth.v1.stats'),
      payments: async () => payments,
      pages: timeout('pages.v1.stats'),
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      'Não foi possível obter as estatísticas de usuários e páginas. Tente novamente em instantes.',
    );
    expect(statsUnavailableMessage(['pages', 'users', 'payments'])).toBe(
      'Não foi possível obter as estatísticas de usuários, pagamentos e páginas. Tente novamente em instantes.',
    );
  });
});
