import { describe, expect, inject, it, vi } from 'vitest';
import { RENDER_CONSUMERS, Rpc, SERVICE_NAMES } from '@app/contracts';
import { createActiveUser, generatePageCode, waitForThumbnail } from '@app/testing';

/**
 * Every process of the running stack exports Prometheus metrics: each service on its own port's /metrics, the
 * gateway on its internal METRICS_PORT (its public port does not serve them). A render shows up in the worker's
 * histogram.
 */
const stack = inject('stack');

/** Every series every process exports (the kit's and Node's), by the names of their TYPE lines. */
const KIT_METRICS = [
  'http_requests_total',
  'http_request_duration_seconds',
  'nats_request_duration_seconds',
  'jetstream_consumer_pending_messages',
  'jetstream_redeliveries_total',
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
];

async function scrape(port: string | number | undefined): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series (labels in any order), or undefined when it is not exported. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const typeLine = (name: string) => new RegExp(`^# TYPE ${name} `, 'm');

describe('Prometheus metrics on every process', () => {
  it.each(SERVICE_NAMES)(
    '%s serves /metrics on its own port, every series labelled with the service',
    async (name) => {
      const text = await scrape(stack.env[name]!.PORT);
      for (const metric of KIT_METRICS) expect(text, `${name}: ${metric}`).toMatch(typeLine(metric));
      // The stack's start-up waited on /ready: counted under the route, labelled with the service.
      expect(
        sample(text, 'http_requests_total', {
          service: name,
          method: 'GET',
          route: '/ready',
          status_code: '200',
        }),
      ).toBeGreaterThan(0);
      for (const line of text.split('\n').filter((l) => l && !l.startsWith('#')))
        expect(line).toContain(`service="${name}"`);
    },
  );

  it('reports the durable consumers each service runs, pending read from the server', async () => {
    const worker = await scrape(stack.env['pdf-worker']!.PORT);
    for (const consumer of Object.values(RENDER_CONSUMERS)) {
      expect(
        sample(worker, 'jetstream_consumer_pending_messages', { stream: 'JOBS_PDF', consumer }),
      ).toBeGreaterThanOrEqual(0);
    }
    const mail = await scrape(stack.env.mail!.PORT);
    expect(
      sample(mail, 'jetstream_consumer_pending_messages', { consumer: 'mail-send' }),
    ).toBeGreaterThanOrEqual(0);
  });

  it('reports the database pool of each service with one, and the bytes and cap of the streams it opens', async () => {
    const pages = await scrape(stack.env.pages!.PORT);
    // The pool's most (DB_POOL_MAX, 10 unless set) and its connections now: what the saturation alert reads.
    expect(sample(pages, 'db_pool_max_connections')).toBeGreaterThan(0);
    for (const state of ['in_use', 'idle', 'waiting'])
      expect(sample(pages, 'db_pool_connections', { state }), state).toBeGreaterThanOrEqual(0);
    // The worker's render queue: its bytes now and its cap (JOBS_PDF_MAX_BYTES), for the stream-nearly-full alert.
    const worker = await scrape(stack.env['pdf-worker']!.PORT);
    const stream = 'JOBS_PDF';
    expect(sample(worker, 'jetstream_stream_bytes', { stream })).toBeGreaterThanOrEqual(0);
    expect(sample(worker, 'jetstream_stream_max_bytes', { stream })).toBeGreaterThan(0);
    // The gateway has no database.
    const gateway = await scrape(stack.env.gateway!.METRICS_PORT);
    expect(gateway).not.toMatch(typeLine('db_pool_connections'));
  });

  it('the gateway serves its metrics on METRICS_PORT only, not on its public port', async () => {
    const metricsPort = stack.env.gateway!.METRICS_PORT;
    expect(Number(metricsPort)).toBeGreaterThan(0);
    expect(metricsPort).not.toBe(stack.env.gateway!.PORT);
    const text = await scrape(metricsPort);
    for (const metric of KIT_METRICS) expect(text, metric).toMatch(typeLine(metric));
    // The stack's start-up polled /api/env through the public port.
    expect(
      sample(text, 'http_requests_total', { service: 'gateway', route: '/api/env', status_code: '200' }),
    ).toBeGreaterThan(0);

    const pub = await fetch(`${stack.gatewayUrl}/metrics`);
    expect(pub.status).toBe(404);
    expect(await pub.text()).not.toContain('http_requests_total');
  });

  it('a page render shows in the worker’s histogram, the edge’s session checks in NATS request times', async () => {
    const user = await createActiveUser(stack);
    const code = await generatePageCode(stack, user.token);
    expect((await waitForThumbnail(stack, user.token, code)).status).toBe(200);

    const workerPort = stack.env['pdf-worker']!.PORT;
    await vi.waitFor(
      async () => {
        const text = await scrape(workerPort);
        expect(
          sample(text, 'pdf_render_duration_seconds_count', { kind: 'preview', outcome: 'ok' }),
        ).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 200 },
    );
    const worker = await scrape(workerPort);
    expect(sample(worker, 'pdf_pool_tabs')).toBeGreaterThan(0);
    expect(sample(worker, 'pdf_browser_recycles_total')).toBeGreaterThanOrEqual(0);
    for (const kind of ['preview', 'document', 'ahead']) {
      expect(sample(worker, 'pdf_render_waiting', { kind })).toBeGreaterThanOrEqual(0);
    }
    expect(sample(worker, 'pdf_rendered_total')).toBeGreaterThan(0);

    const gateway = await scrape(stack.env.gateway!.METRICS_PORT);
    // The page was asked for under the route pattern: no page code and no token in any label.
    expect(sample(gateway, 'http_requests_total', { route: '/api/page', method: 'POST' })).toBeGreaterThan(0);
    // The edge checked the session over NATS request/reply: timed by the contract's subject and the outcome.
    expect(
      sample(gateway, 'nats_request_duration_seconds_count', {
        subject: Rpc.authVerifySession.subject,
        outcome: 'ok',
      }),
    ).toBeGreaterThan(0);
    expect(gateway).not.toContain(code);
    expect(gateway).not.toContain(user.token);
    expect(gateway).not.toContain(user.email);
    expect(worker).not.toContain(code);
  });
});
