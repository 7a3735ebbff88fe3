import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Msg } from '@app/contracts';
import { createTopUp } from '../../src/domain/create-top-up.js';
import { ProviderUnavailableError } from '../../src/domain/payment-provider.js';
import { memoryDeps } from '../fakes/memory-deps.js';

const NOW = new Date('2025-03-04T12:00:00Z');
let w: ReturnType<typeof memoryDeps>;
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  w = memoryDeps();
});
afterEach(() => {
  vi.useRealTimers();
});

const create = (amountReais: number, publicUrl = 'https://exercicios.example/') =>
  createTopUp(w.deps, { userId: 'ana', amountReais, publicUrl, validForHours: 48 });

describe('createTopUp', () => {
  it('records a pending top-up in cents and asks the provider for its preference, the top-up as reference', async () => {
    const preference = await create(10);
    expect(preference).toEqual({ id: 'pref-1', initPoint: 'https://mp.example/checkout?pref_id=pref-1' });

    const [topUp] = w.store.allTopUps();
    expect(topUp).toMatchObject({
      userId: 'ana',
      amountCents: 1000,
      preferenceId: 'pref-1',
      status: 'pending',
      lastPaymentStatus: null,
    });
    expect(w.provider.preferences).toEqual([
      {
        topUpId: topUp!.id,
        amountCents: 1000,
        title: Msg.topUpItemTitle,
        successUrl: 'https://exercicios.example/pagamento-sucesso',
        failureUrl: 'https://exercicios.example/adicionar-saldo',
        notificationUrl: 'https://exercicios.example/api/webhooks/mercadopago?source_news=webhooks',
        expiresAt: new Date(NOW.getTime() + 48 * 3600_000),
      },
    ]);
    expect(w.events.created).toEqual([{ topUpId: topUp!.id, userId: 'ana', amountCents: 1000 }]);
    // Nothing is credited before a payment.
    expect(await w.store.ledger.balanceCents('ana')).toBe(0);
    expect(w.store.entries()).toEqual([]);
  });

  it.each([
    [5, 500],
    [20, 2000],
  ])('R$ %i (a limit) is %i cents', async (reais, cents) => {
    await create(reais);
    expect(w.store.allTopUps().map((t) => t.amountCents)).toEqual([cents]);
    expect(w.provider.preferences.map((p) => p.amountCents)).toEqual([cents]);
  });

  it.each([4, 21, 10.5, 0, -10])(
    'R$ %s is outside whole reais from 5 to 20: refused before the provider is asked, nothing kept',
    async (reais) => {
      await expect(create(reais)).rejects.toThrow(/top_up_whole_reais_5_to_20/);
      expect(w.provider.preferences).toEqual([]);
      expect(w.store.allTopUps()).toEqual([]);
      expect(w.events.created).toEqual([]);
    },
  );

  it('each top-up is its own payment attempt, with its own id and preference', async () => {
    await create(10);
    await create(10);
    const [a, b] = w.store.allTopUps();
    expect(a!.id).not.toBe(b!.id);
    expect([a!.preferenceId, b!.preferenceId]).toEqual(['pref-1', 'pref-2']);
    expect(w.provider.preferences.map((p) => p.topUpId)).toEqual([a!.id, b!.id]);
  });

  it('a provider that cannot be reached leaves no top-up behind and announces nothing', async () => {
    w.provider.down = true;
    await expect(create(10)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(w.store.allTopUps()).toEqual([]);
    expect(w.events.created).toEqual([]);
  });

  it('an announcement that fails does not fail the top-up', async () => {
    w.events.failing = true;
    expect((await create(10)).id).toBe('pref-1');
    expect(w.store.allTopUps()).toEqual([expect.objectContaining({ preferenceId: 'pref-1' })]);
  });
});
