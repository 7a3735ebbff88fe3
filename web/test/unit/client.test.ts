import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PlatformMessages,
  adminUsers,
  downloadPage,
  getBalance,
  login,
  sendTestEmail,
  validateToken,
} from '@app/contracts';
import { ApiError, api, apiBlob, fileNameFromDisposition } from '../../src/api/client';
import { saveSession } from '../../src/session/storage';
import { MemoryStorage } from './memoryStorage';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', new MemoryStorage());
  return () => vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function lastCall() {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('api', () => {
  it('starts a new trace with every request (a W3C traceparent, kept), never the same one twice', async () => {
    fetchMock.mockImplementation(async () => json({ status: 'SUCCESS', message: '', payload: null }));

    await api(getBalance);
    const first = lastCall().headers.get('traceparent');
    await api(getBalance);
    const second = lastCall().headers.get('traceparent');

    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second!.slice(3, 35)).not.toBe(first!.slice(3, 35));
  });

  it('sends the route method and path with the query, and returns the envelope with the HTTP status', async () => {
    fetchMock.mockResolvedValue(json({ status: 'SUCCESS', message: '', payload: null }));

    const result = await api(validateToken, { query: { token: 'a b&c' } });

    expect(lastCall().url).toBe('/api/validateToken?token=a+b%26c');
    expect(lastCall().init.method).toBe('GET');
    expect(lastCall().init.body).toBeUndefined();
    expect(result).toEqual({ status: 'SUCCESS', message: '', payload: null, httpStatus: 200 });
  });

  it('leaves out query values that are not set', async () => {
    fetchMock.mockImplementation(async () =>
      json({ status: 'SUCCESS', message: '', payload: [], data: [], total: 0 }),
    );
    await api(adminUsers, { query: { limit: 10 } });
    expect(lastCall().url).toBe('/api/admin/users?limit=10');
    await api(adminUsers);
    expect(lastCall().url).toBe('/api/admin/users');
  });

  it('posts the body as JSON', async () => {
    fetchMock.mockResolvedValue(
      json({ status: 'SUCCESS', message: '', payload: { token: 't', email: 'a@b.co', fullname: 'Ana' } }),
    );
    const body = { email: 'a@b.co', password: 'segredo' };

    const result = await api(login, { body });

    expect(lastCall().url).toBe('/api/login');
    expect(lastCall().init.method).toBe('POST');
    expect(lastCall().headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(lastCall().init.body))).toEqual(body);
    expect(result.payload?.fullname).toBe('Ana');
  });

  it('sends no body and no content type for a POST without one', async () => {
    fetchMock.mockResolvedValue(json({ status: 'SUCCESS', message: '', payload: 'ok' }));
    await api(sendTestEmail);
    expect(lastCall().init.method).toBe('POST');
    expect(lastCall().init.body).toBeUndefined();
    expect(lastCall().headers.has('Content-Type')).toBe(false);
  });

  it('carries the stored token as a bearer token, and none without a session', async () => {
    fetchMock.mockImplementation(async () => json({ status: 'SUCCESS', message: '', payload: 1 }));
    await api(getBalance);
    expect(lastCall().headers.has('Authorization')).toBe(false);

    saveSession({ token: 'jwt-123', email: 'a@b.co', fullname: 'Ana' });
    await api(getBalance);
    expect(lastCall().headers.get('Authorization')).toBe('Bearer jwt-123');
  });

  it('returns an ERROR envelope with its status instead of throwing, so callers can apply the 401 rules', async () => {
    fetchMock.mockResolvedValue(
      json({ status: 'ERROR', message: 'Sessão inválida', payload: null, code: 'UNAUTHORIZED' }, 401),
    );
    const result = await api(getBalance);
    expect(result).toMatchObject({ status: 'ERROR', httpStatus: 401, code: 'UNAUTHORIZED' });
  });

  it('throws an ApiError with status 0 when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await api(getBalance).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ httpStatus: 0, message: PlatformMessages.unavailable });
  });

  it('throws an ApiError carrying the status when the answer is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(api(getBalance)).rejects.toMatchObject({ name: 'ApiError', httpStatus: 502 });
  });

  it('lets a cancelled call fail as an abort, not as an ApiError', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(api(getBalance, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(lastCall().init.signal).toBe(controller.signal);
  });
});

describe('apiBlob', () => {
  it('returns the file of a binary route', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 }),
    );

    const result = await apiBlob(downloadPage, { query: { code: 'abc123' } });

    expect(lastCall().url).toBe('/api/page?code=abc123');
    expect(result.ok).toBe(true);
    if (result.ok) expect(await result.blob.text()).toBe('%PDF-1.7');
    if (result.ok) expect(result.fileName).toBeUndefined();
  });

  it('names the file as the server does in Content-Disposition (the purchase date, with its accent)', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Blob(['%PDF-1.7']), {
        status: 200,
        headers: {
          'Content-Disposition':
            'attachment; filename="matematica-03-11-2026.pdf"; filename*=UTF-8\'\'matem%C3%A1tica-03-11-2026.pdf',
        },
      }),
    );
    const result = await apiBlob(downloadPage, { query: { code: 'abc123' } });
    expect(result.ok && result.fileName).toBe('matemática-03-11-2026.pdf');
  });

  it("returns the server's message and status on failure", async () => {
    fetchMock.mockResolvedValue(
      json({ status: 'ERROR', message: 'Página não encontrada.', payload: null }, 404),
    );
    expect(await apiBlob(downloadPage, { query: { code: 'x' } })).toEqual({
      ok: false,
      httpStatus: 404,
      message: 'Página não encontrada.',
    });
  });

  it('falls back to a generic message when the failure has no JSON body', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    expect(await apiBlob(downloadPage, { query: { code: 'x' } })).toEqual({
      ok: false,
      httpStatus: 500,
      message: PlatformMessages.internal,
    });
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, then the quoted or bare plain name', () => {
    expect(fileNameFromDisposition('attachment; filename="a.pdf"; filename*=UTF-8\'\'%C3%A1.pdf')).toBe(
      'á.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(fileNameFromDisposition('attachment; filename="ok.pdf"; filename*=UTF-8\'\'%E0%A4%A.pdf')).toBe(
      'ok.pdf',
    );
  });

  it('answers nothing without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition('inline')).toBeUndefined();
  });
});
