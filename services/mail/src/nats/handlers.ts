import { Events, Jobs } from '@app/contracts';
import type { Bus } from '@app/kit';
import { deliverMail } from '../domain/deliver-mail.js';
import type { MailDeps } from '../domain/deps.js';
import { notifyAdminOfSignUp } from '../domain/notify-admin.js';
import { notifyTopUp } from '../domain/notify-top-up.js';
import { InvalidMailData } from '../domain/templates.js';

/**
 * Redeliveries back off up to 30 s (kit), so this many deliveries ride out an SMTP outage of days, not minutes;
 * a mail is given up (and logged) only after that.
 */
export const MAIL_MAX_DELIVER = 10_000;

/** mail's consumers: the mail jobs, and the events it writes to people and the admin about. */
export async function serveNats(bus: Bus, deps: MailDeps): Promise<void> {
  // The ack wait bounds how long a dead replica (or a lost ack) holds a mail; a slow SMTP send is kept in progress by
  // the kit's heartbeat, so it is never sent twice at once.
  await bus.consume(
    Jobs.sendMail,
    { durable: 'mail-send', ackWaitMs: 30_000, maxDeliver: MAIL_MAX_DELIVER, concurrency: 4 },
    async (job, { deliveryCount }) => {
      try {
        const outcome = await deliverMail(deps, job);
        deps.logger.info(
          { mailId: job.mailId, template: job.template, outcome, deliveryCount },
          'mail job done',
        );
      } catch (err) {
        // Bad data never gets better: drop it (logged) instead of retrying it for days.
        if (err instanceof InvalidMailData) {
          deps.logger.error({ mailId: job.mailId, err: err.message }, 'mail job dropped');
          return;
        }
        throw err;
      }
    },
  );

  await bus.consume(
    Events.userRegistered,
    { durable: 'mail-user-registered', ackWaitMs: 30_000, maxDeliver: 50, deliverPolicy: 'new' },
    async (event) => {
      await notifyAdminOfSignUp(deps, event);
    },
  );

  // The payer's email for each credit and each reversal (refund, chargeback) of a top-up.
  await bus.consume(
    Events.topupCredited,
    { durable: 'mail-topup-credited', ackWaitMs: 30_000, maxDeliver: 50, deliverPolicy: 'new' },
    async (event) => {
      await notifyTopUp(deps, { kind: 'credited', ...event });
    },
  );
  await bus.consume(
    Events.topupReversed,
    { durable: 'mail-topup-reversed', ackWaitMs: 30_000, maxDeliver: 50, deliverPolicy: 'new' },
    async (event) => {
      await notifyTopUp(deps, { kind: 'reversed', ...event });
    },
  );
}
