import type { MessagePayload, Jobs } from '@app/contracts';
import type { MailDeps } from './deps.js';
import { renderMail } from './templates.js';

export type MailJob = MessagePayload<typeof Jobs.sendMail>;

/**
 * Sends a mail job at most once per mailId: the row is claimed and locked in a transaction, the SMTP send
 * happens inside it, and `sent_at` is set before commit. A failed send rolls the claim back so the job can be
 * retried; a redelivered job whose row says sent is skipped.
 */
export async function deliverMail(deps: MailDeps, job: MailJob): Promise<'sent' | 'duplicate'> {
  const mail = renderMail(job.template, job.data, deps.publicUrl);
  return deps.store.transaction(async (tx) => {
    const { alreadySent } = await tx.sentMails.claim(job.mailId, job.template);
    if (alreadySent) return 'duplicate';
    await deps.mailer.send(job.to, mail);
    await tx.sentMails.markSent(job.mailId);
    return 'sent';
  });
}
