import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  ErrorCode,
  Events,
  fail,
  memberEvents,
  MemberEventName,
  PlatformMessages,
  type BalanceEvent,
} from '@app/contracts';
import { centsToReais } from '@app/contracts/format';
import type { Bus, Limits, Logger, Metrics } from '@app/kit';
import type { EdgeAuth } from './edge-auth.js';
import { takeStreamSlots } from './edge-limits.js';

/**
 * The member's live stream (GET /api/memberEvents): server-sent events from this gateway replica, one
 * stream per signed-in tab.
 *
 * - Fed by billing's `events.billing.balance.changed` through a plain subscription (`bus.listen`: no queue group), so
 *   every replica hears every change and writes it to the streams it holds for that member: a tab connected to any
 *   replica learns of a change made through any other.
 * - Authorised by the session like every member route (the `Authorization` header; the SPA reads the stream with
 *   fetch, so no token is ever put in a URL). It ends with the session: auth's `sessionsRevoked` (sign-out, password
 *   change, deletion) closes the streams of older token versions, and each stream closes when its token expires.
 * - After a NATS reconnect (changes may have been missed meanwhile) every stream is told `resync`, and the browser
 *   reads the balance again. A comment line every HEARTBEAT_MS keeps idle connections open through proxies.
 * - Limited per member (MEMBER_STREAMS_PER_USER), per client address (MEMBER_STREAMS_PER_ADDRESS) and in all
 *   (MEMBER_STREAMS_MAX), counted once for every replica (src/edge-limits.ts): past one, 429, and the SPA
 *   tries again later, backing off. A stream is ended after `lifetimeMs` (the browser reconnects at once and takes its
 *   slots anew), so the slots of a replica that died age out within minutes.
 */

/** How often an idle stream gets a comment line (proxies and load balancers close connections idle for ~60 s). */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting a dropped stream (the `retry:` field). */
export const RECONNECT_MS = 3_000;

interface OpenStream {
  userId: string;
  tokenVersion: number;
  out: PassThrough;
  expiry: NodeJS.Timeout;
  /** Gives back the stream's slots in the shared limits. */
  release: () => void;
}

export interface MemberStreamsOptions {
  /** How long a stream is held before it is ended (the browser reconnects); sooner when its token expires. */
  lifetimeMs: number;
  logger: Logger;
  metrics?: Metrics;
}

/** The streams this replica holds, by member. */
export class MemberStreams {
  private readonly byUser = new Map<string, Set<OpenStream>>();
  /** The newest token version each member's sessions were revoked to (a revocation heard before a stream opened). */
  private readonly revokedTo = new LRUCache<string, number>({ max: 50_000 });
  private readonly heartbeat: NodeJS.Timeout;
  private total = 0;
  private readonly onSize?: (n: number) => void;
  private readonly onSent?: () => void;

  constructor(private readonly opts: MemberStreamsOptions) {
    this.heartbeat = setInterval(() => this.writeAll(': \n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
    if (opts.metrics) {
      const open = opts.metrics.gauge({
        name: 'gateway_member_streams',
        help: "Members' live streams (GET /api/memberEvents) this replica holds open.",
      });
      const sent = opts.metrics.counter({
        name: 'gateway_member_events_sent_total',
        help: 'Balance events written to members’ live streams by this replica.',
      });
      this.onSize = (n) => open.set(n);
      this.onSent = () => sent.inc();
    }
  }

  get size(): number {
    return this.total;
  }

  /**
   * A new stream for a checked session (`expiresAt`: the token's expiry in ms) whose slots were taken (`release` gives
   * them back when it ends): the body to answer with, or 'revoked' (a revocation of this token's version was heard
   * already).
   */
  open(
    userId: string,
    tokenVersion: number,
    expiresAt: number,
    release: () => void,
  ): PassThrough | 'revoked' {
    if ((this.revokedTo.get(userId) ?? -1) > tokenVersion) return 'revoked';
    const streams = this.byUser.get(userId) ?? new Set<OpenStream>();
    this.byUser.set(userId, streams);
    const out = new PassThrough();
    const endsIn = Math.min(this.opts.lifetimeMs, Math.max(0, expiresAt - Date.now()));
    const stream: OpenStream = {
      userId,
      tokenVersion,
      out,
      expiry: setTimeout(() => this.close(stream), endsIn),
      release,
    };
    stream.expiry.unref();
    streams.add(stream);
    this.total++;
    this.onSize?.(this.total);
    // The first bytes send the headers (the browser's `open`) and tell it how soon to come back after a drop.
    out.write(`retry: ${RECONNECT_MS}\n\n`);
    out.once('close', () => this.forget(stream));
    return out;
  }

  /** Writes an event to every stream of the member on this replica. */
  send(userId: string, event: string, data: unknown): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of this.byUser.get(userId) ?? []) {
      stream.out.write(frame);
      this.onSent?.();
    }
  }

  /** Writes an event to every stream this replica holds. */
  broadcast(event: string, data: unknown): void {
    this.writeAll(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** The member's sessions before `tokenVersion` ended: their streams close (the browser comes back with a newer one). */
  endSessions(userId: string, tokenVersion: number): void {
    if ((this.revokedTo.get(userId) ?? -1) < tokenVersion) this.revokedTo.set(userId, tokenVersion);
    for (const stream of [...(this.byUser.get(userId) ?? [])])
      if (stream.tokenVersion < tokenVersion) this.close(stream);
  }

  /** Ends every stream (the gateway is shutting down): the browsers reconnect to another replica. */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) this.close(stream);
  }

  private writeAll(frame: string): void {
    for (const streams of this.byUser.values()) for (const stream of streams) stream.out.write(frame);
  }

  private close(stream: OpenStream): void {
    this.forget(stream);
    stream.out.end();
  }

  private forget(stream: OpenStream): void {
    const streams = this.byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    clearTimeout(stream.expiry);
    stream.release();
    if (streams.size === 0) this.byUser.delete(stream.userId);
    this.total--;
    this.onSize?.(this.total);
  }
}

/** The streams of this replica, fed by billing's balance events and ended by auth's revocations. */
export function startMemberStreams(
  bus: Pick<Bus, 'listen' | 'onConnectionChange'>,
  opts: MemberStreamsOptions,
): { streams: MemberStreams; stop(): void } {
  const streams = new MemberStreams(opts);
  bus.listen(Events.balanceChanged, (e) => {
    const event: BalanceEvent = {
      cause: e.cause,
      balance: e.balanceCents === null ? null : centsToReais(e.balanceCents),
      version: e.version,
    };
    streams.send(e.userId, MemberEventName.balance, event);
  });
  bus.listen(Events.sessionsRevoked, (e) => streams.endSessions(e.userId, e.tokenVersion));
  const stopWatching = bus.onConnectionChange((change) => {
    if (change !== 'reconnected') return;
    opts.logger.warn(
      { streams: streams.size },
      'NATS reconnected: member streams told to read their balance again',
    );
    streams.broadcast(MemberEventName.resync, {});
  });
  return {
    streams,
    stop() {
      stopWatching();
      streams.closeAll();
    },
  };
}

/**
 * GET /api/memberEvents: checks the session like every member route, takes the stream's slots (429 past a limit),
 * then holds the stream open.
 */
export function registerMemberEvents(
  app: FastifyInstance,
  streams: MemberStreams,
  checkSession: EdgeAuth['checkSession'],
  limits: Pick<Limits, 'take'>,
): void {
  // The streams end before the server waits for its connections to close: a held stream would keep it open.
  app.addHook('preClose', async () => streams.closeAll());
  app.get(memberEvents.path, async (req, reply) => {
    const session = await checkSession(req.headers.authorization, req.id, req.span?.context);
    if (!session.ok) {
      return session.reason === 'unavailable'
        ? reply.code(503).send(fail(PlatformMessages.unavailable, ErrorCode.SERVICE_UNAVAILABLE))
        : reply.code(401).send(fail(PlatformMessages.unauthorized, ErrorCode.UNAUTHORIZED));
    }
    const { userId } = session.identity;
    const release = await takeStreamSlots(limits, userId, req.ip);
    if (!release)
      return reply.code(429).send(fail(PlatformMessages.tooManyConcurrent, ErrorCode.RATE_LIMITED));
    const out = streams.open(userId, session.tokenVersion, session.expiresAt, release);
    if (out === 'revoked') {
      release();
      return reply.code(401).send(fail(PlatformMessages.unauthorized, ErrorCode.UNAUTHORIZED));
    }
    // The browser went away: its stream is forgotten.
    req.raw.once('close', () => out.destroy());
    // Held open for as long as the tab is: the edge's idle deadline (IDLE_TIMEOUT_MS) is not for it (a comment line
    // every 25 s keeps proxies in between from closing it).
    req.raw.socket.setTimeout(0);
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // An nginx-based proxy in front would otherwise buffer the stream.
        .header('x-accel-buffering', 'no')
        .send(out)
    );
  });
}
