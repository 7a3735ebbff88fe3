import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { limitStream, type LimitName } from '@app/contracts';
import { deleteStreams, startPrivateNats, type PrivateServer } from '@app/testing';
import { Bus, natsServers, type LimitSettings, type Limits, type Taken } from '../../src/index.js';
import { capturedLogger } from './captured-logger.js';

/**
 * The limits every replica shares (libs/kit limits/), on the real nats-server: a burst gets exactly the
 * limit whichever connection asks, a given-back slot is free again, a rate limit's slot ages out, no key is ever
 * written in a subject, and a store that does not answer refuses or lets through as the caller says, logged once.
 */
const { natsUrl, natsAuth } = inject('stack');
const SECRET = 's'.repeat(40);
const prefixes: string[] = [];
const buses: Bus[] = [];
const servers: PrivateServer[] = [];

afterAll(async () => {
  for (const b of buses) await b.drain();
  for (const p of prefixes) await deleteStreams(natsUrl, p, natsAuth);
  for (const s of servers) await s.remove();
});

/** `count` processes on one prefix (each its own connection, as replicas have), each with the same limits. */
async function replicas(settings: LimitSettings, count = 1, url = natsUrl, prefix = newPrefix()) {
  const opened: Array<{ limits: Limits; lines: Array<Record<string, unknown>> }> = [];
  for (let i = 0; i < count; i++) {
    const { logger, lines } = capturedLogger(`replica-${i}`);
    const bus = await Bus.connect({
      url,
      ...(url === natsUrl ? natsAuth : {}),
      name: `replica-${i}`,
      prefix,
      logger,
    });
    buses.push(bus);
    opened.push({ limits: await bus.limits(settings, SECRET), lines });
  }
  return { prefix, opened };
}

function newPrefix() {
  const prefix = `lim${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  return prefix;
}

const granted = (taken: Taken[]) => taken.filter((t) => t.ok).length;
const reasons = (taken: Taken[]) => taken.map((t) => (t.ok ? 'ok' : t.reason));

async function streamInfo(prefix: string, name: LimitName) {
  const nc = await connect({ servers: natsServers(natsUrl), ...natsAuth });
  try {
    const jsm = await jetstreamManager(nc);
    return await jsm.streams.info(`${prefix.toUpperCase()}_${limitStream(name)}`, { subjects_filter: '>' });
  } finally {
    await nc.close();
  }
}

describe('limits on the real NATS server', () => {
  it('60 takes at once from two replicas on one key get exactly the limit; another key has its own', async () => {
    const { opened } = await replicas({ PAGES_CREATED: { max: 7, windowMs: 60_000 } }, 2);
    const [a, b] = opened.map((o) => o.limits) as [Limits, Limits];
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take('PAGES_CREATED', 'user-1', 'refuse')),
    );
    expect(granted(burst)).toBe(7);
    expect(reasons(burst).filter((r) => r !== 'ok')).toEqual(Array<string>(53).fill('full'));
    expect((await a.take('PAGES_CREATED', 'user-2', 'refuse')).ok).toBe(true);
  });

  it('a given-back slot is free again, once: releasing twice frees one slot', async () => {
    const { opened } = await replicas({ PREVIEWS_WAITING: { max: 2, windowMs: 60_000 } }, 2);
    const [a, b] = opened.map((o) => o.limits) as [Limits, Limits];
    const first = await a.take('PREVIEWS_WAITING', 'user-1', 'refuse');
    const second = await b.take('PREVIEWS_WAITING', 'user-1', 'refuse');
    expect(reasons([first, second, await a.take('PREVIEWS_WAITING', 'user-1', 'refuse')])).toEqual([
      'ok',
      'ok',
      'full',
    ]);
    if (!first.ok) throw new Error('first slot not taken');
    first.release();
    first.release();
    // Given back without waiting: the next take on the other replica finds it free once the delete is in.
    await expect.poll(async () => (await b.take('PREVIEWS_WAITING', 'user-1', 'refuse')).ok).toBe(true);
    expect((await b.take('PREVIEWS_WAITING', 'user-1', 'refuse')).ok).toBe(false);
  });

  it("a rate limit's slots age out after its window (a sliding window)", async () => {
    const { opened } = await replicas({ AUTH_REQUESTS: { max: 2, windowMs: 1000 } });
    const { limits } = opened[0]!;
    const taken = [];
    for (let i = 0; i < 3; i++)
      taken.push(await limits.take('AUTH_REQUESTS', '/api/login|203.0.113.9', 'refuse'));
    expect(reasons(taken)).toEqual(['ok', 'ok', 'full']);
    await expect
      .poll(async () => (await limits.take('AUTH_REQUESTS', '/api/login|203.0.113.9', 'refuse')).ok, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(true);
  });

  it('keeps no account or address in a subject: each key is an HMAC of 32 hex digits', async () => {
    const { prefix, opened } = await replicas({ REQUESTS_IN_PROGRESS: { max: 5, windowMs: 60_000 } });
    await opened[0]!.limits.take('REQUESTS_IN_PROGRESS', '198.51.100.77', 'refuse');
    await opened[0]!.limits.take('REQUESTS_IN_PROGRESS', 'maria@exemplo.com.br', 'refuse');
    const subjects = Object.keys((await streamInfo(prefix, 'REQUESTS_IN_PROGRESS')).state.subjects ?? {});
    expect(subjects).toHaveLength(2);
    for (const subject of subjects) {
      expect(subject).toMatch(new RegExp(`^${prefix}\\.limits\\.requests_in_progress\\.[0-9a-f]{32}$`));
      expect(subject).not.toMatch(/198|maria|exemplo/);
    }
  });

  it('a process started with another size changes it for every replica (the stream is the one place)', async () => {
    const prefix = newPrefix();
    await replicas({ ACTIVATION_MAILS: { max: 3, windowMs: 60_000 } }, 1, natsUrl, prefix);
    const { opened } = await replicas({ ACTIVATION_MAILS: { max: 1, windowMs: 30_000 } }, 1, natsUrl, prefix);
    const info = await streamInfo(prefix, 'ACTIVATION_MAILS');
    expect([info.config.max_msgs_per_subject, info.config.max_age / 1e6]).toEqual([1, 30_000]);
    expect(info.config.discard_new_per_subject).toBe(true);
    const taken = [
      await opened[0]!.limits.take('ACTIVATION_MAILS', 'x', 'refuse'),
      await opened[0]!.limits.take('ACTIVATION_MAILS', 'x', 'refuse'),
    ];
    expect(reasons(taken)).toEqual(['ok', 'full']);
  });

  it('with the server down: `refuse` answers unavailable, `allow` an unchecked slot; logged once, and counted again once back', async () => {
    const server = await startPrivateNats();
    servers.push(server);
    const { opened } = await replicas(
      { REQUESTS_IN_PROGRESS: { max: 1, windowMs: 60_000 } },
      1,
      server.url,
      'down',
    );
    const { limits, lines } = opened[0]!;
    expect((await limits.take('REQUESTS_IN_PROGRESS', 'a', 'refuse')).ok).toBe(true);
    await server.stop();
    const during = [
      await limits.take('REQUESTS_IN_PROGRESS', 'b', 'refuse'),
      await limits.take('REQUESTS_IN_PROGRESS', 'b', 'allow'),
      await limits.take('REQUESTS_IN_PROGRESS', 'b', 'refuse'),
      await limits.take('REQUESTS_IN_PROGRESS', 'b', 'allow'),
    ];
    expect(reasons(during)).toEqual(['unavailable', 'ok', 'unavailable', 'ok']);
    const outages = () => lines.filter((l) => String(l.msg).startsWith('limits store unreachable'));
    expect(outages()).toHaveLength(1);
    await server.start();
    // The stream is on disk: the server restarted with it and with the slot taken before the outage.
    await expect
      .poll(async () => reasons([await limits.take('REQUESTS_IN_PROGRESS', 'a', 'refuse')])[0], {
        timeout: 20_000,
        interval: 200,
      })
      .toBe('full');
    expect((await limits.take('REQUESTS_IN_PROGRESS', 'b', 'refuse')).ok).toBe(true);
    expect(lines.filter((l) => String(l.msg).startsWith('limits store answers again'))).toHaveLength(1);
    expect(outages()).toHaveLength(1);
  });
});
