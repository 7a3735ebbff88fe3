import { describe, expect, it } from 'vitest';
import { askAgainBackoff, askWhileNotReady, isNotReady } from '../../src/api/askAgain';

/** No waiting between tries: the order of answers is what is tested. */
const now = { retries: 3, minTimeout: 0, factor: 1, maxTimeout: 0 };

/** Answers `answers` in turn, counting the calls. */
function asker<T>(answers: T[]) {
  const asked = { count: 0 };
  const ask = async () => answers[asked.count++]!;
  return { ask, asked };
}

describe('askWhileNotReady', () => {
  it('asks again while the answer is "not yet" and answers the first other one', async () => {
    const { ask, asked } = asker(['printing', 'printing', 'done', 'never']);
    expect(await askWhileNotReady(ask, (a) => a === 'printing', now)).toBe('done');
    expect(asked.count).toBe(3);
  });

  it('answers a first answer that is ready without asking again', async () => {
    const { ask, asked } = asker(['done']);
    expect(await askWhileNotReady(ask, (a) => a === 'printing', now)).toBe('done');
    expect(asked.count).toBe(1);
  });

  it('answers the last "not yet" once the tries are over (1 + retries asks), so its message can be shown', async () => {
    const answers = ['a', 'b', 'c', 'd', 'e'].map((step) => ({ step, ready: false }));
    const { ask, asked } = asker(answers);
    expect(await askWhileNotReady(ask, (a) => !a.ready, now)).toEqual({ step: 'd', ready: false });
    expect(asked.count).toBe(4);
  });

  it('throws what asking throws at once, without asking again', async () => {
    let asked = 0;
    const failing = async (): Promise<string> => {
      asked++;
      throw new Error('sem conexão');
    };
    await expect(askWhileNotReady(failing, () => true, now)).rejects.toThrow('sem conexão');
    expect(asked).toBe(1);
  });

  it('backs off from 0.5 s, doubling up to 10 s, 8 times more by default', () => {
    expect(askAgainBackoff).toEqual({ retries: 8, minTimeout: 500, factor: 2, maxTimeout: 10_000 });
  });
});

describe('isNotReady', () => {
  it('is a 503 carrying NOT_READY only', () => {
    expect(isNotReady({ httpStatus: 503, code: 'NOT_READY' })).toBe(true);
    expect(isNotReady({ httpStatus: 503, code: 'SERVICE_UNAVAILABLE' })).toBe(false);
    expect(isNotReady({ httpStatus: 503 })).toBe(false);
    expect(isNotReady({ httpStatus: 402, code: 'INSUFFICIENT_BALANCE' })).toBe(false);
  });
});
