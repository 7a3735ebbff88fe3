import { createLogger } from '@app/kit';
import type { BillingDeps, BillingEvents } from '../../src/domain/deps.js';
import {
  ProviderUnavailableError,
  type CreatedPreference,
  type PaymentProvider,
  type PreferenceRequest,
  type ProviderPayment,
} from '../../src/domain/payment-provider.js';
import { MemoryBillingStore } from './memory-store.js';

/**
 * A payment provider in memory: the preferences billing asked for and the payments a test makes for them. It
 * answers copies, like a provider read over the network; `down` makes every call fail as an outage does.
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly preferences: PreferenceRequest[] = [];
  private readonly payments = new Map<string, ProviderPayment>();
  private lastPaymentId = 1000;
  /** The refunds asked for, by idempotency key (a repeat of a key answers the same refund, as Mercado Pago does). */
  readonly refunds = new Map<string, { paymentId: string; refundId: string }>();
  /** Every refund request, repeats included. */
  refundRequests = 0;
  down = false;

  async createPreference(request: PreferenceRequest): Promise<CreatedPreference> {
    this.reachable();
    this.preferences.push(request);
    const id = `pref-${this.preferences.length}`;
    return { id, initPoint: `https://mp.example/checkout?pref_id=${id}` };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment | null> {
    this.reachable();
    const payment = this.payments.get(paymentId);
    return payment ? { ...payment } : null;
  }

  async findPayments(topUpId: string): Promise<ProviderPayment[]> {
    this.reachable();
    return [...this.payments.values()]
      .filter((p) => p.topUpId === topUpId)
      .reverse()
      .map((p) => ({ ...p }));
  }

  async refundPayment(paymentId: string, idempotencyKey: string): Promise<{ refundId: string }> {
    this.reachable();
    this.refundRequests++;
    const known = this.refunds.get(idempotencyKey);
    if (known) return { refundId: known.refundId };
    const payment = this.payments.get(paymentId);
    if (!payment || payment.status !== 'approved') throw new ProviderUnavailableError('refund refused');
    const refundId = `refund-${this.refunds.size + 1}`;
    this.refunds.set(idempotencyKey, { paymentId, refundId });
    Object.assign(payment, { status: 'refunded', refundedCents: payment.amountCents });
    return { refundId };
  }

  /** A payment for the top-up `topUpId` (BRL, `amountCents`), in `status`, unless `over` says else. */
  pay(
    topUpId: string | null,
    amountCents: number,
    status: ProviderPayment['status'],
    over: Partial<Omit<ProviderPayment, 'paymentId'>> = {},
  ): string {
    const paymentId = String(++this.lastPaymentId);
    this.payments.set(paymentId, {
      paymentId,
      status,
      topUpId,
      currencyId: 'BRL',
      amountCents,
      refundedCents: 0,
      ...over,
    });
    return paymentId;
  }

  /** What the provider says of the payment from now on (a refund, a chargeback, a late approval). */
  update(paymentId: string, change: Partial<Omit<ProviderPayment, 'paymentId'>>): void {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    Object.assign(payment, change);
  }

  private reachable() {
    if (this.down) throw new ProviderUnavailableError('provider down');
  }
}

type EventOf<K extends keyof BillingEvents> = Parameters<BillingEvents[K]>[0];

/** BillingEvents that records what billing announces; `failing` makes every announcement fail (a broker outage). */
export function recordingEvents() {
  const recorded = {
    created: [] as Array<EventOf<'topUpCreated'>>,
    credited: [] as Array<EventOf<'topUpCredited'>>,
    reversed: [] as Array<EventOf<'topUpReversed'>>,
    refunded: [] as Array<EventOf<'topUpRefunded'>>,
    balance: [] as Array<EventOf<'balanceChanged'>>,
    failing: false,
  };
  const record =
    <K extends keyof BillingEvents>(list: Array<EventOf<K>>) =>
    async (e: EventOf<K>) => {
      if (recorded.failing) throw new Error('broker down');
      list.push(e);
    };
  const events: BillingEvents = {
    topUpCreated: record<'topUpCreated'>(recorded.created),
    topUpCredited: record<'topUpCredited'>(recorded.credited),
    topUpReversed: record<'topUpReversed'>(recorded.reversed),
    topUpRefunded: record<'topUpRefunded'>(recorded.refunded),
    balanceChanged: record<'balanceChanged'>(recorded.balance),
  };
  return { events, recorded };
}

/** billing's use cases over memory: the store, the provider, the events and the money counted. */
export function memoryDeps(now?: () => Date) {
  const store = new MemoryBillingStore(now);
  const provider = new FakePaymentProvider();
  const { events, recorded } = recordingEvents();
  const money = { credited: [] as number[], reversed: [] as number[] };
  const deps: BillingDeps = {
    store,
    provider,
    events,
    logger: createLogger('billing', 'silent'),
    money: {
      credited: (cents) => money.credited.push(cents),
      reversed: (cents) => money.reversed.push(cents),
    },
  };
  return { deps, store, provider, events: recorded, money };
}
