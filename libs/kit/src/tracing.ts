import {
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Span,
  type SpanContext,
  type Tracer,
} from '@opentelemetry/api';
import { parseTraceParent } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { z } from 'zod';
import type { Logger } from './logger.js';

/**
 * Traces (OpenTelemetry): one trace per request, from the browser's `traceparent` through the gateway, the services'
 * HTTP handlers, NATS (request/reply, JetStream jobs and events: the W3C `traceparent` in the message headers) and the
 * workers. Spans are made by the kit where it holds the request (http.ts, nats/), never by a service's own code, and
 * sent over OTLP/HTTP when an endpoint is configured; without one, nothing is recorded and the incoming `traceparent`
 * is passed on as it came, so a trace begun elsewhere still crosses the system whole.
 */

export const TRACEPARENT_HEADER = 'traceparent';

/** The OpenTelemetry SDK's own variable names, read by every process. */
export const tracingEnv = z.object({
  /** The OTLP/HTTP collector's base URL (`/v1/traces` is added); unset: no span is recorded or sent. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The traces endpoint itself, over OTEL_EXPORTER_OTLP_ENDPOINT's. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  /**
   * The share of traces kept (0 to 1), decided from the trace id, so every process keeps or drops the same traces; a
   * trace its caller did not keep is not kept here either.
   */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /** How long finished spans wait before they are sent in one batch, in ms. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(10).max(60_000).default(5000),
});
export type TracingConfig = z.infer<typeof tracingEnv>;

/** A span's context as a W3C `traceparent` value; undefined for an invalid one (nothing to pass on). */
export function traceparentOf(sc: SpanContext | undefined): string | undefined {
  if (!sc || !isSpanContextValid(sc)) return undefined;
  return `00-${sc.traceId}-${sc.spanId}-0${(sc.traceFlags & TraceFlags.SAMPLED).toString(16)}`;
}

/** The span context a `traceparent` header names, marked remote; undefined when absent or malformed. */
export function parentFrom(header: unknown): SpanContext | undefined {
  if (typeof header !== 'string') return undefined;
  const sc = parseTraceParent(header);
  return sc && isSpanContextValid(sc) ? { ...sc, isRemote: true } : undefined;
}

/** A span begun by the kit: its context goes on in headers; `end` records how it ended (once). */
export interface KitSpan {
  readonly context: SpanContext;
  end(outcome?: { error?: unknown; attributes?: Attributes }): void;
}

/** One process's tracer: spans sent to the configured collector, or none at all. */
export class Tracing {
  private constructor(
    private readonly tracer: Tracer | undefined,
    private readonly provider: TracerProvider | undefined,
  ) {}

  /** No collector: spans carry their parent's context on, and nothing is recorded. */
  static readonly off = new Tracing(undefined, undefined);

  /** `exporter`: where spans go instead of the OTLP endpoint (tests read them in memory). */
  static open(serviceName: string, config: TracingConfig, logger: Logger, exporter?: SpanExporter): Tracing {
    const url =
      config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
      (config.OTEL_EXPORTER_OTLP_ENDPOINT
        ? `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`
        : undefined);
    if (!url) return Tracing.off;
    const ratio = new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG);
    const provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': serviceName, 'service.namespace': 'aritmetica' }),
      // The same decision in every process: by the trace id for a new trace and for one a caller kept (the browser
      // asks for every one of its requests to be kept; the ratio still holds at the edge).
      sampler: new ParentBasedSampler({ root: ratio, remoteParentSampled: ratio }),
      spanProcessors: [
        new BatchSpanProcessor({
          exporter: exporter ?? new OTLPTraceExporter({ url }),
          scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
        }),
      ],
    });
    logger.info({ endpoint: new URL(url).origin }, 'traces sent over OTLP');
    return new Tracing(provider.getTracer('@app/kit'), provider);
  }

  get enabled(): boolean {
    return this.tracer !== undefined;
  }

  /** Begins a span under `parent` (another process's, from a header, or this process's current one). */
  start(name: string, kind: SpanKind, parent: SpanContext | undefined, attributes?: Attributes): KitSpan {
    if (!this.tracer) return passThrough(parent);
    const ctx = parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
    return recorded(this.tracer.startSpan(name, { kind, attributes }, ctx));
  }

  /** Sends what has ended and is still waiting (tests read it; shutdown sends it too). */
  async flush(): Promise<void> {
    await this.provider?.forceFlush();
  }

  /** Sends what is still waiting; called at shutdown. */
  async shutdown(): Promise<void> {
    await this.provider?.shutdown();
  }
}

function passThrough(parent: SpanContext | undefined): KitSpan {
  return { context: parent ?? INVALID_SPAN_CONTEXT, end: () => undefined };
}

function recorded(span: Span): KitSpan {
  let ended = false;
  return {
    context: span.spanContext(),
    end(outcome = {}) {
      if (ended) return;
      ended = true;
      if (outcome.attributes) span.setAttributes(outcome.attributes);
      if (outcome.error !== undefined) {
        // The error's kind only: a message may quote what the user sent.
        const kindOf = outcome.error instanceof Error ? outcome.error.name : 'error';
        span.setStatus({ code: SpanStatusCode.ERROR, message: kindOf });
      }
      span.end();
    },
  };
}

export { SpanKind };
