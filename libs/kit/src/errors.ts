import { ErrorCode } from '@app/contracts';

/** An expected failure with a pt-BR message for the user; anything else is a 500 with details hidden. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
  static badRequest = (message: string, code: ErrorCode = ErrorCode.VALIDATION) =>
    new AppError(400, code, message);
  static unauthorized = (message: string, code: ErrorCode = ErrorCode.UNAUTHORIZED) =>
    new AppError(401, code, message);
  static forbidden = (message: string) => new AppError(403, ErrorCode.FORBIDDEN, message);
  static notFound = (message: string) => new AppError(404, ErrorCode.NOT_FOUND, message);
  static conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);
  static unavailable = (message: string) => new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, message);
}
