import type {} from '@app/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { waitFor } from '@app/stack';

interface Readiness {
  status: 'ready' | 'not-ready';
  checks: Record<string, boolean>;
  failed?: string[];
}

/** The gateway of the tier's stack: its probes, and what /ready says while one upstream is down. */
describe('gateway /health and /ready (the stack of this tier)', () => {
  const stack = inject('stack');
  const control = (process: string, action: 'stop' | 'start') =>
    fetch(`${stack.controlUrl}/${process}/${action}`, { method: 'POST' });
  const readiness = async () => {
    const res = await fetch(`${stack.gatewayUrl}/ready`, { signal: AbortSignal.timeout(5000) });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: (await res.json()) as Readiness,
    };
  };
  /** Polls /ready until it answers `status` (no fixed wait), then returns that answer. */
  const readinessWhen = async (status: number, what: string) => {
    let last: Awaited<ReturnType<typeof readiness>> | undefined;
    try {
      await waitFor(
        async () => {
          last = await readiness();
          return last.status === status;
        },
        what,
        60_000,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}; last answer: ${JSON.stringify(last)}`);
    }
    return last!;
  };
  let billingStopped = false;

  afterAll(async () => {
    // Whatever happened above, leave the stack whole for the next files.
    if (billingStopped) {
      await control('billing', 'start');
      await readinessWhen(200, 'the gateway to be ready again');
    }
  });

  it('/health answers JSON 200 while the process runs (not the SPA)', async () => {
    const res = await fetch(`${stack.gatewayUrl}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/ready answers 200 with every check when NATS and all upstreams are up', async () => {
    const ready = await readinessWhen(200, 'the gateway to be ready');
    expect(ready.type).toMatch(/^application\/json/);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { nats: true, auth: true, billing: true, pages: true, mail: true, 'admin-stats': true },
    });
  });

  it('/ready answers 503 naming the upstream that is down, and 200 again once it is back', async () => {
    const stopped = await control('billing', 'stop');
    expect(stopped.status, await stopped.text()).toBe(200);
    billingStopped = true;

    const down = await readinessWhen(503, 'the gateway to notice billing is down');
    expect(down.type).toMatch(/^application\/json/);
    expect(down.body.status).toBe('not-ready');
    expect(down.body.failed).toEqual(['billing']);
    expect(down.body.checks).toMatchObject({ billing: false, nats: true, auth: true, pages: true });
    // /health is liveness only: a down upstream must not get the gateway restarted.
    expect((await fetch(`${stack.gatewayUrl}/health`)).status).toBe(200);

    // The control endpoint answers once billing's own /ready does.
    const started = await control('billing', 'start');
    expect(started.status, await started.text()).toBe(200);
    billingStopped = false;
    const back = await readinessWhen(200, 'the gateway to be ready again');
    expect(back.body.status).toBe('ready');
    expect(back.body.failed).toBeUndefined();
    // Stopping waits for billing's graceful shutdown, starting for a fresh process to boot and answer its /ready.
  }, 180_000);
});
