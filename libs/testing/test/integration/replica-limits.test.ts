import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage } from '@app/contracts';
import {
  call,
  createActiveUser,
  defaultPageRequest,
  resolveTestInfra,
  sql,
  startPrivateNats,
  startTestStack,
  userIdOf,
  type PrivateServer,
  type RunningTestStack,
  type StackInfo,
} from '../../src/index.js';

/**
 * Issue 35, items 3 and 4: the per-account and per-address limits hold once, whatever the burst and however many
 * replicas answer it. A whole stack of its own on a private `nats-server -js` (stopped in the outage test), with two
 * gateways and two pages replicas: gateway-2 proxies to pages-2, so requests spread over both gateways reach both
 * pages. No pdf-worker: no preview is ever drawn, so the previews waiting never go down during a test.
 */
let nats: PrivateServer;
let running: RunningTestStack;
let stack: StackInfo;
/** The stack's gateway and the second one. */
let gateways: [string, string];

beforeAll(async () => {
  const [infra, server] = await Promise.all([resolveTestInfra(), startPrivateNats()]);
  nats = server;
  running = await startTestStack('replicas', {}, { ...infra, natsUrl: nats.url });
  stack = running.info;
  await fetch(`${stack.controlUrl}/pdf-worker/stop`, { method: 'POST' });
  const pages2 = await running.startReplica('pages', 'pages-2');
  const gateway2 = await running.startReplica('gateway', 'gateway-2', { PAGES_URL: pages2.url });
  gateways = [stack.gatewayUrl, gateway2.url];
}, 240_000);

afterAll(async () => {
  await running?.stop();
  await nats?.remove();
}, 120_000);

/** `n` requests at once, spread over both gateways in turn. */
const burst = <T>(n: number, send: (gatewayUrl: string, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(gateways[i % 2]!, i)));

describe('per-account limits of pages, across two gateways and two pages replicas', () => {
  it('60 POST /api/page at once from one account: exactly PREVIEWS_WAITING_PER_ACCOUNT (10) are made', async () => {
    const member = await createActiveUser(stack);
    const answers = await burst(60, (url) =>
      call<string>(url, createPage, { token: member.token, body: defaultPageRequest }),
    );
    const statuses = answers.map((a) => a.status);
    const rows = await sql<{ n: string }>(stack, 'SELECT count(*) AS n FROM pages.pages WHERE user_id = $1', [
      await userIdOf(stack, member.token),
    ]);
    expect(
      { made: statuses.filter((s) => s === 200).length, rows: Number(rows[0]!.n) },
      JSON.stringify(statuses),
    ).toEqual({ made: 10, rows: 10 });
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });
});
