import { expect } from 'vitest';
import { AppError } from '@app/kit';

/** The AppError a call failed with (or a failure of the test). */
export async function failure(call: Promise<unknown>): Promise<AppError> {
  const err = await call.then(
    () => new Error('it succeeded'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}
