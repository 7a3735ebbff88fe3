import { Jobs, type Events, type MessagePayload } from '@app/contracts';
import type { MailDeps } from './deps.js';

/** On each new sign-up, queues a notice to the admin when the admin asked for it (off by default). */
export async function notifyAdminOfSignUp(
  deps: MailDeps,
  event: MessagePayload<typeof Events.userRegistered>,
): Promise<boolean> {
  if (!(await deps.store.emailSettings.read()).sendEmailAtRegistration) return false;
  const mailId = `admin-new-user:${event.userId}`;
  await deps.bus.publish(
    Jobs.sendMail,
    {
      mailId,
      to: deps.adminEmail,
      template: 'admin-new-user',
      data: { fullname: event.fullname, email: event.email, fromGoogle: String(event.fromGoogle) },
    },
    { msgID: mailId },
  );
  return true;
}
