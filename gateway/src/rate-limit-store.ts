import { Redis } from 'ioredis';
import type { Logger } from '@app/kit';
import type { GatewayConfig } from './config.js';

/**
 * The shared store of the edge rate limits: a Redis that every gateway replica counts in, so that N replicas behind
 * a load balancer allow the limit once, not N times.
 *
 * When Redis does not answer, requests pass unlimited (availability first: @fastify/rate-limit's `skipOnError`),
 * and the outage is logged once, as an error, until it answers again. Sign-in stays protected by auth's own
 * per-email failure limit (LOGIN_MAX_FAILURES_PER_EMAIL) meanwhile. No request waits for a Redis that is down: the
 * offline queue is off (a command fails at once while disconnected) and a command that gets no answer times out.
 */
export interface RateLimitStore {
  redis: Redis;
  /** Prefix of every counter's key: test stacks (NATS_PREFIX) never share counters with each other or with prod. */
  nameSpace: string;
  close(): Promise<void>;
}

/** `redis://user:secret@host:6379/0` -> `redis://host:6379/0`: what a log line may say about the store. */
export function redisAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}:${u.port || '6379'}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return '(invalid REDIS_URL)';
  }
}

export function rateLimitNameSpace(natsPrefix: string): string {
  return `${natsPrefix ? `${natsPrefix}:` : ''}gateway-rate-limit:`;
}

export function connectRateLimitStore(
  config: Pick<GatewayConfig, 'REDIS_URL' | 'NATS_PREFIX'>,
  logger: Logger,
): RateLimitStore | null {
  if (!config.REDIS_URL) return null;
  const where = redisAddress(config.REDIS_URL);
  const password = safeUrl(config.REDIS_URL)?.password;
  // An error message never repeats the URL, but scrub the password anyway (it could be echoed by a server reply).
  const scrub = (text: string) =>
    password ? text.split(decodeURIComponent(password)).join('[REDACTED]') : text;
  const redis = new Redis(config.REDIS_URL, {
    connectTimeout: 2_000,
    commandTimeout: 500,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Keep trying in the background (a restarted Redis is picked up), at most every 5 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let state: 'connecting' | 'up' | 'down' | 'closed' = 'connecting';
  redis.on('ready', () => {
    if (state === 'closed') return;
    logger.info({ redis: where }, 'rate-limit store connected: limits are shared by every gateway replica');
    state = 'up';
  });
  redis.on('error', (err: NodeJS.ErrnoException) => {
    if (state === 'down' || state === 'closed') return;
    state = 'down';
    logger.error(
      { redis: where, err: { message: scrub(err.message), code: err.code } },
      'rate-limit store unreachable: sign-in and sign-up are not rate-limited until it answers',
    );
  });
  return {
    redis,
    nameSpace: rateLimitNameSpace(config.NATS_PREFIX),
    async close() {
      state = 'closed';
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

function safeUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
