import type { MessagePayload, Jobs } from '@app/contracts';
import { SCHEMA } from '../persistence/entities.js';
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
  return deps.db.transaction(async (m) => {
    await m.query(
      `INSERT INTO ${SCHEMA}.sent_mails (mail_id, template) VALUES ($1, $2) ON CONFLICT (mail_id) DO NOTHING`,
      [job.mailId, job.template],
    );
    const [row] = (await m.query(`SELECT sent_at FROM ${SCHEMA}.sent_mails WHERE mail_id = $1 FOR UPDATE`, [
      job.mailId,
    ])) as Array<{ sent_at: Date | null }>;
    if (row?.sent_at) return 'duplicate';
    await deps.mailer.send(job.to, mail);
    await m.query(`UPDATE ${SCHEMA}.sent_mails SET sent_at = now() WHERE mail_id = $1`, [job.mailId]);
    return 'sent';
  });
}
