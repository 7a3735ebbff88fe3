import type { BillingServiceDeps } from './deps.js';
import type { CaptureResult, HoldInput, HoldResult, HoldsRepository } from './ports.js';
import { announceBalance } from './settle-payment.js';

/**
 * Money before work: pages holds a purchase's price before it queues any render for it, captures the hold
 * (the purchase's one debit) once the file is stored, and releases it when the printing failed for good. A hold does
 * not show as spent: the balance (getBalance, the Extrato) is the ledger's, and the money leaves it at the capture,
 * which tells the member's open screens; a hold only lowers what further holds may reserve, for the seconds a
 * purchase prints. A hold never captured nor released (its purchase's pages replica stopped) expires after
 * BILLING_HOLD_MAX_MINUTES, at the user's next hold.
 */
type HoldsDeps = Pick<BillingServiceDeps, 'events' | 'logger'> & {
  store: { holds: HoldsRepository };
  config: Pick<BillingServiceDeps['config'], 'BILLING_HOLD_MAX_MINUTES'>;
};

export function holdForPurchase(deps: HoldsDeps, input: HoldInput): Promise<HoldResult> {
  return deps.store.holds.hold(input, { maxAgeMs: deps.config.BILLING_HOLD_MAX_MINUTES * 60_000 });
}

/** The purchase's debit: the member's open screens are told the new balance (not on a repeat, which debits nothing). */
export async function capturePurchase(deps: HoldsDeps, userId: string, key: string): Promise<CaptureResult> {
  const result = await deps.store.holds.capture(userId, key);
  if (result.outcome === 'captured')
    await announceBalance(deps, userId, 'purchase', result.balanceCents, result.entryId);
  else if (result.outcome === 'insufficient')
    deps.logger.warn({ userId, key }, 'hold released at its capture: a reversal left too little balance');
  return result;
}

/** The purchase's printing failed for good: its open hold is released (a no-op when none is open). */
export async function releasePurchase(deps: HoldsDeps, userId: string, key: string): Promise<boolean> {
  const released = await deps.store.holds.release(userId, key);
  if (released) deps.logger.info({ userId, key }, 'hold released: its printing failed');
  return released;
}
