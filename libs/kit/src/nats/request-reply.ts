import type { Msg } from '@nats-io/nats-core';
import { SpanKind, type SpanContext } from '@opentelemetry/api';
import type { RpcDef } from '@app/contracts';
import type { z } from 'zod';
import type { RequestOutcome } from '../metrics.js';
import { requestWithRetries } from '../publish-retry.js';
import { decodeJson, encodeJson, messagingAttributes, type NatsLink } from './connection.js';

/** Request/reply over core NATS: typed by the contracts' `RpcDef`, served in a queue group named after the service. */

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: 'TIMEOUT' | 'NO_RESPONDERS' | 'REMOTE' | 'INVALID_RESPONSE',
  ) {
    super(message);
  }
}

/** What a responder answers: the response, or that it failed (the reason stays in its log). */
interface ReplyEnvelope {
  ok: boolean;
  data?: unknown;
  error?: string;
}

/** How long a request keeps asking while nobody responds (a replica reconnecting after its node died). */
const REQUEST_RETRY_BUDGET_MS = 3000;

/** Bus.request: asks, and answers the parsed response or throws an RpcError. */
export async function request<Req extends z.ZodType, Res extends z.ZodType>(
  link: NatsLink,
  def: RpcDef<Req, Res>,
  payload: z.input<Req>,
  opts: { timeoutMs?: number; requestId?: string; trace?: SpanContext },
): Promise<z.infer<Res>> {
  const { settings } = link;
  const body = def.request.parse(payload);
  // Labelled by the contract's subject (never the prefixed one, never the payload) and the outcome.
  const done = settings.metrics?.natsRequest(def.subject);
  const span = link.outgoingSpan(
    `request ${def.subject}`,
    SpanKind.CLIENT,
    messagingAttributes(def.subject),
    opts.trace,
  );
  let outcome: RequestOutcome = 'invalid_response';
  try {
    let reply: Msg;
    const data = encodeJson(body);
    const headers = link.outgoingHeaders(opts.requestId, span.context);
    const ask = async () => {
      try {
        return await link.nc.request(link.subject(def.subject), data, {
          timeout: opts.timeoutMs ?? settings.requestTimeoutMs,
          headers,
        });
      } catch (err) {
        const text = String((err as Error).message ?? err);
        const code = /no responders|503/i.test(text) ? 'NO_RESPONDERS' : 'TIMEOUT';
        throw new RpcError(`${def.subject}: ${code.toLowerCase()}`, code);
      }
    };
    try {
      // Asked again when its responder went with a dying node or is reconnecting (publish-retry.ts).
      reply = await requestWithRetries(
        ask,
        (err) => (err instanceof RpcError && err.code !== 'REMOTE' ? (err.code as 'TIMEOUT') : 'OTHER'),
        // A responder reconnects within a second or two; a service that is down is said so (503) soon.
        {
          ...settings.publishRetry,
          budgetMs: Math.min(REQUEST_RETRY_BUDGET_MS, settings.publishRetry.budgetMs),
        },
        (err, attempt, delayMs) =>
          settings.logger.warn(
            { subject: def.subject, attempt, delayMs, err: (err as Error).message },
            'request not answered: asking again',
          ),
      );
    } catch (err) {
      if (err instanceof RpcError) outcome = err.code === 'NO_RESPONDERS' ? 'no_responders' : 'timeout';
      throw err;
    }
    const env = decodeJson(reply.data) as ReplyEnvelope;
    if (!env.ok) {
      outcome = 'remote';
      throw new RpcError(`${def.subject}: ${env.error ?? 'remote error'}`, 'REMOTE');
    }
    const parsed = def.response.safeParse(env.data);
    if (!parsed.success) throw new RpcError(`${def.subject}: invalid response`, 'INVALID_RESPONSE');
    outcome = 'ok';
    return parsed.data;
  } finally {
    done?.(outcome);
    span.end(outcome === 'ok' ? {} : { error: new RpcError(outcome, 'REMOTE') });
  }
}

/** Bus.serve: answers a request subject in a queue group named after the service, so replicas share the load. */
export function serve<Req extends z.ZodType, Res extends z.ZodType>(
  link: NatsLink,
  def: RpcDef<Req, Res>,
  handler: (req: z.infer<Req>) => Promise<z.input<Res>>,
): void {
  const sub = link.nc.subscribe(link.subject(def.subject), { queue: link.settings.name });
  link.subs.push(sub);
  const log = link.settings.logger;
  void (async () => {
    for await (const msg of sub) {
      const work = link.handleIn(
        msg.headers,
        `process ${def.subject}`,
        SpanKind.SERVER,
        messagingAttributes(def.subject),
        async (span) => {
          let env: ReplyEnvelope;
          try {
            const parsed = def.request.safeParse(decodeJson(msg.data));
            if (!parsed.success) {
              log.warn({ subject: def.subject, issues: parsed.error.issues.length }, 'invalid rpc request');
              env = { ok: false, error: 'invalid request' };
            } else {
              env = { ok: true, data: def.response.parse(await handler(parsed.data)) };
            }
          } catch (err) {
            log.error({ err, subject: def.subject }, 'rpc handler failed');
            env = { ok: false, error: 'internal error' };
            span.end({ error: err });
          }
          msg.respond(encodeJson(env));
        },
      );
      link.track(work);
    }
  })();
}
