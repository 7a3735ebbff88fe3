import { Msg, Rpc } from '@app/contracts';
import { AppError } from '@app/kit';
import type { MailDeps } from './deps.js';
import { renderMail } from './templates.js';

/**
 * Sends the test email right away (not through the queue): its purpose is to show whether SMTP works now.
 * It goes to the signed-in admin's own address. Answers the text the admin screen shows.
 */
export async function sendTestEmailToAdmin(deps: MailDeps, adminUserId: string): Promise<string> {
  const { user } = await deps.bus.request(Rpc.authGetUser, { userId: adminUserId });
  if (!user) throw AppError.notFound(Msg.testEmailFailed);
  try {
    await deps.mailer.send(user.email, renderMail('test', {}, deps.publicUrl));
  } catch (err) {
    deps.logger.warn({ err }, 'test email failed');
    throw AppError.unavailable(Msg.testEmailFailed);
  }
  return Msg.testEmailSent(user.email);
}
