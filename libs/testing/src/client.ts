import type { ApiRoute, Envelope } from '@app/contracts';

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T> & Record<string, unknown>;
  headers: Headers;
}

/** Calls an /api route through the gateway as the browser would. */
export async function call<T = unknown>(
  baseUrl: string,
  route: ApiRoute,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const url = new URL(route.path, baseUrl);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: route.method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let body: CallResult<T>['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { status: 'ERROR', message: text, payload: null };
  }
  return { status: res.status, body, headers: res.headers };
}

/** A route's payload when it answers 200 (a GET as the given user); any other answer fails the test, naming it. */
export async function payloadOf<T>(baseUrl: string, route: ApiRoute, token: string): Promise<T> {
  const res = await call<T>(baseUrl, route, { token });
  if (res.status !== 200 || res.body.payload == null)
    throw new Error(`${route.method} ${route.path} answered ${res.status}: ${res.body.message}`);
  return res.body.payload;
}

/** Binary routes (PDF, PNG). */
export async function download(
  baseUrl: string,
  route: ApiRoute,
  query: Record<string, string>,
  token?: string,
) {
  const url = new URL(route.path, baseUrl);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
