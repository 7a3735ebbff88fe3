import { z } from 'zod';

/** Machine-readable error codes carried next to the pt-BR message of an ERROR envelope. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  ACCOUNT_INACTIVE: 'ACCOUNT_INACTIVE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  REAUTH_REQUIRED: 'REAUTH_REQUIRED',
  /** An emailed link opened in a browser that did not ask for it: the account's password confirms it. */
  CONFIRMATION_REQUIRED: 'CONFIRMATION_REQUIRED',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  PAYMENT_NOT_CREDITED: 'PAYMENT_NOT_CREDITED',
  NOT_READY: 'NOT_READY',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const Status = z.enum(['SUCCESS', 'ERROR']);
export type Status = z.infer<typeof Status>;

/** The response envelope of every /api JSON route: `{status, message, payload}` (+ `code` on errors). */
export function envelope<T extends z.ZodType>(payload: T) {
  return z.object({
    status: Status,
    message: z.string(),
    payload: payload.nullable(),
    code: z.string().optional(),
  });
}

export type Envelope<T> = { status: Status; message: string; payload: T | null; code?: string };

export function ok<T>(payload: T, message = ''): Envelope<T> {
  return { status: 'SUCCESS', message, payload };
}

export function fail(message: string, code: ErrorCode): Envelope<never> {
  return { status: 'ERROR', message, payload: null, code };
}
