import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminLogs,
  adminStats,
  adminUsers,
  Events,
  PlatformMessages,
  Rpc,
  type ApiRoute,
  type AuditEntry,
  type MessageDef,
  type Role,
} from '@app/contracts';
import {
  Bus,
  createLogger,
  dropDatabase,
  ensureDatabase,
  identityHeaders,
  startService,
  type RunningService,
} from '@app/kit';
import { superuserNatsEnv, withDb, eventually } from '@app/testing';
import type { z } from 'zod';
import { service as adminStatsService } from '../../src/service.js';
import { usersUnavailableMessage } from '../../src/domain/list-users.js';

/**
 * admin-stats alone, in this process, against the real Postgres and NATS: its own throwaway database and NATS
 * prefix, so stopping and restarting it (and leaving owners unanswered) disturbs nothing in the shared stack.
 */
const stack = inject('stack');
const run = randomUUID().slice(0, 8);
const databaseUrl = withDb(stack.databaseUrl, `admin_stats_it_${run}`);
const prefix = `as${run}`;
const env: NodeJS.ProcessEnv = {
  ...stack.env['admin-stats'],
  DATABASE_URL: databaseUrl,
  NATS_PREFIX: prefix,
  // Its own prefix: the contracts' admin-stats user is allowed the stack's subjects only.
  ...superuserNatsEnv(stack),
  PORT: '0',
  LOG_LEVEL: 'silent',
  // Long enough for the owners this file answers from its own process on a busy machine; nothing waits it out
  // except the deliberately silent owner.
  OWNER_REQUEST_TIMEOUT_MS: '2000',
};

let service: RunningService;
let owner: Bus;

async function get<T>(route: ApiRoute, role: Role | null, query: Record<string, string> = {}) {
  const requestId = `t-${randomUUID()}`;
  const res = await service.app.inject({
    method: route.method,
    url: route.path,
    query,
    headers: {
      'x-request-id': requestId,
      ...(role
        ? identityHeaders(stack.secrets.INTERNAL_SECRET, { userId: `${role}-1`, role }, requestId)
        : {}),
    },
  });
  return {
    status: res.statusCode,
    body: res.json() as { status: string; message: string; payload: T; data?: unknown; total?: number },
  };
}

const logs = async (query: Record<string, string> = {}) =>
  (await get<AuditEntry[]>(adminLogs, 'admin', query)).body.payload;

/** Every audit durable has acked everything the stream holds for it. */
async function consumersCaughtUp(): Promise<boolean> {
  const jsm = await owner.js.jetstreamManager();
  const stream = owner.streamName('EVENTS');
  const infos = await Promise.all(
    [
      Events.userRegistered,
      Events.userActivated,
      Events.loginFailed,
      Events.topupCredited,
      Events.pageBought,
    ].map((d) => jsm.consumers.info(stream, `${prefix}_admin-stats-audit-${d.subject.replaceAll('.', '-')}`)),
  );
  return infos.every((i) => i.num_pending === 0 && i.num_ack_pending === 0);
}

const minute = (n: number) => new Date(Date.UTC(2025, 0, 10, 9, n)).toISOString();
const userId = `u-${run}`;
const email = `maria-${run}@exemplo.com.br`;

describe('admin-stats on its own', () => {
  beforeAll(async () => {
    await ensureDatabase(databaseUrl);
    owner = await Bus.connect({
      url: stack.natsUrl,
      ...stack.natsAuth,
      name: 'test-owner',
      prefix,
      logger: createLogger('test', 'silent'),
    });
    await owner.ensureStreams('EVENTS');
    service = await startService(adminStatsService, env);
  });
  afterAll(async () => {
    await service?.stop();
    if (owner) {
      const jsm = await owner.js.jetstreamManager();
      await jsm.streams.delete(owner.streamName('EVENTS')).catch(() => undefined);
      await owner.drain();
    }
    await dropDatabase(databaseUrl);
  });

  it('answers 401 without an identity and 403 for a member on every route, in the service itself', async () => {
    for (const route of [adminStats, adminUsers, adminLogs]) {
      const anonymous = await get(route, null);
      expect(anonymous.status, route.path).toBe(401);
      expect(anonymous.body).toMatchObject({ status: 'ERROR', message: PlatformMessages.unauthorized });
      const member = await get(route, 'user');
      expect(member.status, route.path).toBe(403);
      expect(member.body).toMatchObject({ status: 'ERROR', message: PlatformMessages.forbidden });
    }
  });

  it('answers a 503 naming each part whose owner does not answer, then the exact figures once all answer', async () => {
    const none = await get(adminStats, 'admin');
    expect(none.status).toBe(503);
    expect(none.body.message).toBe(
      'Não foi possível obter as estatísticas de usuários, pagamentos e páginas. Tente novamente em instantes.',
    );

    const users = { totalUsers: 12, usersGoogle: 5, usersLocal: 7 };
    const pages = { totalPages: 9, pagesWithPayments: 4, pagesWithoutPayments: 5 };
    owner.serve(Rpc.authStats, async () => users);
    owner.serve(Rpc.pagesStats, async () => pages);
    const noBilling = await eventually(
      () => get(adminStats, 'admin'),
      (r) => !r.body.message.includes('usuários'),
    );
    expect(noBilling.status).toBe(503);
    expect(noBilling.body).toMatchObject({
      status: 'ERROR',
      message: 'Não foi possível obter as estatísticas de pagamentos. Tente novamente em instantes.',
    });

    // An owner that is connected but too slow counts as unavailable too (the timeout, not a hang): it holds its
    // answer until the test lets it go, which is only after admin-stats has answered.
    const payments = { totalPayments: 6, paymentsFinished: 4, paymentsPending: 2, paymentsReversed: 1 };
    let slow = true;
    let asked!: () => void;
    const billingAsked = new Promise<void>((resolve) => (asked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    owner.serve(Rpc.billingStats, async () => {
      if (slow) {
        asked();
        await released;
      }
      return payments;
    });
    try {
      const tooSlow = await get(adminStats, 'admin');
      expect(tooSlow.status).toBe(503);
      expect(tooSlow.body.message).toBe(
        'Não foi possível obter as estatísticas de pagamentos. Tente novamente em instantes.',
      );
      await billingAsked;
    } finally {
      release();
    }

    slow = false;
    const all = await get(adminStats, 'admin');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ status: 'SUCCESS', data: { users, payments, pages } });
  });

  it('passes the user list through from auth, with limit and offset, or says it is unavailable', async () => {
    const down = await get(adminUsers, 'admin');
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(usersUnavailableMessage);

    const asked: unknown[] = [];
    const user = {
      _id: 'u1',
      fullname: 'Maria da Silva',
      email: 'maria@exemplo.com.br',
      fromGoogle: false,
      createdAt: minute(1),
      updatedAt: minute(2),
    };
    owner.serve(Rpc.authListUsers, async (req) => {
      asked.push(req);
      return { total: 31, users: [user] };
    });
    const page = await eventually(
      () => get(adminUsers, 'admin', { limit: '1', offset: '30' }),
      (r) => r.status === 200,
    );
    expect(page.body).toMatchObject({ status: 'SUCCESS', data: [user], total: 31 });
    expect(asked).toEqual([{ limit: 1, offset: 30 }]);
    const invalid = await get(adminUsers, 'admin', { limit: '0' });
    expect(invalid.status).toBe(400);
  });

  it('projects the five audited events, newest first, with a type filter and the email of top-ups and purchases', async () => {
    const publish = <P extends z.ZodType>(def: MessageDef<P>, payload: z.input<P> & { eventId: string }) =>
      owner.publish(def, payload, { msgID: payload.eventId });
    await publish(Events.userRegistered, {
      eventId: `reg-${run}`,
      at: minute(1),
      userId,
      email,
      fullname: 'Maria da Silva',
      fromGoogle: false,
    });
    await publish(Events.userActivated, { eventId: `act-${run}`, at: minute(2), userId, email });
    await publish(Events.loginFailed, {
      eventId: `fail-${run}`,
      at: minute(3),
      email,
      reason: 'credentials',
    });
    await publish(Events.topupCredited, {
      eventId: `top-${run}`,
      at: minute(4),
      topUpId: 't1',
      userId,
      amountCents: 1000,
      paymentId: '77',
    });
    await publish(Events.pageBought, {
      eventId: `buy-${run}`,
      at: minute(5),
      code: 'AbC123',
      userId,
      priceCents: 50,
    });
    // Not audited: stays out of the log.
    await publish(Events.pageCreated, { eventId: `created-${run}`, at: minute(6), code: 'AbC123', userId });

    const entries = await eventually(logs, (l) => l.length >= 5);
    expect(entries.map((e) => [e.type, e.summary, e.email])).toEqual([
      ['page.bought', 'Página comprada: AbC123 (R$ 0,50)', email],
      ['topup.credited', 'Saldo adicionado: R$ 10,00', email],
      ['login.failed', 'Falha de login: ' + email + ' (email ou senha incorretos)', email],
      ['user.activated', `Conta ativada: ${email}`, email],
      ['user.registered', `Novo cadastro: ${email}`, email],
    ]);
    expect(entries[0]).toEqual({
      id: `buy-${run}`,
      type: 'page.bought',
      at: minute(5),
      summary: 'Página comprada: AbC123 (R$ 0,50)',
      userId,
      email,
    });

    expect((await logs({ type: 'topup.credited' })).map((e) => e.id)).toEqual([`top-${run}`]);
    expect((await logs({ limit: '2' })).map((e) => e.id)).toEqual([`buy-${run}`, `top-${run}`]);
    const badType = await get(adminLogs, 'admin', { type: 'page.created' });
    expect(badType.status).toBe(400);
  });

  it('keeps one line per event through redeliveries, and after a restart resumes without loss or duplicates', async () => {
    // The same event again under another JetStream msgID: the stream stores it twice, the projection once.
    await owner.publish(
      Events.topupCredited,
      { eventId: `top-${run}`, at: minute(4), topUpId: 't1', userId, amountCents: 1000, paymentId: '77' },
      { msgID: `top-${run}-again` },
    );
    expect(await eventually(consumersCaughtUp, Boolean)).toBe(true);
    expect(await logs()).toHaveLength(5);

    await service.stop();
    // While admin-stats is down: two new events and a replay of an old one.
    await owner.publish(
      Events.userRegistered,
      {
        eventId: `reg2-${run}`,
        at: minute(7),
        userId: `${userId}-g`,
        email: `g-${email}`,
        fullname: 'João Google',
        fromGoogle: true,
      },
      { msgID: `reg2-${run}` },
    );
    await owner.publish(
      Events.pageBought,
      { eventId: `buy2-${run}`, at: minute(8), code: 'XyZ789', userId, priceCents: 50 },
      { msgID: `buy2-${run}` },
    );
    await owner.publish(
      Events.userActivated,
      { eventId: `act-${run}`, at: minute(2), userId, email },
      { msgID: `act-${run}-replayed` },
    );

    service = await startService(adminStatsService, env);
    const entries = await eventually(logs, (l) => l.length >= 7);
    expect(await eventually(consumersCaughtUp, Boolean)).toBe(true);
    const after = await logs();
    expect(after).toEqual(entries);
    expect(after.map((e) => e.id)).toEqual([
      `buy2-${run}`,
      `reg2-${run}`,
      `buy-${run}`,
      `top-${run}`,
      `fail-${run}`,
      `act-${run}`,
      `reg-${run}`,
    ]);
    expect(after[1]!.summary).toBe(`Novo cadastro: g-${email} (Google)`);
  });
});
