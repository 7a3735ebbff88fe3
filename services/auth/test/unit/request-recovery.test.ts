import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { Jobs } from '@app/contracts';
import { RECOVERY_MIN_ANSWER_MS, requestRecovery } from '../../src/domain/request-recovery.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

// The answer time of a recovery request must not tell whether an email has an account: both answers are held
// until the same floor. Fake timers show the floor without measuring a busy machine's clock.
describe('requestRecovery: the same floor whether or not the account exists', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Starts a request and reports whether it has answered yet. */
  function start(promise: Promise<void>) {
    const state = { answered: false };
    void promise.then(() => (state.answered = true));
    return state;
  }

  it('holds the answer for an unknown email until the floor, doing nothing else', async () => {
    const store = memoryDeps(countingHasher());
    const request = requestRecovery(store.deps, 'ninguem@exemplo.com', '192.0.2.1');
    const state = start(request);

    await vi.advanceTimersByTimeAsync(RECOVERY_MIN_ANSWER_MS - 1);
    expect(state.answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(state.answered).toBe(true);

    expect(store.publish).not.toHaveBeenCalled();
    // One transaction: the counted attempt, and nothing else.
    expect(store.transactions).toBe(1);
    expect(store.attempts).toHaveLength(1);
    expect(store.codes).toEqual([]);
  });

  it('holds the answer for a known email until the same floor, after the mail job is published', async () => {
    const store = memoryDeps(countingHasher());
    const user = await store.addUser('ana@exemplo.com', 'senha-certa');
    let published!: () => void;
    const mailPublished = new Promise<void>((resolve) => (published = resolve));
    store.publish.mockImplementation(async () => published());

    const request = requestRecovery(store.deps, 'ana@exemplo.com', '192.0.2.1');
    const state = start(request);
    await mailPublished;

    await vi.advanceTimersByTimeAsync(RECOVERY_MIN_ANSWER_MS - 1);
    expect(state.answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(state.answered).toBe(true);

    expect(store.transactions).toBe(2);
    expect(store.codes).toMatchObject([{ userId: user.id, purpose: 'recovery', usedAt: null }]);
    expect(store.publish).toHaveBeenCalledTimes(1);
    expect(store.publish.mock.calls[0]![0]).toBe(Jobs.sendMail);
    expect(store.publish.mock.calls[0]![1]).toMatchObject({ to: 'ana@exemplo.com', template: 'recovery' });
  });
});

describe('requestRecovery: an inbox is not flooded', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Asks for recovery and lets its answer floor pass. */
  async function ask(store: ReturnType<typeof memoryDeps>, email: string, address: string) {
    const request = requestRecovery(store.deps, email, address);
    await vi.advanceTimersByTimeAsync(RECOVERY_MIN_ANSWER_MS);
    await request;
  }
  const mails = (store: ReturnType<typeof memoryDeps>) =>
    store.publish.mock.calls.filter(([def]) => def === Jobs.sendMail).map(([, job]) => job as { to: string });

  it('sends at most RECOVERY_MAX_PER_EMAIL_PER_HOUR emails to one inbox, from any number of addresses', async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser('ana@exemplo.com', 'senha-certa');
    for (let i = 0; i < 20; i++) await ask(store, 'ana@exemplo.com', `198.51.100.${i}`);
    expect(mails(store)).toHaveLength(3);
    expect(store.attempts).toHaveLength(20);
  });

  it('sends nothing more for an address past RECOVERY_MAX_PER_ADDRESS_PER_HOUR, whatever the inbox', async () => {
    const store = memoryDeps(countingHasher(), { RECOVERY_MAX_PER_ADDRESS_PER_HOUR: 4 });
    for (let i = 0; i < 6; i++) await store.addUser(`pessoa${i}@exemplo.com`, 'senha-certa');
    for (let i = 0; i < 6; i++) await ask(store, `pessoa${i}@exemplo.com`, '203.0.113.9');
    expect(mails(store).map((m) => m.to)).toEqual([0, 1, 2, 3].map((i) => `pessoa${i}@exemplo.com`));
    await ask(store, 'pessoa5@exemplo.com', '203.0.113.10');
    expect(mails(store)).toHaveLength(5);
  });
});
