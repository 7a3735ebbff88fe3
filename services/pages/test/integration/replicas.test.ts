import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getUser, renderFiles } from '@app/contracts';
import { identityHeaders, REQUEST_ID_HEADER, startService, type Bus, type RunningService } from '@app/kit';
import { call, connectBus, createActiveUser, generatePageCode, controlProcess } from '@app/testing';
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

const control = (proc: string, action: 'stop' | 'start') => controlProcess(stack, proc, action);

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
    // No worker while it happens: the test stores the files itself, once both replicas are waiting for them.
    await control('pdf-worker', 'stop');
    const replicas: RunningService[] = [];
    try {
      // Two replicas of this test's own, in this process, on the stack's database, NATS and bucket (the stack's own
      // pages may still be completing an earlier test's purchase: its waits are not this test's). Each waits longer
      // than the test may run, so only the notice (never its timeout) can end its wait.
      for (let i = 0; i < 2; i++)
        replicas.push(
          await startService(pages, {
            ...stack.env.pages,
            PORT: '0',
            RENDER_WAIT_MS: '25000',
            LOG_LEVEL: 'warn',
          }),
        );
      const urls = replicas.map((r) => r.url);
      const code = await generatePageCode(stack, user.token);
      const before = await Promise.all(urls.map((url) => metric(url, 'pages_render_wakeups_total')));

      const asked = urls.map((url) => {
        const requestId = randomUUID();
        return fetch(`${url}/api/thumb?code=${code}`, {
          headers: {
            [REQUEST_ID_HEADER]: requestId,
            ...identityHeaders(stack.secrets.INTERNAL_SECRET, { userId, role: 'user' }, requestId),
          },
        });
      });
      await vi.waitFor(
        async () => {
          for (const url of urls) expect(await metric(url, 'pages_render_waiting')).toBe(1);
        },
        { timeout: 5000, interval: 50 },
      );

      const files = await bus.fileStore('RENDERS');
      await files.put(renderFiles(code).pdf, Buffer.from('%PDF-1.7 test render'));
      await files.put(renderFiles(code).png, PNG);

      for (const res of await Promise.all(asked)) {
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      }
      // Each replica's wait was ended by the notice of the stored file, not by a timeout or a poll, and none is left.
      for (const [i, url] of urls.entries()) {
        expect(await metric(url, 'pages_render_wakeups_total')).toBe(before[i]! + 1);
        expect(await metric(url, 'pages_render_waiting')).toBe(0);
      }
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
      await control('pdf-worker', 'start');
    }
  }, 60_000);
});
