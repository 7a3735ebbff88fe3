import { randomUUID } from 'node:crypto';
import { ErrorCode, Jobs, Msg, renderFiles } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PageRecord, PagesDeps } from './deps.js';
import { waitForRender } from './render-signals.js';

/** The two renders of a page: its preview (`<code>.png`, on generation) and its PDF (`<code>.pdf`, for a purchase). */
export type RenderKind = 'preview' | 'document';

const RENDERS = {
  preview: { job: Jobs.renderPreview, file: (code: string) => renderFiles(code).png },
  document: { job: Jobs.renderDocument, file: (code: string) => renderFiles(code).pdf },
} as const;

/** The name of a page's file of that kind in the RENDERS bucket. */
export const renderedFile = (kind: RenderKind, code: string) => RENDERS[kind].file(code);
/** A page's preview in the RENDERS bucket (`<code>.png`). */
export const previewFile = (code: string) => renderedFile('preview', code);

/**
 * Publishes a render job of the page. The preview queued with the new page has the id `<kind>:<code>` (JetStream
 * drops a repeat within its 10-minute window). A render asked for later (a PDF for a purchase or a download, a render
 * that never arrived) gets an id of its own: an id shared by every later request would also drop the request that
 * finds a file lost after its first job was done. Two requests at the same moment may both queue a PDF: the worker
 * prints a PDF only if it is not stored yet, and a file is stored once.
 */
export async function publishRender(
  bus: PagesDeps['bus'],
  kind: RenderKind,
  page: Pick<PageRecord, 'code' | 'seed' | 'options' | 'rules'>,
  { first }: { first: boolean },
): Promise<void> {
  const msgID = first ? `${kind}:${page.code}` : `${kind}:${page.code}:${randomUUID()}`;
  await bus.publish(
    RENDERS[kind].job,
    // No version for a page stored before versions: the worker draws it with rules 1, as it was printed.
    {
      code: page.code,
      seed: page.seed,
      options: page.options,
      ...(page.rules === null ? {} : { rules: page.rules }),
    },
    { msgID },
  );
}

/**
 * Queues a render of the page: a PDF at once; a preview through the account's turn (preview-queue.ts), and never
 * while the same preview is still queued by this replica.
 */
export async function queueRender(
  deps: PagesDeps,
  kind: RenderKind,
  page: Pick<PageRecord, 'code' | 'userId' | 'seed' | 'options' | 'rules'>,
  { first }: { first: boolean },
): Promise<void> {
  if (kind === 'preview') {
    const { code, seed, options, rules } = page;
    return deps.previews.add(page.userId, { code, seed, options, rules }, { first });
  }
  await publishRender(deps.bus, kind, page, { first });
}

/**
 * Waits for a page's render, up to RENDER_WAIT_MS: `load` reads it (or tells it is there) from the bucket, and the
 * bucket's notice wakes the wait when the worker stores it. With `queueIfMissing`, a render not stored yet is queued
 * at once (a PDF is printed when it is asked for).
 * Not there in time: 503 (the client asks again), and the render is queued once more, so a page whose job was dropped
 * is not stuck for ever; a render that is merely slow is rendered twice at worst, and stored once. A preview still
 * queued by this replica is not queued again (issue 23: each 503 of /api/thumb queued one more render).
 */
export async function awaitRender<T>(
  deps: PagesDeps,
  kind: RenderKind,
  page: PageRecord,
  load: (name: string) => Promise<T | null>,
  { queueIfMissing = false }: { queueIfMissing?: boolean } = {},
): Promise<T> {
  const name = renderedFile(kind, page.code);
  const found = await waitForRender(deps.signals, name, () => load(name), {
    ...deps.renderWait,
    onMissing: queueIfMissing ? () => queueRender(deps, kind, page, { first: false }) : undefined,
  });
  if (found !== null) return found;
  await queueRender(deps, kind, page, { first: false }).catch((err: unknown) =>
    deps.logger.warn({ err, code: page.code, kind }, 'could not queue the render again'),
  );
  throw new AppError(503, ErrorCode.NOT_READY, Msg.pageRendering);
}
