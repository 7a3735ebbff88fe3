import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type {} from '@app/testing';
import { describe, expect, inject, it, afterAll } from 'vitest';
import { Events, Jobs, Rpc } from '@app/contracts';
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

  it('keeps a slow job with its consumer past the ack wait: delivered once, acked once', async () => {
    const { logger } = capturedLogger('svc-slow');
    const bus = await Bus.connect({ url: natsUrl, name: 'svc-slow', prefix: `${prefix}slow`, logger });
    buses.push(bus);
    await bus.ensureStreams('JOBS_PDF');
    const ackWaitMs = 1500;
    const deliveries: number[] = [];
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    void bus.consume(Jobs.renderPage, { durable: 'slow', ackWaitMs, maxDeliver: 5 }, async (_job, ctx) => {
      deliveries.push(ctx.deliveryCount);
      // Three ack waits long, without calling working() itself.
      await new Promise((r) => setTimeout(r, ackWaitMs * 3));
      finish();
    });
    await bus.publish(
      Jobs.renderPage,
      {
        code: 'slow-job',
        seed: 's',
        options: { add: true, sub: false, mult: false, div: false, answers: false, level: 0 },
      },
      { msgID: `slow-job-${prefix}` },
    );
    await finished;
    await new Promise((r) => setTimeout(r, ackWaitMs + 500));
    expect(deliveries).toEqual([1]);
    const info = await (await bus.js.consumers.get(bus.streamName('JOBS_PDF'), `${prefix}slow_slow`)).info();
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
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
