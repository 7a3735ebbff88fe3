import { describe, expect, inject, it } from 'vitest';
import { ErrorCode, processPayment, type ProcessPaymentResult } from '@app/contracts';
import { call, createActiveUser, createTopUpPreference, payPreference } from '@app/testing';

const stack = inject('stack');

/** processPayment tells the builder what became of the payment (the /pagamento-sucesso screen), errors included. */
describe('processPayment: the outcome in the payload', () => {
  const returnWith = async (outcome: 'approved' | 'pending' | 'rejected', reais: number) => {
    const session = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, session.token, reais);
    const { paymentId } = await payPreference(stack, preference.id, outcome);
    return call<ProcessPaymentResult>(stack.gatewayUrl, processPayment, {
      token: session.token,
      body: { preferenceId: preference.id, paymentId },
    });
  };

  it('approved: the amount credited and the new balance', async () => {
    const res = await returnWith('approved', 7);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('SUCCESS');
    // Credited by this call or, a moment earlier, by the stand-in's webhook: the same answer for the payer.
    expect(res.body.payload).toMatchObject({ outcome: 'approved', amount: 7, balance: 7 });
  });

  it.each([
    ['pending', 409],
    ['rejected', 402],
  ] as const)(
    '%s: an ERROR with the outcome, no amount and the unchanged balance',
    async (outcome, status) => {
      const res = await returnWith(outcome, 10);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({
        status: 'ERROR',
        code: ErrorCode.PAYMENT_NOT_CREDITED,
        payload: { outcome, credited: false, amount: null, balance: 0 },
      });
    },
  );
});
