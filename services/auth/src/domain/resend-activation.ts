import type { AuthDeps } from './deps.js';
import { sendFreshActivation, takeEmailedLinkTurn } from './emailed-links.js';
import { RECOVERY_MIN_ANSWER_MS } from './request-recovery.js';
import { hashAddress } from './secrets.js';

/**
 * 'Reenviar e-mail de ativação': a fresh activation link for an account that exists and is not active yet;
 * nothing visible otherwise. Answered the same way, and in at least RECOVERY_MIN_ANSWER_MS, whether or not the email
 * has an account and whatever its state, so it tells nobody who has an account; limited like recovery
 * (`takeEmailedLinkTurn`). The link activates as the sign-up's own did: at once in the browser that made the pending
 * sign-up, elsewhere with its password, whoever asked for it.
 */
export async function resendActivationLink(
  deps: AuthDeps,
  email: string,
  clientAddress: string | null,
): Promise<void> {
  const floor = new Promise<void>((resolve) => setTimeout(resolve, RECOVERY_MIN_ANSWER_MS));
  const allowed = await takeEmailedLinkTurn(deps, email, hashAddress(clientAddress));
  const user = allowed ? await deps.store.users.byEmail(email) : null;
  if (user && !user.active && !user.deletedAt) await sendFreshActivation(deps, user);
  await floor;
}
