import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { createPage, Msg, RENDER_CONSUMERS, renderFiles, thumb } from '@app/contracts';
import type { Bus, FileStore } from '@app/kit';
import {
  call,
  connectBus,
  createActiveUser,
  defaultPageRequest,
  download,
  generatePageCode,
  restartProcess,
  waitForThumbnail,
  controlProcess,
} from '@app/testing';

/**
 * One account's burst of pages does not slow another's preview. The stack's worker is stopped while
 * Ana makes pages as fast as she can and Bia makes one, then started with one tab (renders one at a time, in the
 * order of its queue): the renders stored before Bia's preview are counted, never timed. Before, Ana's 106 pages all
 * went into the worker's queue ahead of everyone else's, and each 503 of /api/thumb queued one more render.
 */
const stack = inject('stack');
const gw = stack.gatewayUrl;
let bus: Bus;
let files: FileStore;
let jsm: JetStreamManager;

/** pages' defaults (services/pages/src/config.ts), which the tier's stack keeps. */
const IN_FLIGHT_PER_ACCOUNT = 2;
const WAITING_PER_ACCOUNT = 10;

beforeAll(async () => {
  bus = await connectBus(stack, 'fair-previews-test');
  files = await bus.fileStore('RENDERS');
  jsm = await jetstreamManager(bus.nc);
});
afterAll(async () => {
  await restartProcess(stack, 'pdf-worker');
  await bus.drain();
});

/** Preview jobs in the worker's queue: waiting for it, or handed to it and not yet done. */
async function previewJobs(): Promise<number> {
  const info = await jsm.consumers.info(
    bus.streamName('JOBS_PDF'),
    `${stack.natsPrefix}_${RENDER_CONSUMERS.preview}`,
  );
  return info.num_pending + info.num_ack_pending;
}

const control = (proc: string, action: 'stop' | 'start') => controlProcess(stack, proc, action);

describe('fair previews', () => {
  it("one account's burst puts at most 2 of its renders ahead of another account's preview", async () => {
    const ana = await createActiveUser(stack);
    const bia = await createActiveUser(stack);
    await control('pdf-worker', 'stop');
    const before = await previewJobs();

    // Ana makes pages one after another until she is told to wait: 10 previews not drawn.
    const made: string[] = [];
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i <= WAITING_PER_ACCOUNT && !refused; i++) {
      const res = await call<string>(gw, createPage, { body: defaultPageRequest, token: ana.token });
      if (res.status === 200) made.push(res.body.payload!);
      else refused = res;
    }
    expect(made).toHaveLength(WAITING_PER_ACCOUNT);
    expect([refused?.status, refused?.body.code, refused?.body.message]).toEqual([
      429,
      'RATE_LIMITED',
      Msg.previewsStillWaiting,
    ]);
    // Two of them are in the worker's queue; the other eight wait in pages, in order.
    expect((await previewJobs()) - before).toBe(IN_FLIGHT_PER_ACCOUNT);

    // Asking for previews not drawn yet (one in the worker's queue, one waiting in pages) queues nothing more, also
    // after the 503 that ends each wait.
    for (const code of [made[0]!, made.at(-1)!]) {
      const res = await download(gw, thumb, { code }, ana.token);
      expect(res.status).toBe(503);
    }
    expect((await previewJobs()) - before).toBe(IN_FLIGHT_PER_ACCOUNT);

    // Bia's one page goes into the worker's queue behind Ana's two, not behind her ten.
    const biaCode = await generatePageCode(stack, bia.token);
    expect((await previewJobs()) - before).toBe(IN_FLIGHT_PER_ACCOUNT + 1);

    // The worker comes back with one tab: renders one at a time, in its queue's order. The files stored are
    // recorded in order (the bucket's watch hears each once it is complete).
    const stored: string[] = [];
    const stopWatching = await files.watch((name) => stored.push(name));
    try {
      await restartProcess(stack, 'pdf-worker', { PDF_TABS: '1' });
      expect((await waitForThumbnail(stack, bia.token, biaCode, 120_000)).status).toBe(200);
      const biaAt = stored.indexOf(renderFiles(biaCode).png);
      expect(biaAt).toBeGreaterThanOrEqual(0);
      const anasAhead = stored
        .slice(0, biaAt)
        .filter((name) => made.some((c) => name === renderFiles(c).png));
      expect(anasAhead).toEqual(made.slice(0, IN_FLIGHT_PER_ACCOUNT).map((c) => renderFiles(c).png));

      // And every one of Ana's pages is drawn in the end, in the order she made them.
      for (const code of made)
        expect((await waitForThumbnail(stack, ana.token, code, 120_000)).status).toBe(200);
      const anas = stored.filter((name) => made.some((c) => name === renderFiles(c).png));
      expect(anas).toEqual(made.map((c) => renderFiles(c).png));
    } finally {
      stopWatching();
    }
  }, 300_000);
});
