import pRetry, { type Options } from 'p-retry';
import { ErrorCode } from '@app/contracts';

/**
 * How the SPA asks again while the server is still printing (it answers 503 after its own wait): 0.5 s doubling to
 * 10 s, 8 times more (about 50 s beyond the server's waits), so that a server answering 503 at once is not hammered.
 */
export const askAgainBackoff = { retries: 8, minTimeout: 500, factor: 2, maxTimeout: 10_000 } as const;

/** An answer saying "not yet": carried out of p-retry so that the last one can be shown. */
class NotYet<T> extends Error {
  constructor(readonly answer: T) {
    super('not ready yet');
  }
}

/** A JSON answer of "still printing, ask again": 503 with NOT_READY (nothing was charged). */
export function isNotReady(answer: { httpStatus: number; code?: string }): boolean {
  return answer.httpStatus === 503 && answer.code === ErrorCode.NOT_READY;
}

/**
 * Calls `ask` again, backing off, while its answer is `notYet`; answers the first other answer, or the last "not yet"
 * once the tries are over (its pt-BR message then says so). What `ask` throws is thrown at once.
 */
export async function askWhileNotReady<T>(
  ask: () => Promise<T>,
  notYet: (answer: T) => boolean,
  options: Pick<Options, 'retries' | 'minTimeout' | 'factor' | 'maxTimeout' | 'signal'> = askAgainBackoff,
): Promise<T> {
  try {
    return await pRetry(
      async () => {
        const answer = await ask();
        if (notYet(answer)) throw new NotYet(answer);
        return answer;
      },
      { ...options, shouldRetry: ({ error }) => error instanceof NotYet },
    );
  } catch (error) {
    if (error instanceof NotYet) return error.answer as T;
    throw error;
  }
}
