import type { AuthDeps } from './deps.js';
import { sendPasswordLink, takeEmailedLinkTurn } from './emailed-links.js';
import { hashAddress } from './secrets.js';

/** Every answer takes at least this long, so the time does not tell whether the email has an account. */
export const RECOVERY_MIN_ANSWER_MS = 250;

/**
 * Emails a single-use recovery link (1 hour) when the email has an account; does nothing visible otherwise.
 * A new link retires the user's older unused ones. At most RECOVERY_MAX_PER_EMAIL_PER_HOUR emails reach one inbox
 * and RECOVERY_MAX_PER_ADDRESS_PER_HOUR requests from one address send any: past them the request is counted and
 * answered as always, and nothing is sent (the answer tells nothing either way).
 */
export async function requestRecovery(
  deps: AuthDeps,
  email: string,
  clientAddress: string | null,
): Promise<void> {
  // The global timer (not node:timers/promises), so a test can hold and advance the floor with fake timers.
  const floor = new Promise<void>((resolve) => setTimeout(resolve, RECOVERY_MIN_ANSWER_MS));
  // Counted with every other link by email (takeEmailedLinkTurn).
  const allowed = await takeEmailedLinkTurn(deps, email, hashAddress(clientAddress));
  const user = allowed ? await deps.store.users.byEmail(email) : null;
  // A deleted account keeps a placeholder address nobody reads; it never gets a link.
  if (user && !user.deletedAt) await sendPasswordLink(deps, user, 'recovery');
  await floor;
}
