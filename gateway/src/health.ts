import { UPSTREAMS } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { GatewayConfig } from './config.js';
import { upstreamUrl } from './route-table.js';

/** How long one check may take (they run at once): well inside the readiness probe's timeout (deploy/k8s: 3 s). */
export const READY_CHECK_TIMEOUT_MS = 1000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** An upstream is ready when its own `/ready` answers 2xx within the timeout. */
export async function upstreamReady(baseUrl: string, timeoutMs = READY_CHECK_TIMEOUT_MS): Promise<boolean> {
  const res = await fetch(new URL('/ready', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
  await res.body?.cancel();
  return res.ok;
}

/** NATS is ready when the connection is open and a round trip to the server (PING/PONG) comes back in time. */
export async function natsReady(bus: Bus, timeoutMs = READY_CHECK_TIMEOUT_MS): Promise<boolean> {
  if (bus.nc.isClosed() || bus.nc.isDraining()) return false;
  await withTimeout(bus.flush(), timeoutMs);
  return true;
}

/**
 * What the gateway's `/ready` reports besides being up: NATS, then one check per service it proxies to (@app/contracts'
 * UPSTREAMS: not the pdf-worker), by the service's name. None of them makes the gateway unready: it serves the SPA,
 * the free samples and every route whose service answers, and a route whose service is down answers 503 with the
 * envelope (routes.ts), so one service's outage never takes every gateway replica, and the whole site, out of the
 * load balancer. `/ready` lists the ones down as `degraded` (deploy/README.md, "What to watch").
 */
export function gatewayDependencyChecks(
  config: GatewayConfig,
  bus: Bus,
  timeoutMs = READY_CHECK_TIMEOUT_MS,
): Record<string, () => Promise<boolean>> {
  return {
    nats: () => natsReady(bus, timeoutMs),
    ...Object.fromEntries(
      UPSTREAMS.map((name) => [name, () => upstreamReady(upstreamUrl(config, name), timeoutMs)]),
    ),
  };
}
