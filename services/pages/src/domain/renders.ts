import { randomUUID } from 'node:crypto';
import { ErrorCode, Jobs, Msg, renderFiles, type MessagePayload } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps, RenderablePage } from './deps.js';
import type { PageSetWithPages } from './ports.js';
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
/** A class set's one file in the RENDERS bucket (`<setCode>.pdf`). */
export const setFile = (setCode: string) => renderFiles(setCode).pdf;

/**
 * Publishes a render job of the page. The preview queued with the new page has the id `<kind>:<code>` (JetStream
 * drops a repeat within its 10-minute window). A render asked for later (a PDF for a purchase or a download, a render
 * that never arrived) gets an id of its own: an id shared by every later request would also drop the request that
 * finds a file lost after its first job was done. Two requests at the same moment may both queue a PDF: the worker
 * prints a PDF only if it is not stored yet, and a file is stored once. `msgID` overrides the id (a purchase's PDF:
 * `document:<code>:<holdId>`, queued once per hold, buy-page.ts). A version of a class set carries its `version`
 * ('Versão 7 de 30', printed beside the code).
 */
export async function publishRender(
  bus: PagesDeps['bus'],
  kind: RenderKind,
  page: Omit<RenderablePage, 'userId'>,
  { first, msgID }: { first: boolean; msgID?: string },
): Promise<void> {
  await bus.publish(
    RENDERS[kind].job,
    // No rules version for a page stored before versions: the worker draws it with rules 1, as it was printed.
    {
      code: page.code,
      seed: page.seed,
      options: page.options,
      ...(page.rules === null ? {} : { rules: page.rules }),
      ...(page.version ? { version: page.version } : {}),
      ...(page.studentId ? { student: { id: page.studentId } } : {}),
    },
    { msgID: msgID ?? (first ? `${kind}:${page.code}` : `${kind}:${page.code}:${randomUUID()}`) },
  );
}

/**
 * Queues a render of the page: a PDF at once; a preview through the account's turn (preview-queue.ts), and never
 * while the same preview is still queued by this replica. `slot`: the new page's place among its account's previews
 * waiting, given back once the preview is drawn.
 */
export async function queueRender(
  deps: PagesDeps,
  kind: RenderKind,
  page: RenderablePage,
  { first, slot }: { first: boolean; slot?: () => void },
): Promise<void> {
  if (kind === 'preview') {
    const { userId, ...job } = page;
    return deps.previews.add(userId, job, { first, slot });
  }
  await publishRender(deps.bus, kind, page, { first });
}

/**
 * Waits for a page's render, up to RENDER_WAIT_MS: `load` reads it (or tells it is there) from the bucket, and the
 * bucket's notice wakes the wait when the worker stores it. With `queueIfMissing`, a render not stored yet is queued
 * at once (a PDF is printed when it is asked for).
 * Not there in time: 503 (the client asks again), and the render is queued once more, so a page whose job was dropped
 * is not stuck for ever; a render that is merely slow is rendered twice at worst, and stored once. A preview still
 * queued by this replica is not queued again (each 503 of /api/thumb queued one more render).
 */
export async function awaitRender<T>(
  deps: PagesDeps,
  kind: RenderKind,
  page: RenderablePage,
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

/**
 * Waits for a class set's one file (`<setCode>.pdf`) up to `timeoutMs` in all, and answers what `load`
 * reads of it, or null if it was not stored in time (the jobs go on). Assembled already: at once. Else, with
 * `printVersionsFor` (a purchase: its hold's id), each version whose PDF is not stored is queued as a
 * `jobs.pdf.version` job of its own, id `set-document:<code>:<holdId>` (a purchase asked again while its hold is
 * open queues nothing twice; a purchase held anew after a failure queues it again), so every worker replica prints
 * them in parallel, after any page's preview or PDF; once all are stored, the assembly (`jobs.pdf.set`, id
 * `assembleMsgID`) is queued and waited for. Without it (a set file gone missing), the assembly alone: the worker
 * prints any version it lacks itself.
 */
export async function awaitSetFile<T>(
  deps: PagesDeps,
  set: PageSetWithPages,
  load: (name: string) => Promise<T | null>,
  {
    timeoutMs,
    printVersionsFor,
    assembleMsgID,
  }: { timeoutMs: number; printVersionsFor?: string; assembleMsgID: string },
): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());
  const name = setFile(set.code);
  const assembled = await load(name);
  if (assembled !== null) return assembled;
  if (printVersionsFor !== undefined) {
    const stored = await Promise.all(
      set.pages.map((page) => {
        const pdf = renderedFile('document', page.code);
        return waitForRender(deps.signals, pdf, () => deps.files.has(pdf).then((has) => has || null), {
          timeoutMs: left(),
          onMissing: () =>
            deps.bus.publish(Jobs.renderVersion, versionJob(set, page), {
              msgID: `set-document:${page.code}:${printVersionsFor}`,
            }),
        });
      }),
    );
    if (stored.includes(null)) return null;
  }
  return waitForRender(deps.signals, name, () => load(name), {
    timeoutMs: left(),
    onMissing: () =>
      deps.bus.publish(
        Jobs.assembleSet,
        {
          setCode: set.code,
          options: set.options,
          rules: set.rules,
          versions: set.pages.map(({ code, seed, studentId, options }) => ({
            code,
            seed,
            ...(studentId ? { student: { id: studentId } } : {}),
            ...(options.foco ? { options } : {}),
          })),
        },
        { msgID: assembleMsgID },
      ),
  });
}

/** A version's render job for its set's purchase: its page and its label ('Versão 7 de 30'). */
const versionJob = (
  set: PageSetWithPages,
  page: PageSetWithPages['pages'][number],
): MessagePayload<typeof Jobs.renderVersion> => ({
  code: page.code,
  seed: page.seed,
  options: page.options,
  ...(page.rules === null ? {} : { rules: page.rules }),
  version: { n: page.setVersion!, of: set.versions },
  ...(page.studentId ? { student: { id: page.studentId } } : {}),
});
