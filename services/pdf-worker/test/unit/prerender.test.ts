import { describe, expect, it } from 'vitest';
import type { Logger } from '@app/kit';
import type { Outputs, Rendered, RenderOptions } from '../../src/domain/tab-pool.js';
import { AHEAD_AFTER_QUIET_MS, prerenderWhenIdle, RecentPreviews } from '../../src/domain/prerender.js';
import {
  renderDocument,
  renderPreview,
  type RenderDeps,
  type RenderJob,
} from '../../src/domain/render-job.js';
import type { SheetDocument } from '../../src/domain/sheet-html.js';

const job = (code: string, answers = true): RenderJob => ({
  code,
  seed: `seed-${code}`,
  options: { add: true, sub: true, mult: false, div: false, answers, level: 1 },
});

const progress = { working() {} };
const silent = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Logger;

/** In-memory fakes: a pool that records what it is asked to render, and a file store in a Map. */
function fakes(prerender: RenderDeps['prerender'] = 'idle') {
  const rendered: Array<{ title: string; outputs: Outputs; kind: string | undefined; pages: number }> = [];
  const stored = new Map<string, Buffer>();
  const recent = new RecentPreviews(3);
  const deps: RenderDeps = {
    pool: {
      async render<O extends Outputs>(sheet: SheetDocument, options: RenderOptions<O>) {
        const pages = (sheet.body.match(/class="sheet /g) ?? []).length;
        rendered.push({ title: sheet.title, outputs: options.outputs, kind: options.kind, pages });
        const reading = options.reading ? { reading: { v: 1, pages: [{ boxes: [] }] } } : {};
        return {
          png: Buffer.from('png'),
          pdf: Buffer.from('pdf'),
          pages,
          ...reading,
        } as unknown as Rendered<O>;
      },
    },
    files: {
      async put(name, data) {
        if (!stored.has(name)) stored.set(name, Buffer.from(data));
      },
      async has(name) {
        return stored.has(name);
      },
    },
    publicUrl: 'http://localhost:8080',
    prerender,
    recent: prerender === 'idle' ? recent : undefined,
    logger: silent,
  };
  return { deps, rendered, stored, recent };
}

describe('rendering jobs', () => {
  it('a preview draws page 1 only and stores the picture, no PDF', async () => {
    const { deps, rendered, stored } = fakes('off');
    await renderPreview(deps, job('P1'), progress);
    expect(rendered).toEqual([
      { title: expect.stringContaining('P1'), outputs: 'png', kind: 'preview', pages: 1 },
    ]);
    expect([...stored.keys()]).toEqual(['P1.png']);
  });

  it('with PDF_PRERENDER=with-preview, a preview prints the PDF (with its gabarito) from the same layout', async () => {
    const { deps, rendered, stored } = fakes('with-preview');
    await renderPreview(deps, job('P1'), progress);
    expect(rendered).toEqual([
      { title: expect.stringContaining('P1'), outputs: 'pdf+png', kind: 'preview', pages: 2 },
    ]);
    expect([...stored.keys()]).toEqual(['P1.png', 'P1.pdf']);
  });

  it('a document prints the whole PDF once: a stored one is not printed again', async () => {
    const { deps, rendered, stored } = fakes('off');
    await renderDocument(deps, job('D1'), progress);
    await renderDocument(deps, job('D1'), progress);
    expect(rendered).toEqual([
      { title: expect.stringContaining('D1'), outputs: 'pdf', kind: 'document', pages: 2 },
    ]);
    expect([...stored.keys()]).toEqual(['D1.pdf']);
  });
});

describe('a sheet to be read from a photo (rules 5)', () => {
  it('stores where its PDF prints the answer boxes, before the PDF; a page of earlier rules only its PDF', async () => {
    const { deps, stored } = fakes('off');
    await renderDocument(deps, { ...job('R5'), rules: 5 }, progress);
    await renderDocument(deps, { ...job('R4'), rules: 4 }, progress);
    expect([...stored.keys()]).toEqual(['R5.reading.json', 'R5.pdf', 'R4.pdf']);
    expect(JSON.parse(stored.get('R5.reading.json')!.toString())).toEqual({ v: 1, pages: [{ boxes: [] }] });
  });
});

describe('printing ahead of time', () => {
  it('remembers the newest previews first, each once, up to its capacity', async () => {
    const recent = new RecentPreviews(3);
    for (const code of ['a', 'b', 'c', 'b', 'd']) recent.remember(job(code));
    expect(recent.length).toBe(3);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) order.push((await recent.next())!.code);
    expect(order).toEqual(['d', 'b', 'c']);
  });

  it('prints the PDF of each preview at the `ahead` priority, skipping pages whose PDF is stored, until stopped', async () => {
    const { deps, rendered, stored, recent } = fakes('idle');
    stored.set('bought.pdf', Buffer.from('pdf'));
    const loop = prerenderWhenIdle(deps, recent, silent, { quiet: async () => {} });
    await renderPreview(deps, job('bought'), progress);
    await renderPreview(deps, job('fresh'), progress);
    // Drained, not timed: the loop takes the newest first, so once 'bought' (the older) is done, both are.
    await expect.poll(() => recent.length).toBe(0);
    await loop.stop();
    expect(rendered.filter((r) => r.kind === 'ahead')).toEqual([
      { title: expect.stringContaining('fresh'), outputs: 'pdf', kind: 'ahead', pages: 2 },
    ]);
    expect(stored.has('fresh.pdf')).toBe(true);
    // Stopped: a later preview is not printed ahead.
    await renderPreview(deps, job('late'), progress);
    expect(stored.has('late.pdf')).toBe(false);
  });

  it('waits until no preview or document has been asked for a moment before printing ahead', async () => {
    const { deps, rendered, recent } = fakes('idle');
    let quietNow!: () => void;
    const asked: number[] = [];
    const pool = {
      quiet: (ms: number) => {
        asked.push(ms);
        return new Promise<void>((resolve) => (quietNow = resolve));
      },
    };
    const loop = prerenderWhenIdle(deps, recent, silent, pool);
    await renderPreview(deps, job('P1'), progress);
    await expect.poll(() => asked).toEqual([AHEAD_AFTER_QUIET_MS]);
    expect(rendered.filter((r) => r.kind === 'ahead')).toEqual([]);
    quietNow();
    await expect.poll(() => rendered.filter((r) => r.kind === 'ahead').length).toBe(1);
    // Stopped while waiting for quiet: the page it held is not printed.
    await renderPreview(deps, job('P2'), progress);
    await expect.poll(() => asked.length).toBe(2);
    const stopping = loop.stop();
    quietNow();
    await stopping;
    expect(rendered.filter((r) => r.kind === 'ahead').map((r) => r.title)).toEqual([
      expect.stringContaining('P1'),
    ]);
  });
});
