import type { NatsConnection } from '@nats-io/nats-core';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { BucketName, LimitStreamName, MessageDef, RpcDef, StreamName } from '@app/contracts';
import type { SpanContext } from '@opentelemetry/api';
import type { z } from 'zod';
import type { FileStore } from '../file-store.js';
import { Limits, type LimitSettings } from '../limits/limits.js';
import {
  NatsLink,
  openConnection,
  settingsOf,
  type BusOptions,
  type ConnectionChange,
} from './connection.js';
import { consume, type ConsumeContext, type ConsumeOptions } from './consume.js';
import { publishEvent, type EventSchema } from './events.js';
import { listen } from './fan-out.js';
import { openFileStore } from './object-store.js';
import { request, serve } from './request-reply.js';
import { ensureStreams, publish } from './streams.js';

/**
 * Typed NATS access for services: request/reply (queue groups), JetStream publish (with msgID) and
 * durable pull consumers with explicit ack. Subjects and payload schemas come from @app/contracts only.
 * Each part lives in a file of its own beside this one (connection, request-reply, fan-out, streams, consume,
 * events, object-store); the Bus is what a service holds.
 */
export class Bus {
  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    private readonly link: NatsLink,
  ) {}

  static async connect(options: BusOptions): Promise<Bus> {
    const nc = await openConnection(options);
    const link = new NatsLink(nc, settingsOf(options));
    link.watchStatus();
    return new Bus(nc, jetstream(nc), link);
  }

  /** Calls `listener` on every disconnect and reconnect of this connection; answers a function that stops it. */
  onConnectionChange(listener: (change: ConnectionChange) => void): () => void {
    return this.link.onConnectionChange(listener);
  }

  /** The real subject or stream name on the server (test stacks run under a prefix). */
  subject(s: string): string {
    return this.link.subject(s);
  }
  streamName(s: StreamName | BucketName | LimitStreamName): string {
    return this.link.streamName(s);
  }

  // ---------------- request / reply (request-reply.ts) ----------------

  request<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    payload: z.input<Req>,
    /**
     * `requestId` and `trace`: the id and the span the request carries, when the caller does not run inside a request
     * context (the gateway).
     */
    opts: { timeoutMs?: number; requestId?: string; trace?: SpanContext } = {},
  ): Promise<z.infer<Res>> {
    return request(this.link, def, payload, opts);
  }

  /** Serve a request subject in a queue group named after the service, so replicas share the load. */
  serve<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    handler: (req: z.infer<Req>) => Promise<z.input<Res>>,
  ): void {
    serve(this.link, def, handler);
  }

  // ---------------- fan-out (fan-out.ts) ----------------

  /**
   * Hears every message of an event subject in this process: a plain subscription to the subject, no queue group
   * and no durable consumer, so every replica hears every message (events published to JetStream reach core
   * subscribers too), while it is connected: what is published during a disconnect is not heard (see
   * `onConnectionChange`). For state each replica keeps for itself (a cache to invalidate), not for work that must
   * be done once or must not be lost (use `consume`). A payload that does not match the contract is logged and
   * dropped; a handler that throws is logged. Handlers run outside any request context (one would turn on Node 20's
   * promise hooks for the whole process, which the gateway keeps off); the lines logged here name the message's
   * request id.
   */
  listen<P extends z.ZodType>(
    def: MessageDef<P>,
    handler: (payload: z.infer<P>) => void | Promise<void>,
  ): void {
    listen(this.link, def, handler);
  }

  /** Round-trip to the server so every subscription made so far is registered there (other connections can reach it). */
  async flush(): Promise<void> {
    await this.nc.flush();
  }

  // ---------------- object store (object-store.ts) ----------------

  /** A JetStream Object Store bucket of the contracts (created on first use, with the configured replicas). */
  fileStore(name: BucketName): Promise<FileStore> {
    return openFileStore(this.link, name);
  }

  // ---------------- limits (../limits/limits.ts) ----------------

  /**
   * The limits of `settings`, counted in their JetStream streams (created or updated here) and shared by every replica;
   * `secret` (INTERNAL_SECRET) keys the hash of each account or address in a subject.
   */
  limits(settings: LimitSettings, secret: string): Promise<Limits> {
    return Limits.open(this.link, this.js, settings, { secret, logger: this.link.settings.logger });
  }

  // ---------------- JetStream (streams.ts, events.ts, consume.ts) ----------------

  /** Create or update the named streams (idempotent; every service calls it for what it touches). */
  ensureStreams(...names: StreamName[]): Promise<void> {
    return ensureStreams(this.link, names);
  }

  /** Publish a job or event; `msgID` is the business id, so JetStream drops a repeat within its window. */
  publish<P extends z.ZodType>(
    def: MessageDef<P>,
    payload: z.input<P>,
    opts: { msgID: string },
  ): Promise<void> {
    return publish(this.link, this.js, def, payload, opts);
  }

  /**
   * Publishes an event: the one way every service does. Its `eventId`, which is also its JetStream `msgID`, names the
   * fact: `<subject>:<businessId>` (the user registered, the payment credited, the page bought...). A retried
   * publish of the same fact is dropped by JetStream within the stream's window, and a consumer's projection keyed
   * on the id absorbs a redelivery. `at` is when it happened (default: now). Answers the event's id.
   */
  publishEvent<P extends EventSchema>(
    def: MessageDef<P>,
    payload: Omit<z.input<P>, 'eventId' | 'at'>,
    businessId: string,
    at: Date = new Date(),
  ): Promise<string> {
    return publishEvent(this.link, this.js, def, payload, businessId, at);
  }

  /**
   * Consume a job or event stream with a durable pull consumer and explicit ack.
   * The handler's success acks (and waits for the server to confirm the ack); a throw naks with a back-off; past
   * maxDeliver the message is terminated and logged. While the handler runs, the message is kept in progress
   * (`working()` every third of the ack wait), so ack wait bounds how long a dead consumer holds a message, not how
   * long a slow but live handler may take: a slow job is never handed to a second consumer while the first is still
   * on it.
   */
  consume<P extends z.ZodType>(
    def: MessageDef<P>,
    opts: ConsumeOptions,
    handler: (payload: z.infer<P>, ctx: ConsumeContext) => Promise<void>,
  ): Promise<void> {
    return consume(this.link, def, opts, handler);
  }

  // ---------------- shutdown ----------------

  /** Stop taking new messages and wait for handlers in flight. */
  stopConsumers(): Promise<void> {
    return this.link.stopAll();
  }

  drain(): Promise<void> {
    return this.link.drain();
  }
}
