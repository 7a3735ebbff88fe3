import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { deleteStreams } from '@app/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Events, type MessagePayload } from '@app/contracts';
import { Bus, type ConnectionChange } from '../../src/index.js';
import { capturedLogger } from './captured-logger.js';

type Revoked = MessagePayload<typeof Events.sessionsRevoked>;

const revoked = (userId: string, tokenVersion: number): Revoked => ({
  eventId: `events.auth.sessions.revoked:${userId}:${tokenVersion}`,
  at: new Date().toISOString(),
  userId,
  tokenVersion,
});

/** Collects what a listener hears and lets a test wait, without a timer, until a given message has arrived. */
function hearing() {
  const heard: Revoked[] = [];
  const waiters: Array<{ userId: string; resolve: () => void }> = [];
  return {
    heard,
    handler: (event: Revoked) => {
      heard.push(event);
      for (const w of waiters.filter((w) => w.userId === event.userId)) w.resolve();
    },
    until: (userId: string) =>
      heard.some((e) => e.userId === userId)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ userId, resolve })),
  };
}

/** A TCP hop between a client and the NATS server whose connections the test can cut. */
async function cuttableProxy(natsUrl: string) {
  const target = new URL(natsUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 4222), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `nats://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    cut: () => sockets.forEach((s) => s.destroy()),
    /** Stops listening; the connections still open end when their client closes them. */
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('fan-out listeners over the real NATS server', () => {
  const { natsUrl, natsAuth } = inject('stack');
  const prefix = `fan${randomUUID().slice(0, 8)}`;
  const buses: Bus[] = [];
  const connect = async (name: string, url = natsUrl) => {
    const captured = capturedLogger(name);
    const bus = await Bus.connect({ url, ...natsAuth, name, prefix, logger: captured.logger });
    buses.push(bus);
    return { bus, ...captured };
  };
  afterAll(async () => {
    for (const b of buses) await b.drain();
    // The streams this file made on the machine's NATS.
    await deleteStreams(natsUrl, prefix, natsAuth);
  });

  it('every replica hears every event published to JetStream (no queue group)', async () => {
    const publisher = await connect('auth');
    await publisher.bus.ensureStreams('EVENTS');
    // Two replicas of the same service: a queue group would split the events between them.
    const replicas = await Promise.all([connect('gateway'), connect('gateway')]);
    const ears = replicas.map(({ bus }) => {
      const ear = hearing();
      bus.listen(Events.sessionsRevoked, ear.handler);
      return ear;
    });
    await Promise.all(replicas.map(({ bus }) => bus.flush()));
    const users = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, userId] of users.entries())
      await publisher.bus.publish(Events.sessionsRevoked, revoked(userId, i + 1), {
        msgID: revoked(userId, i + 1).eventId,
      });
    await Promise.all(ears.map((ear) => ear.until(users.at(-1)!)));
    for (const ear of ears)
      expect(ear.heard.map((e) => [e.userId, e.tokenVersion])).toEqual(users.map((u, i) => [u, i + 1]));
  });

  it('logs and drops a message that does not match the contract, and hears the next one', async () => {
    const listener = await connect('gateway');
    const ear = hearing();
    listener.bus.listen(Events.sessionsRevoked, ear.handler);
    await listener.bus.flush();
    const subject = listener.bus.subject(Events.sessionsRevoked.subject);
    listener.bus.nc.publish(subject, new TextEncoder().encode('{"userId": 42}'));
    listener.bus.nc.publish(subject, new TextEncoder().encode('not json'));
    const marker = randomUUID();
    listener.bus.nc.publish(subject, new TextEncoder().encode(JSON.stringify(revoked(marker, 1))));
    // One connection's messages arrive in order: once the marker is heard, the two before it were handled.
    await ear.until(marker);
    expect(ear.heard.map((e) => e.userId)).toEqual([marker]);
    const dropped = listener.lines.filter((l) => l.msg === 'invalid event dropped');
    expect(dropped).toHaveLength(2);
    expect(dropped[0]).toMatchObject({ subject: 'events.auth.sessions.revoked', level: 40 });
  });

  it('tells its listeners when the connection drops and when it is back, and hears events again after', async () => {
    const proxy = await cuttableProxy(natsUrl);
    try {
      const { bus } = await connect('gateway', proxy.url);
      const publisher = await connect('auth');
      const changes: ConnectionChange[] = [];
      const stop = bus.onConnectionChange((change) => changes.push(change));
      // A second listener that stays, to know when the connection is back each time.
      const reconnections: Array<() => void> = [];
      const nextReconnection = () => new Promise<void>((resolve) => reconnections.push(resolve));
      bus.onConnectionChange((change) => {
        if (change === 'reconnected') reconnections.shift()?.();
      });
      const ear = hearing();
      bus.listen(Events.sessionsRevoked, ear.handler);
      await bus.flush();
      let back = nextReconnection();
      proxy.cut();
      await back;
      expect(changes).toEqual(['disconnected', 'reconnected']);
      // The subscription came back with the connection.
      await bus.flush();
      const userId = randomUUID();
      await publisher.bus.publish(Events.sessionsRevoked, revoked(userId, 1), {
        msgID: revoked(userId, 1).eventId,
      });
      await ear.until(userId);
      // A listener that stopped is told nothing more.
      stop();
      back = nextReconnection();
      proxy.cut();
      await back;
      expect(changes).toEqual(['disconnected', 'reconnected']);
      await bus.drain();
    } finally {
      await proxy.close();
    }
  });
});
