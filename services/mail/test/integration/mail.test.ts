import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, getEmailSettings, Jobs, sendTestEmail, setEmailSettings } from '@app/contracts';
import type { Bus } from '@app/kit';
import {
  adminToken,
  call,
  connectBus,
  consumerInfo,
  createActiveUser,
  drainMail,
  emailsTo,
  uniqueEmail,
  waitForEmail,
  waitUntilConsumed,
  controlProcess,
} from '@app/testing';

const stack = inject('stack');
let bus: Bus;

beforeAll(async () => {
  bus = await connectBus(stack, 'mail-test');
});
afterAll(() => bus.drain());

const control = (process: string, action: 'stop' | 'start') => controlProcess(stack, process, action);

describe('mail jobs', () => {
  it('sends a job once even when it is published again under another JetStream id', async () => {
    const to = uniqueEmail('dedup');
    const job = { mailId: `test:${randomUUID()}`, to, template: 'test' as const, data: {} };
    await bus.publish(Jobs.sendMail, job, { msgID: randomUUID() });
    await waitForEmail(stack.mailApiUrl, to);
    await bus.publish(Jobs.sendMail, job, { msgID: randomUUID() });
    await drainMail(stack);
    expect(await emailsTo(stack.mailApiUrl, to)).toHaveLength(1);
  });

  it('keeps the mail while SMTP is down and sends it (once) when SMTP is back', async () => {
    const email = uniqueEmail('smtp-fora');
    await control('maildev', 'stop');
    try {
      const res = await call(stack.gatewayUrl, createUser, {
        body: {
          fullname: 'Pessoa Paciente',
          email,
          password: 'senha-boa-1',
          passwordConfirmation: 'senha-boa-1',
        },
      });
      expect(res.body.status).toBe('SUCCESS');
      // A delivery has failed while the inbox is away and the job came back (the only job in flight here).
      await expect
        .poll(async () => (await consumerInfo(stack, 'JOBS_MAIL', 'mail-send')).num_redelivered, {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(1);
    } finally {
      await control('maildev', 'start');
    }
    const mail = await waitForEmail(stack.mailApiUrl, email, (m) => m.html.includes('/ativar/'), 45_000);
    expect(mail.subject).toContain('Ative sua conta');
    await drainMail(stack);
    expect(await emailsTo(stack.mailApiUrl, email)).toHaveLength(1);
  });
});

describe('email settings (GET/POST /api/admin/emailSettings)', () => {
  it('answers 403 to non-admins and 401 without a session', async () => {
    const user = await createActiveUser(stack);
    expect((await call(stack.gatewayUrl, getEmailSettings, { token: user.token })).status).toBe(403);
    expect(
      (
        await call(stack.gatewayUrl, setEmailSettings, {
          token: user.token,
          body: { sendEmailAtRegistration: true },
        })
      ).status,
    ).toBe(403);
    expect((await call(stack.gatewayUrl, sendTestEmail, { token: user.token })).status).toBe(403);
    expect((await call(stack.gatewayUrl, getEmailSettings)).status).toBe(401);
  });

  it('refuses a body without the boolean', async () => {
    const token = await adminToken(stack);
    const res = await call(stack.gatewayUrl, setEmailSettings, {
      token,
      body: { sendEmailAtRegistration: 'sim' },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('ERROR');
  });

  it('is off by default; when on, the admin gets an email for each new sign-up', async () => {
    const token = await adminToken(stack);
    const initial = await call(stack.gatewayUrl, getEmailSettings, { token });
    expect(initial.body).toMatchObject({ status: 'SUCCESS', payload: { sendEmailAtRegistration: false } });

    await createActiveUser(stack, { fullname: 'Sem Aviso Nenhum' });
    // mail has taken this sign-up's event, with the setting still off, before the setting changes.
    await waitUntilConsumed(stack, 'EVENTS', 'mail-user-registered');
    const noticesFor = async (name: string) =>
      (await emailsTo(stack.mailApiUrl, stack.adminEmail)).filter(
        (m) => m.subject === `Novo cadastro: ${name}`,
      );

    const on = await call(stack.gatewayUrl, setEmailSettings, {
      token,
      body: { sendEmailAtRegistration: true },
    });
    expect(on.body).toMatchObject({
      status: 'SUCCESS',
      message: 'Configurações salvas com sucesso!',
      payload: { sendEmailAtRegistration: true },
    });
    expect((await call(stack.gatewayUrl, getEmailSettings, { token })).body.payload).toEqual({
      sendEmailAtRegistration: true,
    });
    try {
      const user = await createActiveUser(stack, { fullname: 'Com Aviso Ligado' });
      const notice = await waitForEmail(
        stack.mailApiUrl,
        stack.adminEmail,
        (m) => m.subject === 'Novo cadastro: Com Aviso Ligado',
      );
      expect(notice.text).toContain(`Email: ${user.email}`);
      expect(notice.text).toContain('Cadastro pelo Google: Não');
      await drainMail(stack);
      expect(await noticesFor('Sem Aviso Nenhum')).toHaveLength(0);
      expect(await noticesFor('Com Aviso Ligado')).toHaveLength(1);
    } finally {
      await call(stack.gatewayUrl, setEmailSettings, { token, body: { sendEmailAtRegistration: false } });
    }
  });
});

describe('test email (POST /api/admin/sendTestEmail)', () => {
  it("sends to the admin's own address and answers a pt-BR text", async () => {
    const token = await adminToken(stack);
    const before = (await emailsTo(stack.mailApiUrl, stack.adminEmail)).length;
    const res = await call(stack.gatewayUrl, sendTestEmail, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      payload: `Email de teste enviado para ${stack.adminEmail}.`,
    });
    const mail = await waitForEmail(stack.mailApiUrl, stack.adminEmail, (m) =>
      m.subject.startsWith('Email de teste'),
    );
    expect(mail.text).toContain('Este é um email de teste.');
    expect((await emailsTo(stack.mailApiUrl, stack.adminEmail)).length).toBe(before + 1);
  });

  it('answers 503 with a pt-BR message when SMTP is down', async () => {
    const token = await adminToken(stack);
    await control('maildev', 'stop');
    try {
      const res = await call(stack.gatewayUrl, sendTestEmail, { token });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        status: 'ERROR',
        message: 'Não foi possível enviar o email de teste: o servidor de email não respondeu.',
      });
    } finally {
      await control('maildev', 'start');
    }
  });
});
