import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { downloadPage, renderFiles } from '@app/contracts';
import { natsServers, type FileStore } from '@app/kit';
import {
  buyPage,
  connectBus,
  createActiveUser,
  download,
  emailsTo,
  generatePageCode,
  readPdf,
  startTestStack,
  topUp,
  waitForThumbnail,
  type RunningTestStack,
  type StackInfo,
} from '../../src/index.js';

/**
 * A stack whose rendered-files bucket holds 768 kB (a PDF is ~80 kB, a preview ~77 kB: a few pages): it fills and drops its
 * oldest files while the work queues, with room of their own, keep taking render and mail jobs; a page whose files
 * went is drawn again from its seed when asked, its preview and its buyer's download alike.
 */
const CAP_BYTES = 768 * 1024;
let running: RunningTestStack;
let stack: StackInfo;
let files: FileStore;
let closeBus: () => Promise<void>;

beforeAll(async () => {
  // One member makes page after page until the bucket drops the first: more than pages' PAGES_PER_MINUTE may allow.
  running = await startTestStack('storagecap', {
    RENDERS_MAX_BYTES: '768k',
    RENDERS_MAX_AGE_DAYS: '1',
    PAGES_PER_MINUTE: '1000',
  });
  stack = running.info;
  const bus = await connectBus(stack, 'storage-cap-test');
  files = await bus.fileStore('RENDERS');
  closeBus = () => bus.drain();
}, 180_000);

afterAll(async () => {
  await closeBus?.();
  await running?.stop();
}, 120_000);

/** The bucket's stream as the server reports it: its limits and what it holds. */
async function rendersStream() {
  const nc = await connect({ servers: natsServers(stack.natsUrl), ...stack.natsAuth });
  try {
    const info = await (
      await jetstreamManager(nc)
    ).streams.info(`OBJ_${stack.natsPrefix.toUpperCase()}_RENDERS`);
    return { config: info.config, bytes: info.state.bytes };
  } finally {
    await nc.close();
  }
}

const textOf = async (pdf: Buffer) => (await readPdf(pdf)).pages.map((p) => p.text).join('\n');

describe('a full rendered-files bucket (RENDERS_MAX_BYTES=768k)', () => {
  it('is capped and drops its oldest files, keeps taking jobs, and draws an evicted page again from its seed', async () => {
    const stream = await rendersStream();
    expect(stream.config.max_bytes).toBe(CAP_BYTES);
    expect(stream.config.discard).toBe('old');
    expect(stream.config.max_age).toBe(24 * 60 * 60 * 1e9);

    const user = await createActiveUser(stack);
    await topUp(stack, user.token, 10);
    // The first page: previewed, bought (its PDF printed and stored), downloaded.
    const first = await generatePageCode(stack, user.token);
    expect((await waitForThumbnail(stack, user.token, first)).status).toBe(200);
    expect((await buyPage(stack, user.token, first)).status).toBe(200);
    const original = await download(stack.gatewayUrl, downloadPage, { code: first }, user.token);
    expect(original.status).toBe(200);

    // More pages until the first one's files are gone: the bucket is full and drops its oldest. Every one of these
    // is a render job queued and done while the bucket is full.
    let generated = 0;
    while ((await files.has(renderFiles(first).pdf)) || (await files.has(renderFiles(first).png))) {
      expect(generated, 'the first page was never evicted').toBeLessThan(60);
      const code = await generatePageCode(stack, user.token);
      expect((await waitForThumbnail(stack, user.token, code)).status, code).toBe(200);
      generated++;
    }
    expect(generated).toBeGreaterThan(2);
    expect((await rendersStream()).bytes).toBeLessThanOrEqual(CAP_BYTES);

    // The mail queue has its own room: a top-up's mail is queued and sent with the bucket full.
    await topUp(stack, user.token, 5);
    await expect
      .poll(
        async () =>
          (await emailsTo(stack.mailApiUrl, user.email)).filter((m) =>
            m.subject.startsWith('Saldo adicionado'),
          ).length,
        {
          timeout: 60_000,
        },
      )
      .toBe(2);

    // The evicted page comes back, drawn from its seed: the buyer's download (the same sheet) and its preview.
    const again = await download(stack.gatewayUrl, downloadPage, { code: first }, user.token);
    expect(again.status).toBe(200);
    expect(await textOf(again.bytes)).toBe(await textOf(original.bytes));
    // Drawn again at once (the page is older than the render wait); a 503 meanwhile says "still drawing", as it does
    // to the web, which asks again.
    const preview = await waitForThumbnail(stack, user.token, first, 60_000);
    expect(preview.status).toBe(200);
    expect(preview.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect((await rendersStream()).bytes).toBeLessThanOrEqual(CAP_BYTES);
  });
});
