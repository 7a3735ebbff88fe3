import { describe, expect, it } from 'vitest';
import { Rpc } from '@app/contracts';

describe('billing.v1.debit request', () => {
  const request = { userId: 'u1', cents: 50, reason: 'página', idempotencyKey: 'page-code' };

  it('takes a page code as its idempotency key', () => {
    expect(Rpc.billingDebit.request.safeParse(request).success).toBe(true);
  });

  it("refuses a key in the reversals' space, so a debit can never take a reversal's place in the ledger", () => {
    const parsed = Rpc.billingDebit.request.safeParse({ ...request, idempotencyKey: 'reversal:123:1000' });
    expect(parsed.success).toBe(false);
  });
});
