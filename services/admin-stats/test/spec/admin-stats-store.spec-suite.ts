import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeUnderSpec, type OpenStore } from '@app/testing';
import type { AuditType } from '@app/contracts';
import type { AuditRecord } from '../../src/domain/audit-record.js';
import type { AdminStatsStore } from '../../src/domain/ports.js';

/**
 * The one specification of admin-stats' storage (src/domain/ports.ts), run in the unit tier against the in-memory
 * fake (test/unit/admin-stats-store.spec.test.ts) and in the integration tier against Postgres
 * (test/integration/admin-stats-store.spec.test.ts). Its tests share one store: each writes lines of its own users,
 * dated after every line written before (`later`), so the newest lines are its own.
 */
export function adminStatsStoreSpec(open: OpenStore<AdminStatsStore>): void {
  const store = storeUnderSpec(open);

  let clock = Date.UTC(2090, 0, 1);
  /** A time after every line written before (a minute on). */
  const later = () => new Date((clock += 60_000));

  const line = (
    type: AuditType,
    summary: string,
    userId: string | null,
    email: string | null,
  ): AuditRecord => ({
    type,
    eventId: randomUUID(),
    at: later(),
    summary,
    userId,
    email,
  });

  /** A user's sign-up, a failed sign-in and a top-up, oldest first. */
  function userLines() {
    const userId = `user-${randomUUID()}`;
    const email = `maria-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    return {
      userId,
      email,
      registered: line('user.registered', `Novo cadastro: ${email}`, userId, email),
      failed: line('login.failed', `Falha de login: ${email} (email ou senha incorretos)`, null, email),
      credited: line('topup.credited', 'Saldo adicionado: R$ 10,00', userId, null),
    };
  }

  describe('the activity log', () => {
    it('stores a line per event once: a redelivery changes nothing', async () => {
      const u = userLines();
      expect(await store.audit.record(u.registered)).toBe(true);
      expect(await store.audit.record({ ...u.registered, summary: 'outra coisa' })).toBe(false);
      // The same event id under another type is another line.
      const activated = { ...u.registered, type: 'user.activated' as const, at: later() };
      expect(await store.audit.record(activated)).toBe(true);
      expect(await store.audit.latest({ limit: 2 })).toEqual([
        {
          id: u.registered.eventId,
          type: 'user.activated',
          at: activated.at.toISOString(),
          summary: u.registered.summary,
          userId: u.userId,
          email: u.email,
        },
        {
          id: u.registered.eventId,
          type: 'user.registered',
          at: u.registered.at.toISOString(),
          summary: u.registered.summary,
          userId: u.userId,
          email: u.email,
        },
      ]);
    });

    it("answers the newest lines first, optionally of one type; a top-up's line shows its user's sign-up email", async () => {
      const u = userLines();
      for (const l of [u.registered, u.failed, u.credited]) await store.audit.record(l);
      const newest = await store.audit.latest({ limit: 3 });
      expect(newest.map((e) => [e.type, e.summary, e.userId, e.email])).toEqual([
        ['topup.credited', 'Saldo adicionado: R$ 10,00', u.userId, u.email],
        ['login.failed', u.failed.summary, null, u.email],
        ['user.registered', u.registered.summary, u.userId, u.email],
      ]);
      expect((await store.audit.latest({ type: 'login.failed', limit: 1 })).map((e) => e.id)).toEqual([
        u.failed.eventId,
      ]);
      expect(await store.audit.latest({ limit: 0 })).toEqual([]);
    });

    it('orders lines of the same time by event id, newest first', async () => {
      const at = later();
      const a = { ...line('page.bought', 'Página comprada: A', null, null), eventId: 'e-a', at };
      const b = { ...line('page.bought', 'Página comprada: B', null, null), eventId: 'e-b', at };
      await store.audit.record(a);
      await store.audit.record(b);
      expect((await store.audit.latest({ type: 'page.bought', limit: 2 })).map((e) => e.id)).toEqual([
        'e-b',
        'e-a',
      ]);
    });

    it("takes a deleted account's addresses out of every line that named them, once", async () => {
      const other = userLines();
      const u = userLines();
      for (const l of [other.registered, u.registered, u.failed, u.credited]) await store.audit.record(l);
      expect(await store.audit.anonymiseUser(u.userId, 'Conta excluída')).toBe(2);
      expect(await store.audit.anonymiseUser(u.userId, 'Conta excluída')).toBe(0);
      const newest = await store.audit.latest({ limit: 4 });
      expect(newest.map((e) => [e.type, e.summary, e.email])).toEqual([
        ['topup.credited', 'Saldo adicionado: R$ 10,00', null],
        ['login.failed', 'Falha de login: Conta excluída (email ou senha incorretos)', null],
        ['user.registered', 'Novo cadastro: Conta excluída', null],
        ['user.registered', other.registered.summary, other.email],
      ]);
      expect(await store.audit.anonymiseUser(`user-${randomUUID()}`, 'Conta excluída')).toBe(0);
    });

    it('keeps nothing of a transaction that rejects', async () => {
      const u = userLines();
      await expect(
        store.transaction(async (tx) => {
          await tx.audit.record(u.registered);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await store.audit.record(u.registered)).toBe(true);
    });
  });
}
