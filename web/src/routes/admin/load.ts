import { ApiError } from '../../api/client';

/**
 * Admin loaders and actions need their answer: anything but SUCCESS raises the router's error screen
 * (a failed load of the statistics or the users, or a failed action, is an error screen, never a half-empty one).
 */
export function mustSucceed<T extends { status: string; message: string; httpStatus: number }>(result: T): T {
  if (result.status !== 'SUCCESS') throw new ApiError(result.message, result.httpStatus);
  return result;
}
