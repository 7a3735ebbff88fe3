import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminLogs,
  adminStats,
  adminUsers,
  allApiRoutes,
  createUser,
  Events,
  getEmailSettings,
  login,
  Msg,
  PlatformMessages,
  sendTestEmail,
  setEmailSettings,
  type AuditEntry,
  type PublicUser,
} from '@app/contracts';
import {
  adminToken,
  buyPage,
  call,
  createActiveUser,
  createTopUpPreference,
  drainMail,
  emailsTo,
  generatePageCode,
  googleUser,
  payPreference,
  type TestSession,
  topUp,
  uniqueEmail,
  userIdOf,
  waitForEmail,
  waitUntilConsumed,
} from '@app/testing';
import type { Stats } from '../../src/domain/collect-stats.js';

/** The admin area through the gateway, on the whole shared stack: figures are compared as deltas around a scenario. */
const stack = inject('stack');
const gw = stack.gatewayUrl;
let admin: string;

const stats = async (): Promise<Stats> => {
  const res = await call(gw, adminStats, { token: admin });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as Stats;
};

describe('admin area', () => {
  beforeAll(async () => {
    admin = await adminToken(stack);
  });

  describe('after a scripted scenario', () => {
    let before: Stats;
    let after: Stats;
    let usersBefore: number;
    const locals: TestSession[] = [];
    const googles: TestSession[] = [];
    const boughtCodes: string[] = [];

    beforeAll(async () => {
      before = await stats();
      usersBefore = (await call(gw, adminUsers, { token: admin, query: { limit: '1' } })).body
        .total as number;

      // 3 local users and 2 Google users, one after another so that "newest first" has one answer.
      for (const i of [1, 2, 3])
        locals.push(
          await createActiveUser(stack, { fullname: `Usuária Local ${i} ${randomUUID().slice(0, 4)}` }),
        );
      for (const i of [1, 2])
        googles.push(await googleUser(stack, `Usuário Google ${i} ${randomUUID().slice(0, 4)}`));
      const [ana, bia, carla] = locals as [TestSession, TestSession, TestSession];
      const [gabriel] = googles as [TestSession];

      // Payments: 2 approved and credited, 1 paid but pending at the provider, 1 created and never paid.
      await topUp(stack, ana.token, 10);
      await topUp(stack, gabriel.token, 5);
      const pending = await createTopUpPreference(stack, bia.token, 7);
      await payPreference(stack, pending.id, 'pending');
      await createTopUpPreference(stack, carla.token, 20);

      // Pages: 5 generated, 3 bought (2 by ana, 1 by gabriel), 2 never bought.
      const anaPages = [
        await generatePageCode(stack, ana.token),
        await generatePageCode(stack, ana.token),
        await generatePageCode(stack, ana.token),
      ];
      const gabrielPage = await generatePageCode(stack, gabriel.token);
      await generatePageCode(stack, bia.token);
      for (const [token, code] of [
        [ana.token, anaPages[0]!],
        [ana.token, anaPages[1]!],
        [gabriel.token, gabrielPage],
      ] as const) {
        const res = await buyPage(stack, token, code);
        expect(res.body.status, res.body.message).toBe('SUCCESS');
        boughtCodes.push(code);
      }
      // Buying a page twice charges once and counts once.
      await buyPage(stack, ana.token, anaPages[0]!);

      // One failed sign-in, for the activity log.
      const failed = await call(gw, login, { body: { email: bia.email, password: 'senha-errada-1' } });
      expect(failed.body.message).toBe(Msg.loginFailed);

      after = await stats();
    });

    it('every statistic moved by exactly the scenario', () => {
      const delta = <G extends keyof Stats>(group: G) =>
        Object.fromEntries(
          Object.entries(after[group]).map(([k, v]) => [
            k,
            (v as number) - (before[group] as Record<string, number>)[k]!,
          ]),
        );
      expect(delta('users')).toEqual({ totalUsers: 5, usersGoogle: 2, usersLocal: 3 });
      expect(delta('payments')).toEqual({
        totalPayments: 4,
        paymentsFinished: 2,
        paymentsPending: 2,
        paymentsReversed: 0,
      });
      expect(delta('pages')).toEqual({ totalPages: 5, pagesWithPayments: 3, pagesWithoutPayments: 2 });
      expect(after.users.totalUsers).toBe(after.users.usersGoogle + after.users.usersLocal);
      expect(after.payments.totalPayments).toBe(
        after.payments.paymentsFinished + after.payments.paymentsPending,
      );
      expect(after.pages.totalPages).toBe(after.pages.pagesWithPayments + after.pages.pagesWithoutPayments);
    });

    it('the user list shows them newest first with their fields, and its total matches', async () => {
      const newest = await call(gw, adminUsers, { token: admin, query: { limit: '5' } });
      expect(newest.status).toBe(200);
      expect(newest.body.status).toBe('SUCCESS');
      expect(newest.body.total).toBe(usersBefore + 5);
      expect(newest.body.total).toBe(after.users.totalUsers);
      const data = newest.body.data as PublicUser[];
      const expected = [...locals, ...googles].reverse();
      expect(data.map((u) => [u.email, u.fullname, u.fromGoogle])).toEqual(
        expected.map((s) => [s.email, s.fullname, googles.includes(s)]),
      );
      for (const u of data) {
        expect(u._id).toEqual(expect.any(String));
        expect(Number.isNaN(Date.parse(u.createdAt))).toBe(false);
        expect(Date.parse(u.updatedAt)).toBeGreaterThanOrEqual(Date.parse(u.createdAt));
      }
      const createdAt = data.map((u) => Date.parse(u.createdAt));
      expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));

      const next = await call(gw, adminUsers, { token: admin, query: { limit: '2', offset: '1' } });
      expect((next.body.data as PublicUser[]).map((u) => u.email)).toEqual(
        data.slice(1, 3).map((u) => u.email),
      );

      const all = await call(gw, adminUsers, { token: admin });
      expect((all.body.data as PublicUser[]).length).toBe(all.body.total);
    });

    it('the activity log shows the scenario, once per event, newest first', async () => {
      const mine = new Set([...locals, ...googles].map((s) => s.email));
      const scenarioLines = async () => {
        const res = await call<AuditEntry[]>(gw, adminLogs, { token: admin, query: { limit: '500' } });
        expect(res.status).toBe(200);
        return res.body.payload!.filter((e) => e.email !== null && mine.has(e.email));
      };
      // Each audit durable has handled every event published so far: the log is final, not still filling.
      for (const def of [
        Events.userRegistered,
        Events.userActivated,
        Events.loginFailed,
        Events.topupCredited,
        Events.pageBought,
      ])
        await waitUntilConsumed(stack, 'EVENTS', `admin-stats-audit-${def.subject.replaceAll('.', '-')}`);
      const lines = await scenarioLines();
      const count = (type: AuditEntry['type']) => lines.filter((l) => l.type === type).length;
      expect({
        registered: count('user.registered'),
        activated: count('user.activated'),
        failed: count('login.failed'),
        credited: count('topup.credited'),
        bought: count('page.bought'),
      }).toEqual({ registered: 5, activated: 3, failed: 1, credited: 2, bought: 3 });
      expect(new Set(lines.map((l) => `${l.type}:${l.id}`)).size).toBe(lines.length);

      const [ana, bia] = locals as [TestSession, TestSession];
      const [gabriel] = googles as [TestSession];
      const summaries = lines.map((l) => l.summary);
      expect(summaries).toContain(`Novo cadastro: ${ana.email}`);
      expect(summaries).toContain(`Novo cadastro: ${gabriel.email} (Google)`);
      expect(summaries).toContain(`Conta ativada: ${ana.email}`);
      expect(summaries).toContain(`Falha de login: ${bia.email} (email ou senha incorretos)`);
      expect(lines.filter((l) => l.type === 'topup.credited').map((l) => [l.email, l.summary])).toEqual(
        expect.arrayContaining([
          [ana.email, 'Saldo adicionado: R$ 10,00'],
          [gabriel.email, 'Saldo adicionado: R$ 5,00'],
        ]),
      );
      for (const code of boughtCodes) expect(summaries).toContain(`Página comprada: ${code} (R$ 0,50)`);
      const anaId = await userIdOf(stack, ana.token);
      expect(lines.filter((l) => l.type === 'page.bought' && l.userId === anaId).map((l) => l.email)).toEqual(
        [ana.email, ana.email],
      );
      const at = lines.map((l) => Date.parse(l.at));
      expect(at).toEqual([...at].sort((a, b) => b - a));

      const onlyFailures = await call<AuditEntry[]>(gw, adminLogs, {
        token: admin,
        query: { type: 'login.failed' },
      });
      expect(onlyFailures.body.payload!.every((l) => l.type === 'login.failed')).toBe(true);
      expect(onlyFailures.body.payload!.map((l) => l.email)).toContain(bia.email);
    });
  });

  it('email settings round-trip and decide whether the admin is told about a sign-up', async () => {
    const original = (
      await call<{ sendEmailAtRegistration: boolean }>(gw, getEmailSettings, { token: admin })
    ).body.payload!;
    const save = (value: boolean) =>
      call(gw, setEmailSettings, { token: admin, body: { sendEmailAtRegistration: value } });
    const signUp = async (fullname: string) => {
      const email = uniqueEmail('cadastro');
      const res = await call(gw, createUser, {
        body: { fullname, email, password: 'senha-segura-1', passwordConfirmation: 'senha-segura-1' },
      });
      expect(res.body.status, res.body.message).toBe('SUCCESS');
      return email;
    };
    const toldAbout = (email: string) => async () =>
      (await emailsTo(stack.mailApiUrl, stack.adminEmail)).some((m) => m.text.includes(`Email: ${email}`));

    try {
      const on = await save(true);
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({ status: 'SUCCESS', message: Msg.emailSettingsSaved });
      expect((await call(gw, getEmailSettings, { token: admin })).body.payload).toEqual({
        sendEmailAtRegistration: true,
      });
      const watched = await signUp('Pessoa Avisada Silva');
      const notice = await waitForEmail(stack.mailApiUrl, stack.adminEmail, (m) =>
        m.text.includes(`Email: ${watched}`),
      );
      expect(notice.subject).toBe('Novo cadastro: Pessoa Avisada Silva');

      const off = await save(false);
      expect(off.body).toMatchObject({ status: 'SUCCESS', message: Msg.emailSettingsSaved });
      expect((await call(gw, getEmailSettings, { token: admin })).body.payload).toEqual({
        sendEmailAtRegistration: false,
      });
      const unwatched = await signUp('Pessoa Silenciosa Souza');
      // mail has taken the silent sign-up's event while the notice is off, before it is turned on again.
      await waitUntilConsumed(stack, 'EVENTS', 'mail-user-registered');
      await save(true);
      const marker = await signUp('Pessoa Marcadora Lima');
      await waitForEmail(stack.mailApiUrl, stack.adminEmail, (m) => m.text.includes(`Email: ${marker}`));
      // Every mail job queued so far is sent: a notice for the silent one would be in the inbox by now.
      await drainMail(stack);
      expect(await toldAbout(unwatched)()).toBe(false);
    } finally {
      await save(original.sendEmailAtRegistration);
    }
  });

  it("sends a test email to the admin's inbox and answers the text to show", async () => {
    const before = (await emailsTo(stack.mailApiUrl, stack.adminEmail)).filter((m) =>
      m.subject.startsWith('Email de teste'),
    ).length;
    const res = await call<string>(gw, sendTestEmail, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SUCCESS', payload: Msg.testEmailSent(stack.adminEmail) });
    const testEmails = async () =>
      (await emailsTo(stack.mailApiUrl, stack.adminEmail)).filter((m) =>
        m.subject.startsWith('Email de teste'),
      );
    await expect.poll(async () => (await testEmails()).length, { timeout: 20_000 }).toBe(before + 1);
    const tests = await testEmails();
    expect(tests.at(-1)!.text).toContain('Este é um email de teste.');
  });

  it('every /api/admin route answers 401 to an anonymous caller and 403 to a member', async () => {
    const member = await createActiveUser(stack);
    const adminRoutes = allApiRoutes.filter((r) => r.path.startsWith('/api/admin'));
    expect(adminRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/admin/emailSettings',
      'GET /api/admin/logs',
      'GET /api/admin/stats',
      'GET /api/admin/users',
      'POST /api/admin/changePassword',
      'POST /api/admin/emailSettings',
      'POST /api/admin/sendTestEmail',
    ]);
    for (const route of adminRoutes) {
      const name = `${route.method} ${route.path}`;
      const anonymous = await call(gw, route);
      expect(anonymous.status, name).toBe(401);
      expect(anonymous.body.status, name).toBe('ERROR');
      const asMember = await call(gw, route, { token: member.token });
      expect(asMember.status, name).toBe(403);
      expect(asMember.body, name).toMatchObject({ status: 'ERROR', message: PlatformMessages.forbidden });
    }
  });
});
