import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  Events,
  getBalanceDetails,
  getStatement,
  Msg,
  processPayment,
  type BalanceDetails,
  type MessagePayload,
  type Statement,
} from '@app/contracts';
import type { Bus } from '@app/kit';
import {
  balanceOf,
  buyPage,
  call,
  connectBus,
  createActiveUser,
  createTopUpPreference,
  generatePageCode,
  payloadOf,
  payPreference,
  setPaymentStatus,
  userIdOf,
} from '@app/testing';

/**
 * The live balance in billing, on the tier's whole stack: what the member's screens are told and read. Every change of a
 * balance is announced on `events.billing.balance.changed` (heard here as a gateway hears it: a plain subscription);
 * a pending Pix is listed as pending until it settles; a negative balance names its reversal; a return link opened
 * again says the payment was already added.
 */
const stack = inject('stack');
let bus: Bus;
const heard: Array<MessagePayload<typeof Events.balanceChanged>> = [];

beforeAll(async () => {
  bus = await connectBus(stack, 'live-balance-listener');
  bus.listen(Events.balanceChanged, (e) => void heard.push(e));
  await bus.flush();
});
afterAll(async () => bus?.drain());

const statementOf = (token: string) => payloadOf<Statement>(stack.gatewayUrl, getStatement, token);
const heardFor = (userId: string) => heard.filter((e) => e.userId === userId);

describe('the live balance, as billing tells it', () => {
  it('a pending Pix is listed as pending and announced; approved later it is credited, announced with its version, and leaves the list', async () => {
    const ana = await createActiveUser(stack);
    const anaId = await userIdOf(stack, ana.token);
    const preference = await createTopUpPreference(stack, ana.token, 10);
    const { paymentId } = await payPreference(stack, preference.id, 'pending');

    await expect
      .poll(async () => (await statementOf(ana.token)).pending, { timeout: 15_000 })
      .toEqual([
        {
          id: expect.any(String),
          at: expect.any(String),
          description: Msg.statementPendingTopUp,
          amountCents: 1000,
        },
      ]);
    await expect
      .poll(() => heardFor(anaId).map((e) => e.cause), { timeout: 15_000 })
      .toEqual(['payment_status']);
    expect(heardFor(anaId)[0]).toMatchObject({ balanceCents: null, version: null });

    await setPaymentStatus(stack, paymentId, 'approved');
    await expect
      .poll(() => heardFor(anaId).map((e) => e.cause), { timeout: 15_000 })
      .toEqual(['payment_status', 'top_up']);
    expect(heardFor(anaId)[1]).toMatchObject({ balanceCents: 1000, version: expect.any(Number) });
    const statement = await statementOf(ana.token);
    expect(statement.pending).toEqual([]);
    expect(statement.entries.map((e) => [e.kind, e.amountCents])).toEqual([['top_up', 1000]]);

    // A purchase is announced too, with a newer version.
    const code = await generatePageCode(stack, ana.token);
    expect((await buyPage(stack, ana.token, code)).status).toBe(200);
    await expect.poll(() => heardFor(anaId).length, { timeout: 15_000 }).toBe(3);
    const [, credit, purchase] = heardFor(anaId);
    expect(purchase).toMatchObject({ cause: 'purchase', balanceCents: 950 });
    expect(purchase!.version!).toBeGreaterThan(credit!.version!);
  });

  it('a refund after spending: the negative balance names the reversal that made it', async () => {
    const bia = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, bia.token, 5);
    const { paymentId } = await payPreference(stack, preference.id, 'approved');
    await expect.poll(() => balanceOf(stack, bia.token), { timeout: 15_000 }).toBe(5);
    const code = await generatePageCode(stack, bia.token);
    expect((await buyPage(stack, bia.token, code)).status).toBe(200);
    expect(await payloadOf<BalanceDetails>(stack.gatewayUrl, getBalanceDetails, bia.token)).toEqual({
      balanceCents: 450,
      lastReversal: null,
    });
    await setPaymentStatus(stack, paymentId, 'refunded');
    await expect.poll(() => balanceOf(stack, bia.token), { timeout: 15_000 }).toBe(-0.5);
    expect(await payloadOf<BalanceDetails>(stack.gatewayUrl, getBalanceDetails, bia.token)).toEqual({
      balanceCents: -50,
      lastReversal: { amountCents: 500, reason: 'refund', at: expect.any(String) },
    });
  });

  it('a return link opened again answers approved with alreadyAdded, and credits nothing more', async () => {
    const carla = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, carla.token, 10);
    const { paymentId } = await payPreference(stack, preference.id, 'approved', { notify: false });
    const back = () =>
      call<{ credited: boolean; alreadyAdded: boolean; balance: number }>(stack.gatewayUrl, processPayment, {
        token: carla.token,
        body: { preferenceId: preference.id, paymentId },
      });
    expect((await back()).body.payload).toMatchObject({ credited: true, alreadyAdded: false, balance: 10 });
    expect((await back()).body.payload).toMatchObject({ credited: false, alreadyAdded: true, balance: 10 });
  });
});
