import { describe, expect, it } from 'vitest';
import { RenderQueue, type RenderKind } from '../../src/domain/render-queue.js';

/** Enqueues renders and records the order in which the tabs handed to `grant` reach them. */
function queueOf(slots: number) {
  const queue = new RenderQueue<string>(slots);
  const served: string[] = [];
  const wait = (kind: RenderKind, name: string) =>
    void queue.enqueue(kind).then((tab) => served.push(`${name}@${tab}`));
  /** Lets the resolved waiters record themselves (promise callbacks run on the microtask queue). */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { queue, served, wait, settle };
}

describe('RenderQueue', () => {
  it('gives a free tab to a preview before a document, and a document before work ahead of time', async () => {
    const { queue, served, wait, settle } = queueOf(2);
    wait('ahead', 'A1');
    wait('document', 'D1');
    wait('preview', 'P1');
    expect(queue.grant('tab1', 1)).toBe(true);
    expect(queue.grant('tab2', 1)).toBe(true);
    expect(queue.grant('tab3', 1)).toBe(true);
    await settle();
    expect(served).toEqual(['P1@tab1', 'D1@tab2', 'A1@tab3']);
    expect(queue.length).toBe(0);
  });

  it('lets at most one preview go before a waiting document', async () => {
    const { queue, served, wait, settle } = queueOf(2);
    wait('document', 'D1');
    for (const name of ['P1', 'P2', 'P3', 'P4']) wait('preview', name);
    wait('document', 'D2');
    for (let tab = 1; tab <= 6; tab++) queue.grant(`t${tab}`, 0);
    await settle();
    expect(served.map((s) => s.split('@')[0])).toEqual(['P1', 'D1', 'P2', 'D2', 'P3', 'P4']);
  });

  it("serves a class set's renders only when no preview or document waits, before work ahead of time", async () => {
    const { queue, served, wait, settle } = queueOf(2);
    for (const name of ['S1', 'S2', 'S3']) wait('set', name);
    wait('ahead', 'A1');
    wait('document', 'D1');
    wait('preview', 'P1');
    for (let tab = 1; tab <= 3; tab++) queue.grant(`t${tab}`, 1);
    wait('document', 'D2');
    for (let tab = 4; tab <= 7; tab++) queue.grant(`t${tab}`, 1);
    await settle();
    // The page's PDF asked for after three of the set's renders were queued still goes first.
    expect(served.map((s) => s.split('@')[0])).toEqual(['P1', 'D1', 'S1', 'D2', 'S2', 'S3', 'A1']);
    expect(queue.waiting('set')).toBe(0);
  });

  it('gives work ahead of time a tab only while another stays free', async () => {
    const { queue, served, wait, settle } = queueOf(2);
    wait('ahead', 'A1');
    // The other tab is busy: this one stays free for the next preview.
    expect(queue.grant('t1', 0)).toBe(false);
    expect(queue.waiting('ahead')).toBe(1);
    // Both tabs free: one of them may print ahead.
    expect(queue.grant('t1', 1)).toBe(true);
    await settle();
    expect(served).toEqual(['A1@t1']);
  });

  it('with a single tab, works ahead of time when nothing else waits', async () => {
    const { queue, served, wait, settle } = queueOf(1);
    wait('ahead', 'A1');
    wait('preview', 'P1');
    expect(queue.grant('t1', 0)).toBe(true);
    expect(queue.grant('t1', 0)).toBe(true);
    await settle();
    expect(served).toEqual(['P1@t1', 'A1@t1']);
  });

  it('keeps the tab when nobody waits', () => {
    const { queue } = queueOf(2);
    expect(queue.grant('t1', 1)).toBe(false);
  });

  it('fails every waiting render at once', async () => {
    const { queue } = queueOf(2);
    const waiting = (['preview', 'document', 'ahead'] as const).map((kind) => queue.enqueue(kind));
    queue.failAll(new Error('BrowserPool is closed'));
    for (const render of waiting) await expect(render).rejects.toThrow('BrowserPool is closed');
    expect(queue.length).toBe(0);
  });
});
