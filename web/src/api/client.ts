import type { z } from 'zod';
import type { ApiRoute } from '@app/contracts';
import { PlatformMessages } from '@app/contracts/platform-messages';
import type { RouteRef } from '@app/contracts/route-refs';
import { getStoredToken } from '../session/storage';
import { newTraceparent } from './traceparent';

/**
 * The one way the SPA talks to /api. Paths, methods, bodies and responses come from the contract routes, so a
 * call reads `api(login, { body: { email, password } })` and its result is typed by the route.
 *
 * Every answer that carries JSON is returned (SUCCESS or ERROR alike) together with its HTTP status, because
 * each screen handles a 401 its own way (sign out, or go to the login). Only a missing answer (network failure, non-JSON body) throws
 * an ApiError, which the router shows on its error screen.
 */

type JsonRoute = ApiRoute & { response: z.ZodType };
type BinaryRoute = ApiRoute & { produces: string };

type AllOptional<T> = Partial<T> extends T ? true : false;
type BodyPart<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: never };
type QueryPart<R> = R extends { query: infer Q extends z.ZodType }
  ? AllOptional<z.input<Q>> extends true
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : { query?: never };

export type ApiRequest<R extends ApiRoute> = BodyPart<R> &
  QueryPart<R> & {
    /** Pass a loader's `request.signal` so that a navigation away cancels the call. */
    signal?: AbortSignal;
  };

/** The request argument may be left out when the route needs neither a body nor a query. */
type RequestArgs<R extends ApiRoute> =
  AllOptional<ApiRequest<R>> extends true ? [request?: ApiRequest<R>] : [request: ApiRequest<R>];

export type ApiResponse<R extends JsonRoute> = z.output<R['response']> & { httpStatus: number };

export type BlobResponse =
  | {
      ok: true;
      httpStatus: number;
      blob: Blob;
      /** From the answer's Content-Disposition, when it names one. */ fileName?: string;
    }
  | { ok: false; httpStatus: number; message: string };

/**
 * The file name of a `Content-Disposition` header: the UTF-8 `filename*` (RFC 5987) when present, else `filename`.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  if (!plain) return undefined;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2];
}

export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 when no answer arrived at all. */
    readonly httpStatus: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

/** `route` may be a RouteRef (method and path only) where the route's schemas must stay out of the bundle. */
export async function api<R extends JsonRoute>(
  route: R | RouteRef<R>,
  ...[request]: RequestArgs<R>
): Promise<ApiResponse<R>> {
  const response = await send(route, request);
  const result = (await readJson(response)) as ApiResponse<R>;
  result.httpStatus = response.status;
  return result;
}

/** For routes answering a file (PDF, PNG). A failure carries the server's pt-BR message. */
export async function apiBlob<R extends BinaryRoute>(
  route: R,
  ...[request]: RequestArgs<R>
): Promise<BlobResponse> {
  const response = await send(route, request);
  if (response.ok) {
    const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'));
    return {
      ok: true,
      httpStatus: response.status,
      blob: await response.blob(),
      ...(fileName ? { fileName } : {}),
    };
  }
  const failure = (await readJson(response).catch(() => null)) as { message?: unknown } | null;
  const message = typeof failure?.message === 'string' ? failure.message : PlatformMessages.internal;
  return { ok: false, httpStatus: response.status, message };
}

/** Hands a downloaded file to the browser as if the user had clicked a download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty for it to start.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface RawRequest {
  body?: unknown;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
}

async function send(route: Pick<ApiRoute, 'method' | 'path'>, request: RawRequest = {}): Promise<Response> {
  const headers = new Headers({ traceparent: newTraceparent() });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: string | undefined;
  if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  try {
    return await fetch(withQuery(route.path, request.query), {
      method: route.method,
      headers,
      body,
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(PlatformMessages.unavailable, 0, { cause: error });
  }
}

function withQuery(path: string, query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw new ApiError(PlatformMessages.unavailable, response.status, { cause: error });
  }
}
