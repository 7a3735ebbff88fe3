import type { BillingServiceDeps } from './deps.js';
import type { DebitInput, DebitResult, LedgerRepository } from './ports.js';
import { announceBalance } from './settle-payment.js';

/**
 * A purchase's debit (pages' `billing.v1.debit`): taken once per idempotency key, and the member's open screens are
 * told the new balance (a repeat of the same key debits nothing and announces nothing).
 */
export async function debitForPurchase(
  deps: Pick<BillingServiceDeps, 'events' | 'logger'> & {
    store: { ledger: Pick<LedgerRepository, 'debit'> };
  },
  input: DebitInput,
): Promise<DebitResult> {
  const result = await deps.store.ledger.debit(input);
  if (result.ok) await announceBalance(deps, input.userId, 'purchase', result.balanceCents, result.entryId);
  return result;
}
