import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type {} from '@app/testing';
import { describe, expect, inject, it, afterAll } from 'vitest';
import { Events, Rpc } from '@app/contracts';
import { Bus, createLogger, runWithContext } from '../../src/index.js';

function capturedLogger(name: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { logger: createLogger(name, 'debug', sink), lines };
}

describe('two services over the real NATS server', () => {
  const { natsUrl } = inject('stack');
  const prefix = `kit${randomUUID().slice(0, 8)}`;
  const buses: Bus[] = [];
  afterAll(async () => {
    for (const b of buses) await b.drain();
  });

  it('exchange a typed request/reply and a JetStream event carrying the request id into both logs', async () => {
    const a = capturedLogger('svc-a');
    const b = capturedLogger('svc-b');
    const busA = await Bus.connect({ url: natsUrl, name: 'svc-a', prefix, logger: a.logger });
    const busB = await Bus.connect({ url: natsUrl, name: 'svc-b', prefix, logger: b.logger });
    buses.push(busA, busB);
    await busA.ensureStreams('EVENTS');

    busB.serve(Rpc.authStats, async () => {
      b.logger.info('stats asked');
      return { totalUsers: 3, usersGoogle: 1, usersLocal: 2 };
    });
    await busB.flush();
    const received = new Promise<string>((resolve) => {
      void busB.consume(
        Events.pageCreated,
        { durable: 'svc-b-pages', ackWaitMs: 5000, maxDeliver: 3 },
        async (event) => {
          b.logger.info({ code: event.code }, 'page event handled');
          resolve(event.code);
        },
      );
    });

    const requestId = `req-${randomUUID()}`;
    const reply = await runWithContext({ requestId }, async () => {
      a.logger.info('asking stats');
      const stats = await busA.request(Rpc.authStats, {});
      await busA.publish(
        Events.pageCreated,
        { eventId: randomUUID(), at: new Date().toISOString(), code: 'abc123', userId: 'u1' },
        { msgID: `page-abc123-${prefix}` },
      );
      return stats;
    });

    expect(reply).toEqual({ totalUsers: 3, usersGoogle: 1, usersLocal: 2 });
    expect(await received).toBe('abc123');
    expect(a.lines.find((l) => l.msg === 'asking stats')?.reqId).toBe(requestId);
    expect(b.lines.find((l) => l.msg === 'stats asked')?.reqId).toBe(requestId);
    expect(b.lines.find((l) => l.msg === 'page event handled')?.reqId).toBe(requestId);
  });

  it('rejects a request that does not match the contract before it leaves the process', async () => {
    const { logger } = capturedLogger('svc-c');
    const bus = await Bus.connect({ url: natsUrl, name: 'svc-c', prefix, logger });
    buses.push(bus);
    await expect(bus.request(Rpc.authGetUser, { userId: 42 } as never)).rejects.toThrow();
  });

  it('reports a missing responder as an RpcError instead of hanging', async () => {
    const { logger } = capturedLogger('svc-d');
    const bus = await Bus.connect({
      url: natsUrl,
      name: 'svc-d',
      prefix: `${prefix}x`,
      logger,
      requestTimeoutMs: 500,
    });
    buses.push(bus);
    await expect(bus.request(Rpc.billingStats, {})).rejects.toMatchObject({ name: 'Error' });
  });
});
