import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { processEnv } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { parentFrom, traceparentOf, Tracing, tracingEnv } from '../../src/tracing.js';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const spanId = '00f067aa0ba902b7';
const logger = createLogger('t', 'silent');

/** A Tracing as a process with OTEL_EXPORTER_OTLP_ENDPOINT set has it, its spans kept in memory. */
function recording(env: Record<string, string> = {}) {
  const exporter = new InMemorySpanExporter();
  const config = tracingEnv.parse({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', ...env });
  return { exporter, tracing: Tracing.open('pages', config, logger, exporter) };
}

describe('traceparent', () => {
  it('reads a W3C traceparent as a remote parent and writes it back the same', () => {
    const parent = parentFrom(`00-${traceId}-${spanId}-01`);
    expect(parent).toMatchObject({ traceId, spanId, traceFlags: 1, isRemote: true });
    expect(traceparentOf(parent)).toBe(`00-${traceId}-${spanId}-01`);
    expect(traceparentOf(parentFrom(`00-${traceId}-${spanId}-00`))).toBe(`00-${traceId}-${spanId}-00`);
  });

  it('takes nothing from a header that is absent, malformed or names the invalid trace', () => {
    for (const header of [
      undefined,
      ['a', 'b'],
      '',
      'não',
      `00-${traceId}-${spanId}`,
      `00-${'0'.repeat(32)}-${spanId}-01`,
      `00-${traceId}-${'0'.repeat(16)}-01`,
      `ff-${traceId}-${spanId}-01`,
    ])
      expect(parentFrom(header), String(header)).toBeUndefined();
    expect(traceparentOf(undefined)).toBeUndefined();
  });
});

describe('Tracing', () => {
  it('records nothing without an endpoint, and passes the caller’s trace on as it came', () => {
    const tracing = Tracing.open('pages', tracingEnv.parse({}), logger);
    expect(tracing.enabled).toBe(false);
    const span = tracing.start('POST /api/buy', SpanKind.SERVER, parentFrom(`00-${traceId}-${spanId}-01`));
    expect(traceparentOf(span.context)).toBe(`00-${traceId}-${spanId}-01`);
    expect(traceparentOf(tracing.start('x', SpanKind.INTERNAL, undefined).context)).toBeUndefined();
  });

  it('begins a child span in the caller’s trace, and a new trace without a caller', async () => {
    const { exporter, tracing } = recording();
    expect(tracing.enabled).toBe(true);
    const child = tracing.start('POST /api/buy', SpanKind.SERVER, parentFrom(`00-${traceId}-${spanId}-01`), {
      'http.route': '/api/buy',
    });
    expect(child.context).toMatchObject({ traceId, traceFlags: 1 });
    expect(child.context.spanId).not.toBe(spanId);
    const root = tracing.start('GET /', SpanKind.SERVER, undefined);
    expect(root.context.traceId).not.toBe(traceId);
    child.end({ attributes: { 'http.response.status_code': 200 } });
    root.end();
    await tracing.flush();

    const [first, second] = exporter.getFinishedSpans();
    expect(first!.name).toBe('POST /api/buy');
    expect(first!.kind).toBe(SpanKind.SERVER);
    expect(first!.parentSpanContext?.spanId).toBe(spanId);
    expect(first!.attributes).toEqual({ 'http.route': '/api/buy', 'http.response.status_code': 200 });
    expect(first!.resource.attributes['service.name']).toBe('pages');
    expect(second!.parentSpanContext).toBeUndefined();
    await tracing.shutdown();
  });

  it('marks a span that ended in error with the error’s kind only, and ends it once', async () => {
    const { exporter, tracing } = recording();
    const span = tracing.start('process jobs.pdf.document', SpanKind.CONSUMER, undefined);
    span.end({ error: new TypeError('o código ABC-123 de maria@example.com') });
    span.end();
    await tracing.flush();
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(1);
    expect(spans[0]!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TypeError' });
    await tracing.shutdown();
  });

  it('keeps the share of traces OTEL_TRACES_SAMPLER_ARG says, the same in every process, and none its caller dropped', () => {
    const [a, b] = [
      recording({ OTEL_TRACES_SAMPLER_ARG: '0.25' }),
      recording({ OTEL_TRACES_SAMPLER_ARG: '0.25' }),
    ];
    let kept = 0;
    for (let i = 0; i < 2000; i++) {
      const parent = parentFrom(`00-${randomBytes(16).toString('hex')}-${spanId}-01`);
      const inA = a.tracing.start('x', SpanKind.SERVER, parent).context.traceFlags;
      expect(b.tracing.start('x', SpanKind.SERVER, parent).context.traceFlags).toBe(inA);
      kept += inA;
    }
    // 500 expected; the bounds are ten standard deviations away.
    expect(kept).toBeGreaterThan(300);
    expect(kept).toBeLessThan(700);
    const dropped = a.tracing.start('x', SpanKind.SERVER, parentFrom(`00-${traceId}-${spanId}-00`));
    expect(dropped.context.traceFlags).toBe(0);
  });

  it('is configured by the OpenTelemetry variables every process reads', () => {
    expect(Object.keys(tracingEnv.shape).every((name) => name in processEnv.shape)).toBe(true);
    expect(
      tracingEnv.parse({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      }),
    ).toEqual({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_TRACES_SAMPLER_ARG: 0.1,
      OTEL_BSP_SCHEDULE_DELAY: 5000,
    });
    expect(tracingEnv.safeParse({ OTEL_TRACES_SAMPLER_ARG: '2' }).success).toBe(false);
  });
});
