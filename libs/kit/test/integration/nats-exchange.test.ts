import { randomUUID } from 'node:crypto';
import { deleteStreams } from '@app/testing';
import { describe, expect, inject, it, afterAll } from 'vitest';
import { Events, Jobs, Rpc } from '@app/contracts';
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream';
import { Bus, RetryLater, runWithContext } from '../../src/index.js';
import { capturedLogger } from './captured-logger.js';

describe('two services over the real NATS server', () => {
  const { natsUrl, natsAuth } = inject('stack');
  const prefix = `kit${randomUUID().slice(0, 8)}`;
  const buses: Bus[] = [];
  afterAll(async () => {
    for (const b of buses) await b.drain();
    // The streams this file made on the machine's NATS, the slow consumer's under a prefix of its own.
    await deleteStreams(natsUrl, prefix, natsAuth);
    await deleteStreams(natsUrl, `${prefix}slow`, natsAuth);
    await deleteStreams(natsUrl, `${prefix}later`, natsAuth);
  });

  it('exchange a typed request/reply and a JetStream event carrying the request id into both logs', async () => {
    const a = capturedLogger('svc-a');
    const b = capturedLogger('svc-b');
    const busA = await Bus.connect({ url: natsUrl, ...natsAuth, name: 'svc-a', prefix, logger: a.logger });
    const busB = await Bus.connect({ url: natsUrl, ...natsAuth, name: 'svc-b', prefix, logger: b.logger });
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
    const slowPrefix = `${prefix}slow`;
    const bus = await Bus.connect({
      url: natsUrl,
      ...natsAuth,
      name: 'svc-slow',
      prefix: slowPrefix,
      logger,
    });
    buses.push(bus);
    await bus.ensureStreams('JOBS_PDF', 'EVENTS');
    // The heartbeat (working() every max(1 s, ackWait / 3)) leaves 2 s of slack on a busy machine.
    const ackWaitMs = 3000;
    const deliveries: number[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    void bus.consume(
      Jobs.renderDocument,
      { durable: 'slow', ackWaitMs, maxDeliver: 5 },
      async (_job, ctx) => {
        deliveries.push(ctx.deliveryCount);
        started();
        // Held until the test has seen ack waits go by, without calling working() itself.
        await released;
        finish();
      },
    );
    await bus.publish(
      Jobs.renderDocument,
      {
        code: 'slow-job',
        seed: 's',
        options: { add: true, sub: false, mult: false, div: false, answers: false, level: 0 },
      },
      { msgID: `slow-job-${prefix}` },
    );
    await running;

    // The server's own clock as witness: a message delivered after the job, with the same ack wait and never
    // acked, comes back once per ack wait. Its third delivery means two whole ack waits have passed on the
    // server since the slow job was handed out.
    const jsm = await jetstreamManager(bus.nc);
    const events = bus.streamName('EVENTS');
    await jsm.consumers.add(events, {
      durable_name: 'witness',
      ack_policy: AckPolicy.Explicit,
      ack_wait: ackWaitMs * 1_000_000,
      max_deliver: 10,
      filter_subject: bus.subject(Events.pageCreated.subject),
    });
    await bus.publish(
      Events.pageCreated,
      { eventId: randomUUID(), at: new Date().toISOString(), code: 'witness', userId: 'u1' },
      { msgID: `witness-${prefix}` },
    );
    const witness = await bus.js.consumers.get(events, 'witness');
    for (let delivery = 1; delivery <= 3; delivery++) {
      const m = await witness.next({ expires: 30_000 });
      expect(m?.info.deliveryCount).toBe(delivery);
    }

    release();
    await finished;
    const slow = await bus.js.consumers.get(bus.streamName('JOBS_PDF'), `${slowPrefix}_slow`);
    // The ack is sent after the handler returns: wait for the server to have it, then read its final counts.
    await expect.poll(async () => (await slow.info()).num_ack_pending, { timeout: 15_000 }).toBe(0);
    const info = await slow.info();
    // Every delivery, redeliveries included, takes a consumer sequence number: one means it was never redelivered.
    expect(info.delivered.consumer_seq).toBe(1);
    expect(info.ack_floor.stream_seq).toBe(info.delivered.stream_seq);
    expect(deliveries).toEqual([1]);
  });

  it("brings back a job whose handler says RetryLater after the handler's own delay, logged at info, then acks it", async () => {
    const { logger, lines } = capturedLogger('svc-later');
    const bus = await Bus.connect({
      url: natsUrl,
      ...natsAuth,
      name: 'svc-later',
      prefix: `${prefix}later`,
      logger,
    });
    buses.push(bus);
    await bus.ensureStreams('JOBS_PAGES');
    // Longer than the failures' back-off after a first delivery (1 s): the delay seen is the handler's.
    const delayMs = 2500;
    const deliveries: Array<{ n: number; at: number }> = [];
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    void bus.consume(
      Jobs.buySet,
      { durable: 'later', ackWaitMs: 10_000, maxDeliver: 3 },
      async (_job, ctx) => {
        deliveries.push({ n: ctx.deliveryCount, at: Date.now() });
        if (ctx.deliveryCount === 1) throw new RetryLater('not printed yet', delayMs);
        finish();
      },
    );
    await bus.publish(
      Jobs.buySet,
      { userId: 'u1', setCode: 'set-later', holdId: 'hold-1' },
      { msgID: `later-${prefix}` },
    );
    await finished;

    expect(deliveries.map((d) => d.n)).toEqual([1, 2]);
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(delayMs - 100);
    const later = lines.filter((l) => l.msg === 'message not done yet: it comes back later');
    expect(later).toEqual([
      expect.objectContaining({ level: 30, reason: 'not printed yet', deliveryCount: 1 }),
    ]);
    expect(lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('message failed'))).toEqual([]);
    const consumer = await bus.js.consumers.get(bus.streamName('JOBS_PAGES'), `${prefix}later_later`);
    await expect.poll(async () => (await consumer.info()).num_ack_pending, { timeout: 15_000 }).toBe(0);
    expect((await consumer.info()).num_pending).toBe(0);
  });

  it('carries the request id it is handed when the caller runs no request context (the gateway)', async () => {
    const a = capturedLogger('svc-e');
    const b = capturedLogger('svc-f');
    const busA = await Bus.connect({
      url: natsUrl,
      ...natsAuth,
      name: 'svc-e',
      prefix: `${prefix}e`,
      logger: a.logger,
    });
    const busB = await Bus.connect({
      url: natsUrl,
      ...natsAuth,
      name: 'svc-f',
      prefix: `${prefix}e`,
      logger: b.logger,
    });
    buses.push(busA, busB);
    busB.serve(Rpc.authStats, async () => {
      b.logger.info('stats asked');
      return { totalUsers: 0, usersGoogle: 0, usersLocal: 0 };
    });
    await busB.flush();
    const requestId = `req-${randomUUID()}`;
    await busA.request(Rpc.authStats, {}, { requestId });
    expect(b.lines.find((l) => l.msg === 'stats asked')?.reqId).toBe(requestId);
  });

  it('rejects a request that does not match the contract before it leaves the process', async () => {
    const { logger } = capturedLogger('svc-c');
    const bus = await Bus.connect({ url: natsUrl, ...natsAuth, name: 'svc-c', prefix, logger });
    buses.push(bus);
    await expect(bus.request(Rpc.authGetUser, { userId: 42 } as never)).rejects.toThrow();
  });

  it('reports a missing responder as an RpcError instead of hanging', async () => {
    const { logger } = capturedLogger('svc-d');
    const bus = await Bus.connect({
      url: natsUrl,
      ...natsAuth,
      name: 'svc-d',
      prefix: `${prefix}x`,
      logger,
      requestTimeoutMs: 500,
    });
    buses.push(bus);
    await expect(bus.request(Rpc.billingStats, {})).rejects.toMatchObject({ name: 'Error' });
  });
});
