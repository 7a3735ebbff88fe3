import type {} from '@app/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitFor, type Managed } from '@app/stack';
import { rateLimitNameSpace } from '../../src/rate-limit-store.js';
import { distinctPort, startGatewayReplica, type Replica } from './replicas.js';

/**
 * Gateway replicas behave as one (issue 11, item 5): extra gateways beside the tier's stack (same services, same
 * NATS), each a real process on its own port, with a low sign-in limit. With REDIS_URL they count in one Redis, so
 * the limit holds across them; without it each counts alone (the old behaviour: the test tells them apart).
 * TRUST_PROXY decides whether X-Forwarded-For names the client.
 */
const stack = inject('stack');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 4;
const nameSpace = rateLimitNameSpace(stack.env.gateway!.NATS_PREFIX ?? '');
const started: Managed[] = [];
const redis = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: true });

async function startReplica(name: string, port: number, env: Record<string, string>): Promise<Replica> {
  const replica = await startGatewayReplica(
    stack,
    name,
    { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), ...env },
    port,
  );
  started.push(replica.process);
  return replica;
}

/** One attempt from this machine (one client address), optionally through a proxy that names another client. */
async function attempt(replica: Replica, route = '/api/login', forwardedFor?: string): Promise<number> {
  const res = await fetch(`${replica.url}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: '{}',
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

const limited = (statuses: number[]) => statuses.map((s) => s === 429);

let redisA: Replica, redisB: Replica, memoryA: Replica, memoryB: Replica, trusting: Replica;
let redisDown: Replica;
const DOWN_PASSWORD = 'rate-limit-test-password-never-logged';

beforeAll(async () => {
  await redis.connect();
  // A fresh namespace: nothing counted yet under this run's NATS prefix.
  expect(await redis.keys(`${nameSpace}*`)).toEqual([]);
  const ports: number[] = [];
  for (let i = 0; i < 7; i++) ports.push(await distinctPort());
  const [a, b, c, d, e, f, nothingListens] = ports as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  [redisA, redisB, memoryA, memoryB, trusting, redisDown] = await Promise.all([
    startReplica('gateway-redis-a', a, { REDIS_URL }),
    startReplica('gateway-redis-b', b, { REDIS_URL }),
    startReplica('gateway-memory-a', c, {}),
    startReplica('gateway-memory-b', d, {}),
    // The tests' requests come from 127.0.0.1: here, that is the load balancer.
    startReplica('gateway-trust-proxy', e, { TRUST_PROXY: 'loopback' }),
    startReplica('gateway-redis-down', f, {
      REDIS_URL: `redis://default:${DOWN_PASSWORD}@127.0.0.1:${nothingListens}`,
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  if (redis.status === 'ready') {
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  } else redis.disconnect();
});

describe('gateway replicas and the sign-in rate limit', () => {
  it('with REDIS_URL, two replicas share one limit: the (limit+1)th attempt overall answers 429', async () => {
    const replicas = [redisA, redisB];
    const statuses: number[] = [];
    const answeredBy: string[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const replica = replicas[i % 2]!;
      statuses.push(await attempt(replica));
      answeredBy.push(replica.name);
    }
    // Each replica saw at most 3 attempts: alone, neither would have limited.
    expect(limited(statuses), JSON.stringify({ statuses, answeredBy })).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(answeredBy.slice(LIMIT)).toEqual(['gateway-redis-a', 'gateway-redis-b']);
    // The counter lives in Redis, under this stack's namespace: one key for this route and client.
    const keys = await redis.keys(`${nameSpace}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toContain('/api/login');
    expect(await redis.get(keys[0]!)).toBe(String(LIMIT + 2));
  });

  it('without REDIS_URL, each replica counts alone: two allow twice the limit (the old behaviour)', async () => {
    const replicas = [memoryA, memoryB];
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT + 2; i++) statuses.push(await attempt(replicas[i % 2]!));
    expect(limited(statuses), JSON.stringify(statuses)).toEqual([
      ...Array<boolean>(2 * LIMIT).fill(false),
      true,
      true,
    ]);
  });

  it('with TRUST_PROXY, clients named by X-Forwarded-For are counted apart', async () => {
    const first: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) first.push(await attempt(trusting, '/api/login', '203.0.113.7'));
    expect(limited(first), JSON.stringify(first)).toEqual([...Array<boolean>(LIMIT).fill(false), true]);
    // Another client behind the same proxy (the same socket address) still has its whole allowance.
    const second: number[] = [];
    for (let i = 0; i < LIMIT; i++) second.push(await attempt(trusting, '/api/login', '198.51.100.23'));
    expect(limited(second), JSON.stringify(second)).toEqual(Array<boolean>(LIMIT).fill(false));
    // The address the load balancer appended is the one that counts: a client cannot pick its own from the left.
    expect(await attempt(trusting, '/api/login', '198.51.100.99, 203.0.113.7')).toBe(429);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: every claimed client counts as the socket address', async () => {
    // memoryA's sign-in counter is spent by the test above; another rate-limited route has a counter of its own.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++)
      statuses.push(await attempt(memoryA, '/api/recoverPassword', `203.0.113.${10 + i}`));
    expect(limited(statuses), JSON.stringify(statuses)).toEqual([...Array<boolean>(LIMIT).fill(false), true]);
  });

  it('when Redis does not answer, requests pass (availability first) and the outage is logged without the password', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push(await attempt(redisDown));
    expect(limited(statuses), JSON.stringify(statuses)).toEqual(Array<boolean>(LIMIT + 2).fill(false));
    // Answered by auth (its validation), not by a gateway failure.
    expect(
      statuses.every((s) => s < 500),
      JSON.stringify(statuses),
    ).toBe(true);
    const logFile = path.join(stack.logDir, `${redisDown.name}.log`);
    const log = () => readFileSync(logFile, 'utf8');
    await waitFor(
      async () => log().includes('rate-limit store unreachable'),
      'the outage in the log',
      10_000,
    );
    expect(log()).not.toContain(DOWN_PASSWORD);
    // Logged once per outage, not once per reconnection attempt.
    expect(log().split('rate-limit store unreachable').length - 1).toBe(1);
  });
});
