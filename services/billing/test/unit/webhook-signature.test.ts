import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSignedByMercadoPago } from '../../src/mercadopago/webhook-signature.js';

const secret = 'segredo-do-webhook';
const sign = (dataId: string, requestId: string, ts: string, key = secret) =>
  `ts=${ts},v1=${createHmac('sha256', key).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex')}`;

describe('isSignedByMercadoPago', () => {
  const requestId = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';
  const ts = '1742505638683';

  // The clock stands at the moment the documented notification was signed (ts is in milliseconds).
  beforeEach(() => {
    vi.useFakeTimers({ now: Number(ts), toFake: ['Date'] });
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

  it('refuses a missing or malformed header, another secret, another id or request id', () => {
    const good = sign('123456', requestId, ts);
    expect(isSignedByMercadoPago({ signature: undefined, requestId, dataId: '123456', secret })).toBe(false);
    expect(isSignedByMercadoPago({ signature: 'garbage', requestId, dataId: '123456', secret })).toBe(false);
    expect(
      isSignedByMercadoPago({
        signature: sign('123456', requestId, ts, 'outro'),
        requestId,
        dataId: '123456',
        secret,
      }),
    ).toBe(false);
    expect(isSignedByMercadoPago({ signature: good, requestId, dataId: '654321', secret })).toBe(false);
    expect(isSignedByMercadoPago({ signature: good, requestId: 'another', dataId: '123456', secret })).toBe(
      false,
    );
    expect(isSignedByMercadoPago({ signature: good, requestId, dataId: undefined, secret })).toBe(false);
  });

  it('accepts a genuine signature only within 5 minutes of its ts (milliseconds): an old one is a replay', () => {
    const signed = { signature: sign('123456', requestId, ts), requestId, dataId: '123456', secret };
    const at = (offsetMs: number) => {
      vi.setSystemTime(Number(ts) + offsetMs);
      return isSignedByMercadoPago(signed);
    };
    expect(at(4 * 60_000)).toBe(true);
    expect(at(300_000)).toBe(true);
    expect(at(300_001)).toBe(false);
    expect(at(60 * 60_000)).toBe(false);
    expect(at(365 * 24 * 3600_000)).toBe(false);
    // A ts from the future beyond the tolerance is no better.
    expect(at(-300_001)).toBe(false);
  });
});
