import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buy, Jobs, Rpc } from '@app/contracts';
import {
  call,
  eventually,
  fundedMember,
  generatePageCode,
  restartProcess,
  startOtlpCollector,
  type OtlpCollector,
  type ReceivedSpan,
} from '@app/testing';

/**
 * One purchase is one trace. The processes a purchase crosses send their spans to a stand-in OTLP collector; a buy
 * sent with the browser's `traceparent` must come back as one tree of spans rooted at the browser's span: the gateway's
 * request, pages' request, pages asking billing to hold the price (and billing answering), pages queueing the render
 * and the worker printing it. The worker prints nothing ahead of time here, so the purchase's job is what prints the
 * page. Every process is given back its own settings at the end.
 */
const stack = inject('stack');
const TRACED = ['gateway', 'pages', 'billing', 'pdf-worker'] as const;
let collector: OtlpCollector;

beforeAll(async () => {
  collector = await startOtlpCollector();
  for (const name of TRACED)
    await restartProcess(stack, name, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // Sent in small batches, so the test's wait is short on an idle machine.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      ...(name === 'pdf-worker' ? { PDF_PRERENDER: 'off' } : {}),
    });
});
afterAll(async () => {
  for (const name of TRACED) await restartProcess(stack, name);
  await collector?.close();
});

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A span's ancestors up to the root of its trace (by parent id), within the spans received. */
function rootOf(span: ReceivedSpan, byId: Map<string, ReceivedSpan>): string | undefined {
  let current = span;
  for (let depth = 0; depth < 50; depth++) {
    const parent = current.parentSpanId ? byId.get(current.parentSpanId) : undefined;
    if (!parent) return current.parentSpanId;
    current = parent;
  }
  return undefined;
}

describe('traces', () => {
  it('follows one purchase from the browser through the gateway, pages, billing and the worker as one trace', async () => {
    const member = await fundedMember(stack);
    const code = await generatePageCode(stack, member.token);
    const traceId = hex(16);
    const browserSpan = hex(8);
    const traceparent = `00-${traceId}-${browserSpan}-01`;

    // Asked again while the page prints (503), as the browser does: here with the same trace.
    let res = await call(stack.gatewayUrl, buy, {
      body: { code },
      token: member.token,
      headers: { traceparent },
    });
    for (let attempt = 1; res.status === 503 && attempt < 30; attempt++)
      res = await call(stack.gatewayUrl, buy, {
        body: { code },
        token: member.token,
        headers: { traceparent },
      });
    expect(res.status).toBe(200);

    const render = `process ${Jobs.renderDocument.subject}`;
    // Done when the worker's print and billing's hold have come and every span received leads up to the browser's.
    const ofTrace = async () => collector.spans().filter((s) => s.traceId === traceId);
    const complete = (spans: ReceivedSpan[]) => {
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      return (
        spans.some((s) => s.service === 'pdf-worker' && s.name === render) &&
        spans.some((s) => s.service === 'billing') &&
        spans.every((s) => rootOf(s, byId) === browserSpan)
      );
    };
    const trace = await eventually(ofTrace, complete, 60_000);

    const services = new Set(trace.map((s) => s.service));
    expect([...services].sort()).toEqual([...TRACED].sort());
    const names = (service: string) => trace.filter((s) => s.service === service).map((s) => s.name);
    expect(names('gateway')).toContain('POST /api/buy');
    expect(names('pages')).toEqual(
      expect.arrayContaining([
        'POST /api/buy',
        `request ${Rpc.billingHold.subject}`,
        `send ${Jobs.renderDocument.subject}`,
      ]),
    );
    expect(names('billing')).toContain(`process ${Rpc.billingHold.subject}`);
    expect(names('pdf-worker')).toContain(render);

    // One tree: every span leads up to the browser's span, and the gateway's request is its only child.
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    for (const span of trace) expect(rootOf(span, byId), span.name).toBe(browserSpan);
    const top = trace.filter((s) => s.parentSpanId === browserSpan);
    expect(top.every((s) => s.service === 'gateway' && s.kind === 2)).toBe(true);
    // Each process's first span is a child of a span of the process before it.
    const parentService = (s: ReceivedSpan) => byId.get(s.parentSpanId ?? '')?.service;
    const workerSpan = trace.find((s) => s.service === 'pdf-worker' && s.name === render)!;
    expect(parentService(workerSpan)).toBe('pages');
    const holdServed = trace.find((s) => s.name === `process ${Rpc.billingHold.subject}`)!;
    expect(byId.get(holdServed.parentSpanId!)?.name).toBe(`request ${Rpc.billingHold.subject}`);
  });
});
