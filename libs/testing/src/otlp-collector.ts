import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A stand-in for an OpenTelemetry collector's OTLP/HTTP traces receiver, as the OTLP specification documents it:
 * `POST /v1/traces` with an ExportTraceServiceRequest in JSON (`application/json`, ids in hex, optionally gzipped),
 * answered 200 with an ExportTraceServiceResponse; another content type 415, a body that is not one 400. What it
 * received is kept for the test to read.
 */

/** One span as received, with the `service.name` of its resource. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
}

export interface OtlpCollector {
  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpKeyValue {
  key: string;
  value?: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpKeyValue[];
}
interface ExportTraceServiceRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

const valueOf = (v: OtlpValue | undefined): unknown =>
  v?.stringValue ?? v?.intValue ?? v?.boolValue ?? v?.doubleValue;
const attributesOf = (kvs: OtlpKeyValue[] | undefined): Record<string, unknown> =>
  Object.fromEntries((kvs ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

/** The spans of one export request; throws on a body that is not an ExportTraceServiceRequest. */
export function spansOfExport(body: unknown): ReceivedSpan[] {
  const request = body as ExportTraceServiceRequest;
  if (typeof request !== 'object' || request === null || !Array.isArray(request.resourceSpans))
    throw new Error('not an ExportTraceServiceRequest');
  return request.resourceSpans.flatMap((rs) => {
    const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? 'unknown_service');
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        service,
        traceId: s.traceId,
        spanId: s.spanId,
        ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
        name: s.name,
        kind: s.kind,
        attributes: attributesOf(s.attributes),
      })),
    );
  });
}

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const received: ReceivedSpan[] = [];
  const receive = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v1/traces') return answer(404, {});
    if (!String(req.headers['content-type']).startsWith('application/json'))
      return answer(415, { message: 'only application/json' });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let raw = Buffer.concat(chunks);
    try {
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      received.push(...spansOfExport(JSON.parse(raw.toString('utf8'))));
    } catch (err) {
      return answer(400, { message: (err as Error).message });
    }
    answer(200, {});
  };
  const server = http.createServer((req, res) => void receive(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
