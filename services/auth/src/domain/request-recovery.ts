import { randomUUID } from 'node:crypto';
import { Jobs } from '@app/contracts';
import { oneTimeCodes, users } from '../persistence/repositories.js';
import type { AuthDeps } from './deps.js';
import { newOneTimeSecret, RECOVERY_TTL_MS } from './secrets.js';

/** Every answer takes at least this long, so the time does not tell whether the email has an account. */
export const RECOVERY_MIN_ANSWER_MS = 250;

/**
 * Emails a single-use recovery link (1 hour) when the email has an account; does nothing visible otherwise.
 * A new link retires the user's older unused ones.
 */
export async function requestRecovery(deps: AuthDeps, email: string): Promise<void> {
  // The global timer (not node:timers/promises), so a test can hold and advance the floor with fake timers.
  const floor = new Promise<void>((resolve) => setTimeout(resolve, RECOVERY_MIN_ANSWER_MS));
  const token = newOneTimeSecret();
  const user = await users(deps.db.manager).byEmail(email);
  // A deleted account keeps a placeholder address nobody reads; it never gets a link.
  if (user && !user.deletedAt) {
    await deps.db.transaction(async (m) => {
      await oneTimeCodes(m).retireUnused(user.id, 'recovery');
      await oneTimeCodes(m).insert(token.hash, user.id, 'recovery', new Date(Date.now() + RECOVERY_TTL_MS));
      const mailId = `recovery:${randomUUID()}`;
      await deps.bus.publish(
        Jobs.sendMail,
        {
          mailId,
          to: user.email,
          template: 'recovery',
          data: { fullname: user.fullname, token: token.secret },
        },
        { msgID: mailId },
      );
    });
  }
  await floor;
}
