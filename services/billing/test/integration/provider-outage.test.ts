import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPreference, ErrorCode, Msg, processPayment } from '@app/contracts';
import {
  balanceOf,
  call,
  createActiveUser,
  createTopUpPreference,
  payPreference,
  type TestSession,
  controlProcess,
} from '@app/testing';

const stack = inject('stack');
const db = new pg.Client({ connectionString: stack.databaseUrl });
const control = (action: 'stop' | 'start') => controlProcess(stack, 'dev-providers', action);

describe('when Mercado Pago cannot be reached', () => {
  let user: TestSession;
  let pending: { preferenceId: string; paymentId: string };

  beforeAll(async () => {
    await db.connect();
    user = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, user.token, 10);
    const { paymentId } = await payPreference(stack, preference.id, 'pending');
    pending = { preferenceId: preference.id, paymentId };
    await control('stop');
  });
  afterAll(async () => {
    await control('start');
    await db.end();
  });

  it('createPreference answers 503 with a pt-BR message and leaves no top-up behind', async () => {
    const count = async () => Number((await db.query('SELECT count(*) AS n FROM billing.top_ups')).rows[0].n);
    const before = await count();
    const res = await call(stack.gatewayUrl, createPreference, { token: user.token, body: { amount: 10 } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'ERROR',
      message: Msg.preferenceFailed,
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
    expect(await count()).toBe(before);
  });

  it('processPayment answers 503 with a pt-BR message and credits nothing', async () => {
    const res = await call(stack.gatewayUrl, processPayment, { token: user.token, body: pending });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'ERROR', message: Msg.paymentProviderUnavailable });
    expect(await balanceOf(stack, user.token)).toBe(0);
  });
});
