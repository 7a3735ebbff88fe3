import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, fail, PlatformMessages, type ApiRoute, type LimitName } from '@app/contracts';
import type { Bus, Limits, Taken, WhenDown } from '@app/kit';
import type { GatewayConfig } from './config.js';

/**
 * The edge's limits per client address and per member, counted in the limits every gateway replica shares
 * (libs/kit limits/: JetStream), so N replicas behind a load balancer allow each once, not N times, and a burst gets
 * exactly the limit:
 * - the requests in progress per address (CONCURRENT_REQUESTS_PER_ADDRESS), every request but the member's live stream;
 * - the rate of the routes that declare `rateLimited` per route and address (AUTH_RATE_LIMIT_PER_MINUTE) and of Mercado
 *   Pago's notifications per address (WEBHOOK_RATE_LIMIT_PER_MINUTE);
 * - the live streams per member, per address and in all (src/member-events.ts).
 * While their store (NATS) does not answer, a route that spends money or sends mail (`spends` in its contract) is
 * refused with 503; any other request passes unlimited, and the outage is logged once (libs/kit limits/).
 */

/**
 * How long a live stream is held before the gateway ends it (the browser reconnects within seconds, the `retry:`
 * field): its slots are then taken anew, so a slot of a replica that died ages out soon after (STREAM_SLOT_BOUND_MS).
 */
export const STREAM_LIFETIME_MS = 5 * 60_000;
export const STREAM_SLOT_BOUND_MS = STREAM_LIFETIME_MS + 60_000;

/**
 * How long a request's slot among its address's requests in progress is kept when its replica never gives it back (it
 * died): past the longest a request may take at the edge (its own deadline, then the service's answer and its body).
 */
export const requestSlotBoundMs = (
  config: Pick<GatewayConfig, 'REQUEST_TIMEOUT_MS' | 'UPSTREAM_TIMEOUT_MS'>,
) => config.REQUEST_TIMEOUT_MS + 2 * config.UPSTREAM_TIMEOUT_MS;

/** Opens the gateway's limits (their streams created or updated with this replica's sizes). */
export function openEdgeLimits(bus: Pick<Bus, 'limits'>, config: GatewayConfig): Promise<Limits> {
  const stream = { windowMs: STREAM_SLOT_BOUND_MS };
  return bus.limits(
    {
      AUTH_REQUESTS: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
      WEBHOOK_REQUESTS: { max: config.WEBHOOK_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
      REQUESTS_IN_PROGRESS: {
        max: config.CONCURRENT_REQUESTS_PER_ADDRESS,
        windowMs: requestSlotBoundMs(config),
      },
      MEMBER_STREAMS_ACCOUNT: { max: config.MEMBER_STREAMS_PER_USER, ...stream },
      MEMBER_STREAMS_ADDRESS: { max: config.MEMBER_STREAMS_PER_ADDRESS, ...stream },
      MEMBER_STREAMS_TOTAL: { max: config.MEMBER_STREAMS_MAX, ...stream },
    },
    config.INTERNAL_SECRET,
  );
}

/** What a route's options carry for the edge's limits (Fastify's route `config`). */
export interface EdgeLimitsRouteConfig {
  /** The route's rate: its limit, and the route's name in its key (each route counted apart). */
  rate?: { limit: Extract<LimitName, 'AUTH_REQUESTS' | 'WEBHOOK_REQUESTS'>; route: string };
  spends?: ApiRoute['spends'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    edgeLimits?: EdgeLimitsRouteConfig;
  }
}

/** Refuse or let through when the store is out of reach: what a route spends says. */
const whenDown = (config: EdgeLimitsRouteConfig | undefined): WhenDown =>
  config?.spends ? 'refuse' : 'allow';

/**
 * Takes the request's slot among its address's requests in progress (given back when its answer is sent or its
 * connection closes) and, on a rate-limited route, one of the route's requests of the minute. Answers true when the
 * request may go on; otherwise it was answered: 429 past a limit, 503 when the store is out of reach and the route
 * spends money or mail.
 */
export async function takeRequestSlots(
  limits: Pick<Limits, 'take'>,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const config = req.routeOptions.config.edgeLimits;
  const down = whenDown(config);
  const inProgress = await limits.take('REQUESTS_IN_PROGRESS', req.ip, down);
  if (!inProgress.ok) return refuse(reply, inProgress, PlatformMessages.tooManyConcurrent);
  // 'close': the answer was sent, or the connection went away (perhaps already, while the slot was being taken).
  if (reply.raw.closed) inProgress.release();
  else reply.raw.once('close', inProgress.release);
  if (!config?.rate) return true;
  const rate = await limits.take(config.rate.limit, `${config.rate.route}|${req.ip}`, down);
  return rate.ok || refuse(reply, rate, PlatformMessages.rateLimited);
}

function refuse(reply: FastifyReply, taken: Extract<Taken, { ok: false }>, fullMessage: string): false {
  if (taken.reason === 'full') void reply.code(429).send(fail(fullMessage, ErrorCode.RATE_LIMITED));
  else void reply.code(503).send(fail(PlatformMessages.unavailable, ErrorCode.SERVICE_UNAVAILABLE));
  return false;
}

/**
 * The slots of one live stream: its member's, its address's and one of all (taken at once; any refused gives the
 * others back). Streams are reads: with the store out of reach they open unlimited. Answers the function that gives
 * all three back (idempotent), or null when one is full.
 */
export async function takeStreamSlots(
  limits: Pick<Limits, 'take'>,
  userId: string,
  address: string,
): Promise<(() => void) | null> {
  const taken = await Promise.all([
    limits.take('MEMBER_STREAMS_ACCOUNT', userId, 'allow'),
    limits.take('MEMBER_STREAMS_ADDRESS', address, 'allow'),
    limits.take('MEMBER_STREAMS_TOTAL', 'all', 'allow'),
  ]);
  const releaseAll = () => {
    for (const t of taken) if (t.ok) t.release();
  };
  if (taken.every((t) => t.ok)) return releaseAll;
  releaseAll();
  return null;
}
