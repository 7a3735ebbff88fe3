import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkMercadoPagoSignature,
  isSignedByMercadoPago,
  manifestDataId,
} from '../../src/mercadopago/webhook-signature.js';

const secret = 'segredo-do-webhook';
const sign = (dataId: string, requestId: string, ts: string, key = secret) =>
  `ts=${ts},v1=${createHmac('sha256', key).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex')}`;

/*
 * Mercado Pago's documentation ("Webhooks → Validar origem da notificação"): a notification for
 * `?data.id=123456&type=payment` carries `x-request-id` and `x-signature: ts=1704908010,v1=<hex>`, where ts is in
 * Unix SECONDS and v1 is the HMAC-SHA256, with the application's secret signature, of
 * `id:123456;request-id:<x-request-id>;ts:1704908010;`. The documentation's own v1 comes from a secret it does not
 * publish, so the hash is recomputed here with a test secret; everything else is the documented example.
 */
const DOC = {
  query: 'data.id=123456&type=payment',
  dataId: '123456',
  requestId: 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e',
  ts: '1704908010',
  /** The v1 printed in the documentation (signed with Mercado Pago's example secret, unknown here). */
  docV1: '618c85345248dd820d5fd456117c2ab2ef8eda45a0282ff693eac24131a5e839',
};
const DOC_MS = Number(DOC.ts) * 1000;

describe('checkMercadoPagoSignature: the documented example, built by hand', () => {
  const manifest = `id:${DOC.dataId};request-id:${DOC.requestId};ts:${DOC.ts};`;
  const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
  const dataId = new URLSearchParams(DOC.query).get('data.id')!;

  it('accepts it at the moment it was signed and a few minutes later (ts in seconds)', () => {
    for (const offsetMs of [0, 2_000, 4 * 60_000, 5 * 60_000]) {
      expect(
        checkMercadoPagoSignature({
          signature: `ts=${DOC.ts},v1=${v1}`,
          requestId: DOC.requestId,
          dataId,
          secret,
          now: () => DOC_MS + offsetMs,
        }),
      ).toEqual({ ok: true });
    }
  });

  it('refuses it as a replay past 5 minutes, either way, and names the reason', () => {
    for (const offsetMs of [5 * 60_000 + 1_000, -(5 * 60_000 + 1_000), 24 * 3600_000]) {
      expect(
        checkMercadoPagoSignature({
          signature: `ts=${DOC.ts},v1=${v1}`,
          requestId: DOC.requestId,
          dataId,
          secret,
          now: () => DOC_MS + offsetMs,
        }),
      ).toEqual({ ok: false, reason: 'TimestampOutOfTolerance' });
    }
  });

  it('reads the documented header (ts, v1) and compares its hash: with another secret it is a mismatch', () => {
    expect(
      checkMercadoPagoSignature({
        signature: `ts=${DOC.ts},v1=${DOC.docV1}`,
        requestId: DOC.requestId,
        dataId,
        secret,
        now: () => DOC_MS,
      }),
    ).toEqual({ ok: false, reason: 'SignatureMismatch' });
  });

  it('a ts in milliseconds (what mercadopago 2.13 expected) is no longer accepted', () => {
    const tsMs = String(DOC_MS);
    expect(
      checkMercadoPagoSignature({
        signature: sign(DOC.dataId, DOC.requestId, tsMs),
        requestId: DOC.requestId,
        dataId,
        secret,
        now: () => DOC_MS,
      }),
    ).toEqual({ ok: false, reason: 'TimestampOutOfTolerance' });
  });
});

describe('manifestDataId', () => {
  it('lower-cases an alphanumeric data.id, leaves digits and other ids as they are', () => {
    expect(manifestDataId('123456')).toBe('123456');
    expect(manifestDataId('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3')).toBe('ord01jq4s4ky8hwq6na5pxb65b3d3');
    expect(manifestDataId('Abc-123')).toBe('Abc-123');
  });

  it('an alphanumeric id signed lower-case is accepted whatever its case in the query', () => {
    const ts = String(Math.floor(DOC_MS / 1000));
    expect(
      checkMercadoPagoSignature({
        signature: sign('ord01jq4s4ky8hwq6na5pxb65b3d3', DOC.requestId, ts),
        requestId: DOC.requestId,
        dataId: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
        secret,
        now: () => DOC_MS,
      }).ok,
    ).toBe(true);
  });
});

describe('isSignedByMercadoPago', () => {
  const requestId = DOC.requestId;
  const ts = DOC.ts;

  // The clock stands at the moment the notification was signed (ts in seconds, the clock in milliseconds).
  beforeEach(() => {
    vi.useFakeTimers({ now: DOC_MS, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts the documented manifest signed with the secret', () => {
    expect(
      isSignedByMercadoPago({
        signature: sign('123456', requestId, ts),
        requestId,
        dataId: '123456',
        secret,
      }),
    ).toBe(true);
  });

  it('refuses a missing or malformed header, another secret, another id or request id, with a reason', () => {
    const good = sign('123456', requestId, ts);
    const check = (input: Partial<Parameters<typeof checkMercadoPagoSignature>[0]>) =>
      checkMercadoPagoSignature({ signature: good, requestId, dataId: '123456', secret, ...input });
    expect(check({ signature: undefined })).toEqual({ ok: false, reason: 'MissingSignatureHeader' });
    expect(check({ signature: 'garbage' })).toEqual({ ok: false, reason: 'MalformedSignatureHeader' });
    expect(check({ signature: `v1=${'0'.repeat(64)}` })).toEqual({ ok: false, reason: 'MissingTimestamp' });
    expect(check({ signature: `ts=${ts}` })).toEqual({ ok: false, reason: 'MissingHash' });
    expect(check({ signature: sign('123456', requestId, ts, 'outro') })).toEqual({
      ok: false,
      reason: 'SignatureMismatch',
    });
    expect(check({ dataId: '654321' }).ok).toBe(false);
    expect(check({ requestId: 'another' }).ok).toBe(false);
    expect(check({ dataId: undefined })).toEqual({ ok: false, reason: 'MissingDataId' });
    expect(isSignedByMercadoPago({ signature: good, requestId, dataId: '123456', secret })).toBe(true);
  });

  it('accepts a genuine signature only within 5 minutes of its ts (seconds): an old one is a replay', () => {
    const signed = { signature: sign('123456', requestId, ts), requestId, dataId: '123456', secret };
    const at = (offsetMs: number) => {
      vi.setSystemTime(DOC_MS + offsetMs);
      return isSignedByMercadoPago(signed);
    };
    expect(at(4 * 60_000)).toBe(true);
    expect(at(300_000)).toBe(true);
    expect(at(301_000)).toBe(false);
    expect(at(60 * 60_000)).toBe(false);
    expect(at(365 * 24 * 3600_000)).toBe(false);
    // A ts from the future beyond the tolerance is no better.
    expect(at(-301_000)).toBe(false);
  });
});
