import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createHttpApp } from '../../src/http.js';
import { addHttpMetrics, addMetricsRoute, Metrics, type ConsumerCounts } from '../../src/metrics.js';

function appWithMetrics(metrics = new Metrics('kit-test'), logger = createLogger('t', 'silent')) {
  const app = createHttpApp({ logger });
  addHttpMetrics(app, metrics);
  addMetricsRoute(app, metrics);
  app.get('/api/pages/:code', async (req) => ({ code: (req.params as { code: string }).code }));
  app.get('/api/thumb', async () => ({ ok: true }));
  return { app, metrics };
}

/** The value of one series in the exposition text (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('metrics: HTTP by route pattern', () => {
  it('counts a request to a parametrised route under the pattern, never the URL it came with', async () => {
    const { app, metrics } = appWithMetrics();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: `/api/pages/ABC12${i}?token=secret-token-${i}` });
      expect(res.statusCode).toBe(200);
    }
    const text = await metrics.registry.metrics();
    const labels = { method: 'GET', route: '/api/pages/:code', status_code: '200' };
    expect(sample(text, 'http_requests_total', labels)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(2);
    expect(text).not.toMatch(/ABC12|secret-token/);
  });

  it('labels by status and puts unknown paths under one route', async () => {
    const { app, metrics } = appWithMetrics();
    await app.inject({ url: '/api/thumb?code=XYZ987' });
    await app.inject({ url: '/nao/existe/XYZ987' });
    await app.inject({ method: 'POST', url: '/outra/XYZ987' });
    const text = await metrics.registry.metrics();
    expect(sample(text, 'http_requests_total', { route: '/api/thumb', status_code: '200' })).toBe(1);
    expect(
      sample(text, 'http_requests_total', { route: 'unmatched', method: 'GET', status_code: '404' }),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', { route: 'unmatched', method: 'POST', status_code: '404' }),
    ).toBe(1);
    expect(text).not.toContain('XYZ987');
  });
});

describe('metrics: GET /metrics', () => {
  it('answers the Prometheus text format, every series with the service label, process metrics included', async () => {
    const { app } = appWithMetrics(new Metrics('billing'));
    await app.inject({ url: '/api/pages/P1' });
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE nats_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE jetstream_consumer_pending_messages gauge');
    expect(res.body).toMatch(/^process_cpu_user_seconds_total\{service="billing"\} /m);
    expect(res.body).toMatch(/^nodejs_heap_size_used_bytes\{service="billing"\} /m);
    expect(sample(res.body, 'http_requests_total', { service: 'billing', route: '/api/pages/:code' })).toBe(
      1,
    );
    // Every sample line carries the label.
    const samples = res.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(samples.length).toBeGreaterThan(20);
    for (const line of samples) expect(line).toContain('service="billing"');
  });

  it('logs a successful scrape at debug, like the health probes', async () => {
    const lines: Array<{ level: number; msg: string; req?: { url: string } }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _e, cb) {
        for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l));
        cb();
      },
    });
    const { app } = appWithMetrics(
      new Metrics('t', { defaultMetrics: false }),
      createLogger('t', 'debug', sink),
    );
    await app.inject({ url: '/metrics' });
    await app.inject({ url: '/api/thumb' });
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => [l.req?.url, l.level])).toEqual([
      ['/metrics', 20],
      ['/api/thumb', 30],
    ]);
  });
});

describe('metrics: NATS and JetStream', () => {
  it('times requests by subject and outcome', async () => {
    const metrics = new Metrics('t', { defaultMetrics: false });
    metrics.natsRequest('auth.v1.validate')('ok');
    metrics.natsRequest('auth.v1.validate')('ok');
    metrics.natsRequest('pages.v1.store')('timeout');
    const text = await metrics.registry.metrics();
    const count = (subject: string, outcome: string) =>
      sample(text, 'nats_request_duration_seconds_count', { subject, outcome });
    expect(count('auth.v1.validate', 'ok')).toBe(2);
    expect(count('pages.v1.store', 'timeout')).toBe(1);
  });

  it('reads consumer counts at scrape time (one info call per scrape) and counts redeliveries', async () => {
    const metrics = new Metrics('t', { defaultMetrics: false });
    let calls = 0;
    let counts: ConsumerCounts = { num_pending: 7, num_ack_pending: 2, num_redelivered: 1 };
    metrics.watchConsumer('JOBS_PDF', 'pdf-worker-render', async () => {
      calls++;
      return counts;
    });
    metrics.watchConsumer('EVENTS', 'broken', () => Promise.reject(new Error('no server')));
    expect(calls).toBe(0);
    metrics.redelivered('JOBS_PDF', 'pdf-worker-render');
    metrics.redelivered('JOBS_PDF', 'pdf-worker-render');
    const labels = { stream: 'JOBS_PDF', consumer: 'pdf-worker-render' };
    let text = await metrics.registry.metrics();
    expect(calls).toBe(1);
    expect(sample(text, 'jetstream_consumer_pending_messages', labels)).toBe(7);
    expect(sample(text, 'jetstream_consumer_ack_pending_messages', labels)).toBe(2);
    expect(sample(text, 'jetstream_consumer_redelivered_messages', labels)).toBe(1);
    expect(sample(text, 'jetstream_redeliveries_total', labels)).toBe(2);
    // A consumer whose info fails is left out; the scrape still answers.
    expect(sample(text, 'jetstream_consumer_pending_messages', { consumer: 'broken' })).toBeUndefined();

    counts = { num_pending: 0, num_ack_pending: 0, num_redelivered: 0 };
    // Scrapes within a second share one round of info calls; a later one asks again.
    text = await metrics.registry.metrics();
    expect(calls).toBe(1);
    expect(sample(text, 'jetstream_consumer_pending_messages', labels)).toBe(7);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1500 });
    text = await metrics.registry.metrics();
    expect(calls).toBe(2);
    expect(sample(text, 'jetstream_consumer_pending_messages', labels)).toBe(0);
  });
  afterEach(() => void vi.useRealTimers());
});
