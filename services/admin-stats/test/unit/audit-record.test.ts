import { describe, expect, it } from 'vitest';
import { toAuditRecord } from '../../src/domain/audit-record.js';

const at = '2025-03-04T12:30:00.000Z';

describe('audit lines', () => {
  it('summarise a sign-up, local or with Google', () => {
    expect(
      toAuditRecord.userRegistered({
        eventId: 'e1',
        at,
        userId: 'u1',
        email: 'maria@exemplo.com.br',
        fullname: 'Maria Silva',
        fromGoogle: false,
      }),
    ).toEqual({
      type: 'user.registered',
      eventId: 'e1',
      at: new Date(at),
      summary: 'Novo cadastro: maria@exemplo.com.br',
      userId: 'u1',
      email: 'maria@exemplo.com.br',
    });
    expect(
      toAuditRecord.userRegistered({
        eventId: 'e2',
        at,
        userId: 'u2',
        email: 'joao@gmail.com',
        fullname: 'João',
        fromGoogle: true,
      }).summary,
    ).toBe('Novo cadastro: joao@gmail.com (Google)');
  });

  it('summarise a refund and a chargeback with the amount taken back, keyed to the user', () => {
    const reversed = (reason: 'refund' | 'chargeback', amountCents: number) =>
      toAuditRecord.topupReversed({
        eventId: `r-${reason}`,
        at,
        topUpId: 't1',
        userId: 'u1',
        paymentId: '1001',
        amountCents,
        totalReversedCents: amountCents,
        balanceCents: -50,
        reason,
      });
    expect(reversed('refund', 500)).toEqual({
      type: 'topup.reversed',
      eventId: 'r-refund',
      at: new Date(at),
      summary: 'Estorno de recarga: R$ 5,00',
      userId: 'u1',
      email: null,
    });
    expect(reversed('chargeback', 700).summary).toBe('Contestação (chargeback) de recarga: R$ 7,00');
  });

  it('summarise an activation and each kind of failed sign-in', () => {
    expect(
      toAuditRecord.userActivated({ eventId: 'e3', at, userId: 'u1', email: 'maria@exemplo.com.br' }).summary,
    ).toBe('Conta ativada: maria@exemplo.com.br');
    const failed = (reason: 'credentials' | 'inactive' | 'google') =>
      toAuditRecord.loginFailed({ eventId: `f-${reason}`, at, email: 'ana@exemplo.com.br', reason });
    expect(failed('credentials')).toMatchObject({
      type: 'login.failed',
      summary: 'Falha de login: ana@exemplo.com.br (email ou senha incorretos)',
      userId: null,
      email: 'ana@exemplo.com.br',
    });
    expect(failed('inactive').summary).toBe('Falha de login: ana@exemplo.com.br (conta não ativada)');
    expect(failed('google').summary).toBe('Falha de login: ana@exemplo.com.br (Google)');
  });

  it('summarise a credited top-up and a bought page in reais', () => {
    expect(
      toAuditRecord.topupCredited({
        eventId: 'e4',
        at,
        topUpId: 't1',
        userId: 'u1',
        amountCents: 1000,
        paymentId: 'p1',
      }),
    ).toMatchObject({
      type: 'topup.credited',
      summary: 'Saldo adicionado: R$ 10,00',
      userId: 'u1',
      email: null,
    });
    expect(
      toAuditRecord.pageBought({ eventId: 'e5', at, code: 'AB12cd', userId: 'u1', priceCents: 50 }),
    ).toMatchObject({
      type: 'page.bought',
      summary: 'Página comprada: AB12cd (R$ 0,50)',
    });
  });

  it('refuses an event whose time cannot be read, so the consumer retries and then reports it', () => {
    expect(() =>
      toAuditRecord.userActivated({ eventId: 'bad', at: 'ontem', userId: 'u1', email: 'a@b.c' }),
    ).toThrow('event bad has an invalid time');
  });
});
