import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { Jobs } from '@app/contracts';
import { RECOVERY_MIN_ANSWER_MS, requestRecovery } from '../../src/domain/request-recovery.js';
import { countingHasher, memoryDeps } from './memory-deps.js';

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
    const request = requestRecovery(store.deps, 'ninguem@exemplo.com');
    const state = start(request);

    await vi.advanceTimersByTimeAsync(RECOVERY_MIN_ANSWER_MS - 1);
    expect(state.answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(state.answered).toBe(true);

    expect(store.publish).not.toHaveBeenCalled();
    expect(store.transactions).toBe(0);
    expect(store.codes).toEqual([]);
  });

  it('holds the answer for a known email until the same floor, after the mail job is published', async () => {
    const store = memoryDeps(countingHasher());
    const user = await store.addUser('ana@exemplo.com', 'senha-certa');
    let published!: () => void;
    const mailPublished = new Promise<void>((resolve) => (published = resolve));
    store.publish.mockImplementation(async () => published());

    const request = requestRecovery(store.deps, 'ana@exemplo.com');
    const state = start(request);
    await mailPublished;

    await vi.advanceTimersByTimeAsync(RECOVERY_MIN_ANSWER_MS - 1);
    expect(state.answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(state.answered).toBe(true);

    expect(store.transactions).toBe(1);
    expect(store.codes).toMatchObject([{ userId: user.id, purpose: 'recovery', usedAt: null }]);
    expect(store.publish).toHaveBeenCalledTimes(1);
    expect(store.publish.mock.calls[0]![0]).toBe(Jobs.sendMail);
    expect(store.publish.mock.calls[0]![1]).toMatchObject({ to: 'ana@exemplo.com', template: 'recovery' });
  });
});
