import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { RENDER_CONSUMERS } from '@app/contracts';
import type { Bus } from '@app/kit';
import { freePort, httpOk, spawnTs, waitFor, type Managed } from '@app/stack';
import {
  connectBus,
  createActiveUser,
  generatePageCode,
  waitForThumbnail,
  controlProcess,
} from '@app/testing';

const stack = inject('stack');
let bus: Bus;
let jsm: JetStreamManager;

beforeAll(async () => {
  bus = await connectBus(stack, 'worker-test');
  jsm = await jetstreamManager(bus.nc);
});
afterAll(async () => {
  await bus.drain();
});

const control = (proc: string, action: 'stop' | 'start') => controlProcess(stack, proc, action);
const renderConsumer = () =>
  jsm.consumers.info(bus.streamName('JOBS_PDF'), `${stack.natsPrefix}_${RENDER_CONSUMERS.preview}`);

/** The Chromium processes a worker launched. */
const childPids = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map(Number)
    .filter(Boolean);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !/^\s*Z/m.test(execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }));
  } catch {
    return false;
  }
};

describe('pdf-worker', () => {
  it('a worker killed with SIGKILL while it holds a job loses nothing: another worker renders the page', async () => {
    const user = await createActiveUser(stack);
    // Only the doomed worker may take the job: stop the stack's own worker while it happens.
    await control('pdf-worker', 'stop');
    let stackWorkerStopped = true;
    let doomed: Managed | undefined;
    let browsers: number[] = [];
    try {
      const port = await freePort();
      doomed = spawnTs(
        'pdf-worker-doomed',
        'services/pdf-worker/src/main.ts',
        { ...stack.env['pdf-worker'], PORT: String(port) },
        {
          kind: 'dir',
          dir: stack.logDir,
        },
      );
      await waitFor(() => httpOk(`http://127.0.0.1:${port}/ready`), 'the doomed worker to be ready', 60_000);
      browsers = childPids(doomed.child.pid!);
      expect(browsers.length).toBeGreaterThan(0);

      // Frozen, the worker keeps its pull request open on the server, so the job is delivered to it and stays unacked.
      doomed.child.kill('SIGSTOP');
      const before = await renderConsumer();
      const code = await generatePageCode(stack, user.token);
      await waitFor(
        async () => {
          const info = await renderConsumer();
          return info.num_ack_pending === 1 && info.num_pending === 0;
        },
        'the job to be delivered to the doomed worker',
        10_000,
      );
      doomed.child.kill('SIGKILL');
      await new Promise((resolve) => doomed!.child.once('exit', resolve));
      // The browser talks to the worker over a pipe: with the worker gone, it ends by itself (no orphan Chromium).
      await waitFor(
        async () => browsers.every((pid) => !alive(pid)),
        "the killed worker's Chromium to exit",
        15_000,
      );

      await control('pdf-worker', 'start');
      stackWorkerStopped = false;
      // One job, delivered twice: once to the killed worker, once (after the ack wait) to the restarted one, which
      // acks it. Watched on the consumer, not through /api/thumb: a preview that finds no render queues it again,
      // which would rescue the page without proving the redelivery.
      await waitFor(
        async () => {
          const info = await renderConsumer();
          return (
            info.delivered.consumer_seq - before.delivered.consumer_seq === 2 &&
            info.num_ack_pending === 0 &&
            info.num_pending === 0
          );
        },
        'the job to be delivered again and acked',
        60_000,
      );
      const preview = await waitForThumbnail(stack, user.token, code, 10_000);
      expect(preview.status).toBe(200);
      expect(preview.bytes.subarray(1, 4).toString()).toBe('PNG');
      expect((await renderConsumer()).delivered.consumer_seq - before.delivered.consumer_seq).toBe(2);
    } finally {
      await doomed?.stop('SIGKILL');
      for (const pid of browsers) if (alive(pid)) process.kill(pid, 'SIGKILL');
      if (stackWorkerStopped) await control('pdf-worker', 'start');
    }
  }, 90_000);
});
