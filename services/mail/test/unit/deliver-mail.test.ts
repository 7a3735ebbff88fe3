import { describe, expect, it } from 'vitest';
import { deliverMail, type MailJob } from '../../src/domain/deliver-mail.js';
import { InvalidMailData } from '../../src/domain/templates.js';
import { memoryMailDeps } from '../fakes/memory-deps.js';

const job: MailJob = {
  mailId: 'activation:u-1',
  to: 'maria@exemplo.com.br',
  template: 'activation',
  data: { fullname: 'Maria Silva', code: 'abc_DEF-123' },
};

describe('deliverMail: at most once per mailId', () => {
  it('sends the rendered mail and records it sent', async () => {
    const { deps, mailer, state } = memoryMailDeps();
    expect(await deliverMail(deps, job)).toBe('sent');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.to).toBe(job.to);
    expect(mailer.sent[0]!.mail.subject).toContain('Ative sua conta');
    expect(mailer.sent[0]!.mail.text).toContain('https://exercicios.example.com.br/ativar/abc_DEF-123');
    expect(state.sentMails.get(job.mailId)).toEqual({ template: 'activation', sentAt: expect.any(Date) });
  });

  it('skips a job whose mail was sent already (redelivered, or published again)', async () => {
    const { deps, mailer } = memoryMailDeps();
    await deliverMail(deps, job);
    expect(await deliverMail(deps, job)).toBe('duplicate');
    expect(await deliverMail(deps, job)).toBe('duplicate');
    expect(mailer.sent).toHaveLength(1);
  });

  it('sends once when two deliveries of the same job run at once', async () => {
    const { deps, mailer } = memoryMailDeps();
    const outcomes = await Promise.all([deliverMail(deps, job), deliverMail(deps, job)]);
    expect(outcomes.sort()).toEqual(['duplicate', 'sent']);
    expect(mailer.sent).toHaveLength(1);
  });

  it('leaves the mail unsent when SMTP fails, so the retried job sends it', async () => {
    const { deps, mailer, state } = memoryMailDeps();
    const down = new Error('connect ECONNREFUSED 127.0.0.1:1025');
    mailer.failing = down;
    await expect(deliverMail(deps, job)).rejects.toBe(down);
    expect(state.sentMails.has(job.mailId)).toBe(false);

    mailer.failing = null;
    expect(await deliverMail(deps, job)).toBe('sent');
    expect(mailer.sent).toHaveLength(1);
  });

  it('refuses bad data before claiming anything (the consumer drops such a job)', async () => {
    const { deps, mailer, state } = memoryMailDeps();
    const bad = {
      ...job,
      mailId: 'alert:1',
      template: 'sign-in-alert' as const,
      data: { failures: 'muitas' },
    };
    await expect(deliverMail(deps, bad)).rejects.toBeInstanceOf(InvalidMailData);
    expect(state.sentMails.size).toBe(0);
    expect(mailer.sent).toEqual([]);
  });
});
