import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { Objm } from '@nats-io/obj';
import { downloadPage, RENDER_CONSUMERS, renderFiles } from '@app/contracts';
import type { Bus, FileStore } from '@app/kit';
import {
  buyPage,
  balanceOf,
  connectBus,
  download,
  generatePageCode,
  readPdf,
  restartProcess,
  waitForThumbnail,
  type TestSession,
  fundedMember,
} from '@app/testing';

// Generating a page draws its preview only; its PDF is printed when the page is bought (or ahead of time by an idle
// worker), and nobody is charged before it is stored. The stack's worker is restarted with the setting under test
// and given back its own settings at the end.

const stack = inject('stack');
const gw = stack.gatewayUrl;
let bus: Bus;
let files: FileStore;
let jsm: JetStreamManager;

beforeAll(async () => {
  bus = await connectBus(stack, 'on-demand-test');
  files = await bus.fileStore('RENDERS');
  jsm = await jetstreamManager(bus.nc);
});
afterAll(async () => {
  await restartProcess(stack, 'pdf-worker');
  await bus.drain();
});

const buyAs = (user: TestSession, code: string) => buyPage(stack, user.token, code);

/** Document jobs the worker's consumer has been handed so far, and those waiting for it. */
async function documentJobs() {
  const info = await jsm.consumers.info(
    bus.streamName('JOBS_PDF'),
    `${stack.natsPrefix}_${RENDER_CONSUMERS.document}`,
  );
  return { delivered: info.delivered.consumer_seq, pending: info.num_pending };
}

async function pdfPages(bytes: Buffer): Promise<number> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await readPdf(bytes)).pages.length;
}

describe('PDFs printed when bought (PDF_PRERENDER=off)', () => {
  beforeAll(() => restartProcess(stack, 'pdf-worker', { PDF_PRERENDER: 'off' }));

  it('generating draws the preview only; buying prints the PDF, then charges once', async () => {
    const user = await fundedMember(stack, 5);
    const code = await generatePageCode(stack, user.token, {
      add: true,
      sub: true,
      mult: false,
      div: true,
      answers: true,
      level: 2,
    });
    expect((await waitForThumbnail(stack, user.token, code)).status).toBe(200);
    // The preview's job stored its picture and nothing else.
    expect(await files.has(renderFiles(code).pdf)).toBe(false);
    const before = await documentJobs();

    const bought = await buyAs(user, code);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ status: 'SUCCESS', payload: { balance: 4.5 } });
    // The purchase answered once the PDF was stored: it is there, and it was printed for this purchase.
    expect(await files.has(renderFiles(code).pdf)).toBe(true);
    expect(await documentJobs()).toEqual({ delivered: before.delivered + 1, pending: 0 });

    const file = await download(gw, downloadPage, { code }, user.token);
    expect(file.status).toBe(200);
    expect(await pdfPages(file.bytes)).toBe(2);
    expect(await balanceOf(stack, user.token)).toBe(4.5);
  });

  it('a bought page whose PDF is lost is printed again at once, and its download waits for it', async () => {
    const user = await fundedMember(stack, 5);
    const code = await generatePageCode(stack, user.token);
    await waitForThumbnail(stack, user.token, code);
    expect((await buyAs(user, code)).status).toBe(200);

    const bucket = await new Objm(bus.js).open(bus.streamName('RENDERS'));
    await bucket.delete(renderFiles(code).pdf);
    expect(await files.has(renderFiles(code).pdf)).toBe(false);
    const before = await documentJobs();

    const file = await download(gw, downloadPage, { code }, user.token);
    expect(file.status).toBe(200);
    expect(await pdfPages(file.bytes)).toBe(2);
    expect((await documentJobs()).delivered).toBe(before.delivered + 1);
    // Charged once, at the purchase.
    expect(await balanceOf(stack, user.token)).toBe(4.5);
  });
});

describe('an idle worker (PDF_PRERENDER=idle, the default)', () => {
  beforeAll(() => restartProcess(stack, 'pdf-worker'));

  it('prints the PDF of a fresh preview ahead of time, and buying the page then queues no render', async () => {
    const user = await fundedMember(stack, 5);
    const code = await generatePageCode(stack, user.token);
    expect((await waitForThumbnail(stack, user.token, code)).status).toBe(200);
    await expect.poll(() => files.has(renderFiles(code).pdf), { timeout: 30_000, interval: 100 }).toBe(true);
    const before = await documentJobs();

    expect((await buyAs(user, code)).body).toMatchObject({ status: 'SUCCESS', payload: { balance: 4.5 } });
    // Decided before the purchase answered: the PDF was there, so no job was queued for it.
    expect(await documentJobs()).toEqual(before);
    const file = await download(gw, downloadPage, { code }, user.token);
    expect(await pdfPages(file.bytes)).toBe(2);
  });
});
