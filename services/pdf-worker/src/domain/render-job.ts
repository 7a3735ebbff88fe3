import { renderFiles, type Jobs, type MessagePayload } from '@app/contracts';
import { generatePage, rulesVersion, type GeneratedPage } from '@app/generator';
import type { FileStore, Logger } from '@app/kit';
import { readable } from './reading-marks.js';
import { sheetDocument, type SheetNames } from './sheet-html.js';
import type { TabPool } from './tab-pool.js';

export type RenderJob = MessagePayload<typeof Jobs.renderPreview>;

/**
 * When a page's PDF is printed besides the one a purchase asks for (PDF_PRERENDER):
 * - `idle`: ahead of time, for recently previewed pages, while the worker has nothing else to do (prerender.ts);
 * - `off`: only when bought;
 * - `with-preview`: with every preview, from the same layout (what every page cost before previews came alone).
 */
export const PRERENDER_MODES = ['idle', 'off', 'with-preview'] as const;
export type PrerenderMode = (typeof PRERENDER_MODES)[number];

const pageUrl = (publicUrl: string, route: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}/${route}/${encodeURIComponent(code)}`;

/** The public page with a sheet's answers (web route /gabarito/:code). */
export const answersUrl = (publicUrl: string, code: string) => pageUrl(publicUrl, 'gabarito', code);

/** A sheet's correction page, the teacher's (web route /corrigir/:code). */
export const correctionUrl = (publicUrl: string, code: string) => pageUrl(publicUrl, 'corrigir', code);

export interface RenderDeps {
  pool: Pick<TabPool, 'render'>;
  /** The RENDERS bucket, read by every pages replica. */
  files: Pick<FileStore, 'put' | 'has'>;
  /** The site's public address: the sheet's QR code opens `<publicUrl>/gabarito/<code>`. */
  publicUrl: string;
  prerender: PrerenderMode;
  /**
   * Recently previewed pages, whose PDFs are printed when the worker is idle (PDF_PRERENDER=idle): prerender.ts's
   * RecentPreviews, of which a render needs only `remember`.
   */
  recent?: { remember(job: RenderJob): void };
  /**
   * The names a child's sheet prints (`classroom.v1.sheetNames`), asked as it is drawn: a job carries the child's id
   * only. Null when the child is no longer in a turma (the lines stay blank).
   */
  names?: (studentId: string) => Promise<SheetNames | null>;
  logger: Logger;
}

/** The names of the child a version is for, if it is for one (and they are still in a turma). */
const namesOf = async (deps: RenderDeps, job: RenderJob): Promise<SheetNames | undefined> =>
  (job.student && deps.names ? await deps.names(job.student.id) : null) ?? undefined;

export interface JobProgress {
  /** Tells JetStream the job is still in progress. */
  working(): void;
}

const sheetOf = async (
  deps: RenderDeps,
  job: RenderJob,
  answerKey?: boolean,
  page: GeneratedPage = generatePage(job.seed, job.options, rulesVersion(job.rules)),
) => {
  const names = await namesOf(deps, job);
  return sheetDocument(
    page,
    {
      code: job.code,
      answersUrl: answersUrl(deps.publicUrl, job.code),
      correctionUrl: correctionUrl(deps.publicUrl, job.code),
      schoolFields: job.options.school,
      ...(job.version ? { version: job.version } : {}),
      ...(names ? { names } : {}),
    },
    { answerKey },
  );
};

/**
 * A preview: page 1 of the sheet drawn, stored as `<code>.png` in the RENDERS bucket, where every pages replica hears
 * of it. No PDF is printed for it (most pages are never bought), unless PDF_PRERENDER=with-preview. The caller acks
 * only after the files are stored, so nothing is lost if we die here.
 */
export async function renderPreview(deps: RenderDeps, job: RenderJob, progress: JobProgress): Promise<void> {
  const started = performance.now();
  const names = renderFiles(job.code);
  if (deps.prerender === 'with-preview') {
    const { png, pdf } = await deps.pool.render(await sheetOf(deps, job), {
      outputs: 'pdf+png',
      kind: 'preview',
    });
    progress.working();
    await deps.files.put(names.png, png);
    await deps.files.put(names.pdf, pdf);
  } else {
    // Page 1 only: the gabarito is not in the picture.
    const { png } = await deps.pool.render(await sheetOf(deps, job, false), {
      outputs: 'png',
      kind: 'preview',
    });
    progress.working();
    await deps.files.put(names.png, png);
    deps.recent?.remember(job);
  }
  deps.logger.debug({ code: job.code, ms: Math.round(performance.now() - started) }, 'preview rendered');
}

/** The renders that print a PDF: a page's for a purchase or a download, a class set's versions, ahead of time. */
export type DocumentKind = 'document' | 'set' | 'ahead';

/**
 * A page's PDF, stored as `<code>.pdf`: for a purchase or a download (`document`), a class set's version for the
 * set's purchase (`set`), or ahead of time (`ahead`). Nothing to do when it is stored already (printed ahead of time,
 * or a repeated job): a file is written once and never changes.
 */
export async function renderDocument(
  deps: RenderDeps,
  job: RenderJob,
  progress: JobProgress,
  kind: DocumentKind = 'document',
): Promise<void> {
  if (await deps.files.has(renderFiles(job.code).pdf)) return;
  await printDocument(deps, job, progress, kind);
}

/**
 * Prints a page's PDF (its sheet, and its gabarito when the page asks for answers) and stores it as `<code>.pdf`;
 * answers the file. `page`: the page already drawn from the job, if the caller has it.
 */
export async function printDocument(
  deps: RenderDeps,
  job: RenderJob,
  progress: JobProgress,
  kind: DocumentKind,
  page?: GeneratedPage,
): Promise<Buffer> {
  const started = performance.now();
  const drawn = page ?? generatePage(job.seed, job.options, rulesVersion(job.rules));
  const { pdf, pages, reading } = await deps.pool.render(await sheetOf(deps, job, undefined, drawn), {
    outputs: 'pdf',
    kind,
    reading: readable(drawn),
  });
  progress.working();
  const files = renderFiles(job.code);
  // The map before the PDF: whoever finds the PDF finds where its boxes are.
  if (reading) await deps.files.put(files.reading, Buffer.from(JSON.stringify(reading)));
  await deps.files.put(files.pdf, pdf);
  deps.logger.debug(
    { code: job.code, kind, pages, ms: Math.round(performance.now() - started) },
    'PDF rendered',
  );
  return pdf;
}
