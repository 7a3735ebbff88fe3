import { describe, expect, it } from 'vitest';
import { errors as natsErrors } from '@nats-io/nats-core';
import { JetStreamApiError } from '@nats-io/jetstream';
import {
  backoffDelay,
  DEFAULT_PUBLISH_RETRY,
  isTransientPublishError,
  publishWithRetries,
  requestWithRetries,
  type RetryClock,
} from '../../src/publish-retry.js';

/** A clock that only moves when the code under test sleeps (or an attempt takes time): no real waiting. */
function fakeClock(random = 0.5): RetryClock & { sleeps: number[]; advance(ms: number): void } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance: (ms) => void (now += ms),
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    random: () => random,
  };
}

const noResponders = () =>
  new natsErrors.RequestError('no responders', { cause: new natsErrors.NoRespondersError('x') });
const apiError = (code: number, description: string) =>
  new JetStreamApiError({ code, err_code: 10000 + code, description });

describe('publish retries across a leader election', () => {
  it('retries what a leader election or a slow ack looks like, never a closed connection or a refused message', () => {
    expect(isTransientPublishError(noResponders())).toBe(true);
    expect(isTransientPublishError(new natsErrors.TimeoutError())).toBe(true);
    const noLeader = Object.assign(new Error('jetstream is not enabled', { cause: noResponders() }), {
      name: 'JetStreamNotEnabled',
    });
    expect(isTransientPublishError(noLeader)).toBe(true);
    expect(isTransientPublishError(apiError(503, 'JetStream system temporarily unavailable'))).toBe(true);
    expect(isTransientPublishError(new natsErrors.ClosedConnectionError())).toBe(false);
    expect(isTransientPublishError(new natsErrors.DrainingConnectionError())).toBe(false);
    expect(isTransientPublishError(apiError(400, 'maximum payload exceeded'))).toBe(false);
    expect(isTransientPublishError(new Error('something else'))).toBe(false);
  });

  it('backs off doubling from the first delay up to the cap, with half of each wait random', () => {
    const p = { ...DEFAULT_PUBLISH_RETRY, firstDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, p, () => 1))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, p, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
  });

  it('answers the first success after transient failures, passing each attempt what is left of its timeout', async () => {
    const clock = fakeClock();
    const timeouts: number[] = [];
    const retried: number[] = [];
    let calls = 0;
    const result = await publishWithRetries(
      async (timeout) => {
        timeouts.push(timeout);
        if (++calls < 4) throw noResponders();
        return 'stored';
      },
      DEFAULT_PUBLISH_RETRY,
      (_err, attempt) => retried.push(attempt),
      clock,
    );
    expect(result).toBe('stored');
    expect(calls).toBe(4);
    expect(retried).toEqual([1, 2, 3]);
    expect(clock.sleeps).toEqual([75, 150, 300]);
    expect(timeouts.every((t) => t === DEFAULT_PUBLISH_RETRY.attemptTimeoutMs)).toBe(true);
  });

  it('gives up with the last error once the budget is spent, and never waits past it', async () => {
    const clock = fakeClock(1);
    let calls = 0;
    const failure = publishWithRetries(
      async () => {
        calls++;
        clock.advance(200); // each attempt waits for its answer
        throw new natsErrors.TimeoutError();
      },
      { ...DEFAULT_PUBLISH_RETRY, budgetMs: 3000 },
      undefined,
      clock,
    );
    await expect(failure).rejects.toBeInstanceOf(natsErrors.TimeoutError);
    // 200 + 100 + 200 + 200 + 200 + 400 + 200 + 800 = 2300; the next wait (1000) would pass 3000.
    expect(calls).toBe(5);
    expect(clock.now()).toBeLessThanOrEqual(3000);
  });

  it('fails at once on an error a retry cannot mend', async () => {
    const clock = fakeClock();
    let calls = 0;
    await expect(
      publishWithRetries(
        async () => {
          calls++;
          throw apiError(400, 'bad request');
        },
        DEFAULT_PUBLISH_RETRY,
        undefined,
        clock,
      ),
    ).rejects.toBeInstanceOf(JetStreamApiError);
    expect(calls).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('tries once when the budget is 0', async () => {
    const clock = fakeClock();
    let calls = 0;
    await expect(
      publishWithRetries(
        async () => {
          calls++;
          throw noResponders();
        },
        { ...DEFAULT_PUBLISH_RETRY, budgetMs: 0 },
        undefined,
        clock,
      ),
    ).rejects.toBeInstanceOf(natsErrors.RequestError);
    expect(calls).toBe(1);
  });

  it('asks a request again while nobody responds, and after a timeout only once', async () => {
    const clock = fakeClock();
    const failures: Array<'NO_RESPONDERS' | 'TIMEOUT'> = ['NO_RESPONDERS', 'NO_RESPONDERS', 'TIMEOUT'];
    let calls = 0;
    const answer = await requestWithRetries(
      async () => {
        const failure = failures[calls++];
        if (failure) throw new Error(failure);
        return 'answered';
      },
      (err) => (err as Error).message as 'NO_RESPONDERS' | 'TIMEOUT',
      DEFAULT_PUBLISH_RETRY,
      undefined,
      clock,
    );
    expect(answer).toBe('answered');
    expect(calls).toBe(4);

    let timeouts = 0;
    await expect(
      requestWithRetries(
        async () => {
          timeouts++;
          clock.advance(5000); // each attempt waits out its whole timeout, longer than the budget
          throw new Error('TIMEOUT');
        },
        () => 'TIMEOUT',
        DEFAULT_PUBLISH_RETRY,
        undefined,
        clock,
      ),
    ).rejects.toThrow('TIMEOUT');
    expect(timeouts).toBe(2);

    let remote = 0;
    await expect(
      requestWithRetries(
        async () => {
          remote++;
          throw new Error('remote error');
        },
        () => 'OTHER',
        DEFAULT_PUBLISH_RETRY,
        undefined,
        clock,
      ),
    ).rejects.toThrow('remote error');
    expect(remote).toBe(1);
  });
});
