import { AckPolicy, DeliverPolicy, jetstream, type JsMsg } from '@nats-io/jetstream';
import type { MessageDef } from '@app/contracts';
import type { z } from 'zod';
import { SpanKind } from '@opentelemetry/api';
import type { Logger } from '../logger.js';
import { decodeJson, JS_ADMIN_TIMEOUT_MS, messagingAttributes, type NatsLink } from './connection.js';

/** Consuming a job or event stream: a durable pull consumer with explicit, confirmed acks. */

export interface ConsumeOptions {
  /** Durable consumer name shared by every replica (replicas share the work). */
  durable: string;
  /** How long a message may stay unacked before JetStream hands it to another consumer. */
  ackWaitMs: number;
  /** After this many deliveries the message is terminated and logged. */
  maxDeliver: number;
  /** Messages processed at the same time by this process. */
  concurrency?: number;
  /** Start position for a brand-new durable on a limits stream (events). */
  deliverPolicy?: 'all' | 'new';
}

export interface ConsumeContext {
  deliveryCount: number;
  /** Tell JetStream the job is still in progress (resets the ack timer). */
  working(): void;
}

/**
 * Thrown by a handler whose work is not done yet but will be later (a file still being printed): the message comes
 * back after `delayMs` rather than after the failures' back-off, logged at info. Past maxDeliver it is terminated
 * like any failure.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

const ns = 1_000_000;
/**
 * How long each pull request of a consumer lives. The client asks the server for heartbeats every half of it and, when
 * two are missed (the node holding the consumer died, a cluster election), pulls again: with the client's default of
 * 30 s a job published during an election could wait 30 s for a worker, longer than a buyer waits for a page; 10 s
 * costs one small request per consumer every 10 s.
 */
export const PULL_EXPIRES_MS = 10_000;
/** How long a handled message's ack waits for the server's confirmation: see `confirmAck`. */
const ACK_CONFIRM_TIMEOUT_MS = 5_000;

/** Bus.consume: see the method's comment. */
export async function consume<P extends z.ZodType>(
  link: NatsLink,
  def: MessageDef<P>,
  opts: ConsumeOptions,
  handler: (payload: z.infer<P>, ctx: ConsumeContext) => Promise<void>,
): Promise<void> {
  const jsm = await link.adminManager();
  const stream = link.streamName(def.stream);
  const durable = link.durableName(opts.durable);
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    ack_wait: opts.ackWaitMs * ns,
    max_deliver: opts.maxDeliver,
    filter_subject: link.subject(def.subject),
    deliver_policy: opts.deliverPolicy === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
  };
  try {
    await jsm.consumers.info(stream, durable);
    await jsm.consumers.update(stream, durable, {
      ack_wait: config.ack_wait,
      max_deliver: config.max_deliver,
      filter_subject: config.filter_subject,
    });
  } catch {
    await jsm.consumers.add(stream, config);
  }
  // Through a client with the administration timeout: getting the consumer asks the cluster for its info, a
  // start-up call like the ones above.
  const consumer = await jetstream(link.nc, { timeout: JS_ADMIN_TIMEOUT_MS }).consumers.get(stream, durable);
  // Labelled by the contract's stream and the durable's own name (the same for every replica and test prefix).
  const metrics = link.settings.metrics;
  metrics?.watchConsumer(def.stream, opts.durable, () => consumer.info());
  const concurrency = opts.concurrency ?? 1;
  const messages = await consumer.consume({ max_messages: concurrency, expires: PULL_EXPIRES_MS });
  link.consumers.push(messages);
  const log = link.settings.logger;
  const slots = new Set<Promise<void>>();

  const attributes = { ...messagingAttributes(def.subject), 'messaging.consumer.group.name': opts.durable };
  const handle = (m: JsMsg) =>
    link.handleIn(m.headers, `process ${def.subject}`, SpanKind.CONSUMER, attributes, async (span) => {
      const deliveryCount = m.info.deliveryCount;
      if (deliveryCount > 1) metrics?.redelivered(def.stream, opts.durable);
      try {
        const parsed = def.payload.safeParse(decodeJson(m.data));
        if (!parsed.success) {
          log.error({ subject: def.subject, seq: m.seq }, 'invalid message terminated');
          m.term('invalid payload');
          return;
        }
        const heartbeat = setInterval(() => m.working(), Math.max(1000, Math.floor(opts.ackWaitMs / 3)));
        try {
          await handler(parsed.data, { deliveryCount, working: () => m.working() });
        } finally {
          clearInterval(heartbeat);
        }
        await confirmAck(m, def.subject, log);
      } catch (err) {
        // A job not done yet (RetryLater) is not a failure of this delivery's work.
        span.end(
          err instanceof RetryLater ? { attributes: { 'messaging.retry_later': true } } : { error: err },
        );
        if (deliveryCount >= opts.maxDeliver) {
          log.error(
            { err, subject: def.subject, seq: m.seq, deliveryCount },
            'message failed for the last time: terminated',
          );
          m.term('max deliveries');
        } else if (err instanceof RetryLater) {
          log.info(
            { subject: def.subject, seq: m.seq, deliveryCount, reason: err.message },
            'message not done yet: it comes back later',
          );
          m.nak(err.delayMs);
        } else {
          log.warn(
            { err, subject: def.subject, seq: m.seq, deliveryCount },
            'message failed; will be redelivered',
          );
          m.nak(Math.min(30_000, 500 * 2 ** deliveryCount));
        }
      }
    });

  void (async () => {
    for await (const m of messages) {
      const p = handle(m).finally(() => slots.delete(p));
      slots.add(p);
      link.track(p);
      if (slots.size >= concurrency) await Promise.race(slots);
    }
  })();
}

/**
 * Acks and waits for the server to confirm it. A plain ack is fire-and-forget: sent while the consumer is between
 * leaders (its node died), it is lost, and the message stays unacked until its ack wait ends, then comes back. The
 * confirmation does not bring a lost ack back (the client acks a message once), but it tells: the operator sees
 * the log line, and the handler, which already absorbs redeliveries, meets the message again after the ack wait.
 */
async function confirmAck(m: JsMsg, subject: string, log: Logger): Promise<void> {
  let confirmed = false;
  try {
    confirmed = await m.ackAck({ timeout: ACK_CONFIRM_TIMEOUT_MS });
  } catch (err) {
    log.warn(
      { subject, seq: m.seq, err: (err as Error).message },
      'ack not confirmed (the consumer may be between leaders): the message comes back after its ack wait',
    );
    return;
  }
  if (!confirmed) log.warn({ subject, seq: m.seq }, 'ack not sent: the message was already acknowledged');
}
