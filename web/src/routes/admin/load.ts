import { ApiError } from '../../api/client';

/**
 * Admin loaders and actions need their answer: anything but SUCCESS raises the router's error screen
 * (spec §8: "Stats and users load failures, and other action failures, raise an error screen").
 */
export function mustSucceed<T extends { status: string; message: string; httpStatus: number }>(result: T): T {
  if (result.status !== 'SUCCESS') throw new ApiError(result.message, result.httpStatus);
  return result;
}
