import { describe, expect, it } from 'vitest';
import { Events, Jobs, Msg, Rpc, type MessagePayload, type PublicUser } from '@app/contracts';
import { notifyAdminOfSignUp } from '../../src/domain/notify-admin.js';
import { notifyTopUp } from '../../src/domain/notify-top-up.js';
import { sendTestEmailToAdmin } from '../../src/domain/send-test-email.js';
import { memoryMailDeps } from '../fakes/memory-deps.js';

const registered: MessagePayload<typeof Events.userRegistered> = {
  eventId: `${Events.userRegistered.subject}:u-1`,
  at: '2025-03-04T12:00:00.000Z',
  userId: 'u-1',
  email: 'maria@exemplo.com.br',
  fullname: 'Maria Silva',
  fromGoogle: false,
};

const maria: PublicUser = {
  _id: 'u-1',
  fullname: 'Maria Silva',
  email: 'maria@exemplo.com.br',
  fromGoogle: false,
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
};

/** mail's dependencies whose auth answers getUser with `user`. */
function withUser(user: PublicUser | null) {
  const memory = memoryMailDeps();
  memory.request.mockImplementation(async (def: unknown) => {
    if (def !== Rpc.authGetUser) throw new Error('unexpected request');
    return { user };
  });
  return memory;
}

describe('notifyAdminOfSignUp', () => {
  it('queues nothing while the admin has not asked for it (the default)', async () => {
    const { deps, publish } = memoryMailDeps();
    expect(await notifyAdminOfSignUp(deps, registered)).toBe(false);
    expect(publish).not.toHaveBeenCalled();
  });

  it('queues one notice per new user to ADMIN_EMAIL once the setting is on', async () => {
    const { deps, publish } = memoryMailDeps();
    expect(await deps.store.emailSettings.save({ sendEmailAtRegistration: true })).toEqual({
      sendEmailAtRegistration: true,
    });
    expect(await notifyAdminOfSignUp(deps, registered)).toBe(true);
    expect(publish.mock.calls).toEqual([
      [
        Jobs.sendMail,
        {
          mailId: 'admin-new-user:u-1',
          to: 'admin@exemplo.com',
          template: 'admin-new-user',
          data: { fullname: 'Maria Silva', email: 'maria@exemplo.com.br', fromGoogle: 'false' },
        },
        { msgID: 'admin-new-user:u-1' },
      ],
    ]);
  });
});

describe('notifyTopUp', () => {
  const credited = {
    kind: 'credited' as const,
    eventId: 'credit:pay-1',
    at: '2025-03-04T12:00:00.000Z',
    topUpId: 't-1',
    userId: 'u-1',
    amountCents: 1000,
    paymentId: 'pay-1',
    balanceCents: 1250,
  };

  it("emails the payer, found through auth, under the event's id", async () => {
    const { deps, publish, request } = withUser(maria);
    expect(await notifyTopUp(deps, credited)).toBe(true);
    expect(request.mock.calls[0]!.slice(0, 2)).toEqual([Rpc.authGetUser, { userId: 'u-1' }]);
    expect(publish.mock.calls).toEqual([
      [
        Jobs.sendMail,
        {
          mailId: 'mail:credit:pay-1',
          to: maria.email,
          template: 'topup-credited',
          data: { fullname: 'Maria Silva', amount: 'R$ 10,00', balance: 'R$ 12,50' },
        },
        { msgID: 'mail:credit:pay-1' },
      ],
    ]);
  });

  it('says why a reversal took the money back', async () => {
    const { deps, publish } = withUser(maria);
    await notifyTopUp(deps, {
      kind: 'reversed',
      eventId: 'reversal:pay-1:1000',
      at: '2025-03-05T12:00:00.000Z',
      topUpId: 't-1',
      userId: 'u-1',
      paymentId: 'pay-1',
      amountCents: 1000,
      totalReversedCents: 1000,
      balanceCents: -500,
      reason: 'chargeback',
    });
    expect(publish.mock.calls[0]![1]).toMatchObject({
      mailId: 'mail:reversal:pay-1:1000',
      template: 'topup-reversed',
      data: { amount: 'R$ 10,00', balance: '\u2212 R$ 5,00', reason: 'chargeback' },
    });
  });

  it('sends nothing for an unknown user, or a credit event without its balance', async () => {
    const unknown = withUser(null);
    expect(await notifyTopUp(unknown.deps, credited)).toBe(false);
    const old = withUser(maria);
    expect(await notifyTopUp(old.deps, { ...credited, balanceCents: undefined })).toBe(false);
    expect(old.request).not.toHaveBeenCalled();
    expect([...unknown.publish.mock.calls, ...old.publish.mock.calls]).toEqual([]);
  });
});

describe('sendTestEmail', () => {
  it("sends right away to the admin's own address and answers the text the screen shows", async () => {
    const { deps, mailer } = withUser({ ...maria, email: 'admin@exemplo.com' });
    expect(await sendTestEmailToAdmin(deps, 'u-1')).toBe(Msg.testEmailSent('admin@exemplo.com'));
    expect(mailer.sent.map((s) => s.to)).toEqual(['admin@exemplo.com']);
  });

  it('answers 503 with the pt-BR message when SMTP fails', async () => {
    const { deps, mailer } = withUser(maria);
    mailer.failing = new Error('connect ECONNREFUSED');
    await expect(sendTestEmailToAdmin(deps, 'u-1')).rejects.toMatchObject({
      statusCode: 503,
      message: Msg.testEmailFailed,
    });
  });
});
