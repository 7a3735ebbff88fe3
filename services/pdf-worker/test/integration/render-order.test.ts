import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Jobs, renderFiles } from '@app/contracts';
import type { Bus, FileStore } from '@app/kit';
import { connectBus, restartProcess } from '@app/testing';

// The worker takes a preview before the documents queued ahead of it: a parent waiting for a picture is not kept
// behind a batch of PDFs. Seen from outside, as pages sees it: the order in which the files reach the RENDERS bucket.

const stack = inject('stack');
let bus: Bus;
let files: FileStore;

beforeAll(async () => {
  bus = await connectBus(stack, 'render-order-test');
  files = await bus.fileStore('RENDERS');
});
afterAll(async () => {
  await restartProcess(stack, 'pdf-worker');
  await bus.drain();
});

const job = (code: string) => ({
  code,
  seed: `seed-${code}`,
  options: { add: true, sub: true, mult: true, div: true, answers: true, level: 2 as const },
});

describe('render order', () => {
  it('a preview queued behind six documents is drawn before all but at most one of them', async () => {
    const run = randomUUID().slice(0, 8);
    const documents = Array.from({ length: 6 }, (_, i) => `order-${run}-d${i + 1}`);
    const preview = `order-${run}-p`;
    const stored: string[] = [];
    const stopWatching = await files.watch((name) => {
      if (name.startsWith(`order-${run}-`)) stored.push(name);
    });
    try {
      const control = await fetch(`${stack.controlUrl}/pdf-worker/stop`, { method: 'POST' });
      expect(control.ok).toBe(true);
      // The backlog, in queue order: the documents first, the preview last.
      for (const code of documents)
        await bus.publish(Jobs.renderDocument, job(code), { msgID: `doc:${code}` });
      await bus.publish(Jobs.renderPreview, job(preview), { msgID: `preview:${preview}` });
      // One tab: renders one at a time, so the order is the worker's choice alone.
      await restartProcess(stack, 'pdf-worker', { PDF_TABS: '1', PDF_PRERENDER: 'off' });

      const expected = [...documents.map((code) => renderFiles(code).pdf), renderFiles(preview).png];
      await expect
        .poll(() => [...stored].sort(), { timeout: 60_000, interval: 100 })
        .toEqual([...expected].sort());
      // In queue order the preview would be last (index 6). A document may have taken the only tab in the moment
      // before the preview reached the worker; after that, the preview goes first.
      expect(stored.indexOf(renderFiles(preview).png)).toBeLessThanOrEqual(1);
    } finally {
      stopWatching();
    }
  });
});
