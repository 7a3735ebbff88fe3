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

/** The broker took no message (NATS down or reconnecting, JetStream not answering): temporary, answered 503. */
export class BrokerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Socket errors and Postgres's "connection" (08) and "operator intervention" (57: shutting down, starting) codes. */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const OUTAGE_MESSAGES =
  /connection terminated|connection timeout|terminating connection|Connection is not established/i;

/**
 * Whether an error says the database is out of reach (stopped, restarting, unreachable) rather than that the request
 * is wrong: such a request is answered 503 (try again) instead of 500. TypeORM wraps the driver's error.
 */
export function isDatabaseOutage(err: unknown): boolean {
  for (const e of [err, (err as { driverError?: unknown })?.driverError]) {
    if (!e || typeof e !== 'object') continue;
    const code = String((e as { code?: unknown }).code ?? '');
    if (OUTAGE_CODES.has(code) || /^(08|57P0)/.test(code)) return true;
    if (OUTAGE_MESSAGES.test(String((e as { message?: unknown }).message ?? ''))) return true;
  }
  return false;
}
