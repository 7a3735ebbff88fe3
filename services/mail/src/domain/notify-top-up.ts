import { Jobs, Rpc, type Events, type MessagePayload } from '@app/contracts';
import { formatCents } from '@app/contracts/format';
import type { MailDeps } from './deps.js';

type Credited = MessagePayload<typeof Events.topupCredited>;
type Reversed = MessagePayload<typeof Events.topupReversed>;

/**
 * Turns billing's credit and reversal events into the payer's email. The address is looked up with auth's
 * getUser (billing knows only the user id); the mail job's id is the event's id (the ledger's business key), so
 * JetStream's msgID window and mail's sent_mails row both keep it to one email per credit and per reversal.
 * Answers false when there is nothing to send (an unknown user, a credit event without its balance).
 */
export async function notifyTopUp(
  deps: MailDeps,
  event: ({ kind: 'credited' } & Credited) | ({ kind: 'reversed' } & Reversed),
): Promise<boolean> {
  if (event.balanceCents === undefined) {
    deps.logger.warn({ eventId: event.eventId }, 'top-up event without a balance: no email');
    return false;
  }
  const { user } = await deps.bus.request(Rpc.authGetUser, { userId: event.userId }, { timeoutMs: 10_000 });
  if (!user) {
    deps.logger.warn({ eventId: event.eventId, userId: event.userId }, 'top-up event for an unknown user');
    return false;
  }
  const mailId = `mail:${event.eventId}`;
  const data = {
    fullname: user.fullname,
    amount: formatCents(event.amountCents),
    balance: formatCents(event.balanceCents),
  };
  await deps.bus.publish(
    Jobs.sendMail,
    event.kind === 'credited'
      ? { mailId, to: user.email, template: 'topup-credited', data }
      : { mailId, to: user.email, template: 'topup-reversed', data: { ...data, reason: event.reason } },
    { msgID: mailId },
  );
  return true;
}
