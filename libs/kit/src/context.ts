import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { SpanContext } from '@opentelemetry/api';

/** Per-request context that follows async work: the request id and trace flow into logs and outgoing NATS headers. */
export interface RequestContext {
  requestId: string;
  /** The span the work belongs to (tracing.ts): its trace goes on in outgoing NATS headers and in log lines. */
  trace?: SpanContext;
}

export const REQUEST_ID_HEADER = 'x-request-id';
const storage = new AsyncLocalStorage<RequestContext>();

export const currentContext = (): RequestContext | undefined => storage.getStore();
export const runWithContext = <T>(ctx: RequestContext, fn: () => T): T => storage.run(ctx, fn);

const VALID_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** Accept an incoming id only if it is a sane token; otherwise mint one (ids end up in logs). */
export const requestIdFrom = (incoming: unknown): string =>
  typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
