import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getUser, renderFiles, thumb } from '@app/contracts';
import { identityHeaders, REQUEST_ID_HEADER, startService, type Bus, type RunningService } from '@app/kit';
import { call, connectBus, createActiveUser, download, generatePageCode } from '@app/testing';
import { service as pages } from '../../src/service.js';

const stack = inject('stack');
const gw = stack.gatewayUrl;
let bus: Bus;

beforeAll(async () => {
  bus = await connectBus(stack, 'pages-replicas-test');
});
afterAll(async () => {
  await bus.drain();
});

const control = async (proc: string, action: 'stop' | 'start') => {
  const res = await fetch(`${stack.controlUrl}/${proc}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`${action} ${proc}: ${await res.text()}`);
};

/** One series of a replica's /metrics (0 when absent). */
async function metric(baseUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

describe('pages replicas', () => {
  it('a preview asked of either of two replicas answers as soon as its file is stored, woken by the bucket watch', async () => {
    const user = await createActiveUser(stack);
    const userId = (await call<{ _id: string }>(gw, getUser, { token: user.token })).body.payload!._id;
    const replicaA = `http://127.0.0.1:${stack.env.pages!.PORT}`;
    // No worker while it happens: the test stores the files itself, once both replicas are waiting for them.
    await control('pdf-worker', 'stop');
    let replicaB: RunningService | undefined;
    try {
      // A second replica in this process, on the same database, NATS and bucket; it waits longer than the test
      // may run, so only the notice (never its timeout) can end its wait.
      replicaB = await startService(pages, {
        ...stack.env.pages,
        PORT: '0',
        RENDER_WAIT_MS: '25000',
        LOG_LEVEL: 'warn',
      });
      const code = await generatePageCode(stack, user.token);
      const before = {
        a: await metric(replicaA, 'pages_render_wakeups_total'),
        b: await metric(replicaB.url, 'pages_render_wakeups_total'),
      };

      const viaA = download(gw, thumb, { code }, user.token);
      const requestId = randomUUID();
      const viaB = fetch(`${replicaB.url}/api/thumb?code=${code}`, {
        headers: {
          [REQUEST_ID_HEADER]: requestId,
          ...identityHeaders(stack.secrets.INTERNAL_SECRET, { userId, role: 'user' }, requestId),
        },
      });
      await vi.waitFor(
        async () => {
          expect(await metric(replicaA, 'pages_render_waiting')).toBe(1);
          expect(await metric(replicaB!.url, 'pages_render_waiting')).toBe(1);
        },
        { timeout: 5000, interval: 50 },
      );

      const files = await bus.fileStore('RENDERS');
      await files.put(renderFiles(code).pdf, Buffer.from('%PDF-1.7 test render'));
      await files.put(renderFiles(code).png, PNG);

      const [a, b] = await Promise.all([viaA, viaB]);
      expect(a.status).toBe(200);
      expect(a.bytes.equals(PNG)).toBe(true);
      expect(b.status).toBe(200);
      expect(Buffer.from(await b.arrayBuffer()).equals(PNG)).toBe(true);
      // Each replica's wait was ended by the notice of the stored file, not by a timeout or a poll.
      expect(await metric(replicaA, 'pages_render_wakeups_total')).toBe(before.a + 1);
      expect(await metric(replicaB.url, 'pages_render_wakeups_total')).toBe(before.b + 1);
      // No wait is left behind. Drained rather than read once: on a busy machine a request the gateway asked again
      // (a connection reset) may still be reading the stored file as the first answer arrives.
      await vi.waitFor(
        async () => {
          expect(await metric(replicaA, 'pages_render_waiting')).toBe(0);
          expect(await metric(replicaB!.url, 'pages_render_waiting')).toBe(0);
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await replicaB?.stop();
      await control('pdf-worker', 'start');
    }
  }, 20_000);
});
