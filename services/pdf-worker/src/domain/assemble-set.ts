import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';
import { renderFiles, type Jobs, type MessagePayload } from '@app/contracts';
import { generatePage, rulesVersion, type PageOptions, type RulesVersion } from '@app/generator';
import type { FileStore } from '@app/kit';
import { answerTableDocument, type TableVersion } from './answer-table.js';
import { printDocument, type JobProgress, type RenderDeps, type RenderJob } from './render-job.js';
import { documentName, sheetPages, type SheetPages } from './sheet-html.js';

export type AssembleSetJob = MessagePayload<typeof Jobs.assembleSet>;

export interface SetDeps extends RenderDeps {
  /** The RENDERS bucket: the versions' PDFs are read from it, the set's file written to it. */
  files: Pick<FileStore, 'put' | 'has' | 'get'>;
}

/** What an assembly did, for the logs and the metrics. */
export interface SetAssembly {
  /** `stored`: the set's file was there already (a repeated job); `assembled`: made and stored now. */
  outcome: 'stored' | 'assembled';
  /** Versions whose PDF was not stored, printed by the assembly itself. */
  rendered: number;
  /** Pages of the set's file (0 when it was stored already). */
  pages: number;
}

/** The render job of version `index` (0-based) of the set: what its own document job carries. */
export function versionJob(job: AssembleSetJob, index: number): RenderJob {
  const version = job.versions[index];
  if (version === undefined) throw new Error(`the set has no version ${index + 1}`);
  return {
    code: version.code,
    seed: version.seed,
    options: version.options ?? job.options,
    ...(job.rules === undefined ? {} : { rules: job.rules }),
    version: { n: index + 1, of: job.versions.length },
    ...(version.student ? { student: version.student } : {}),
  };
}

/**
 * Which pages of a version's PDF are its student sheet and which its gabarito (0-based), from the pages its sheet
 * takes (`sheetPages` of its page: every page one A4 box; the student's sheet first, then the gabarito). A PDF with
 * another count was not printed from this layout: the assembly stops rather than put a gabarito page among the
 * sheets.
 */
export function versionPages(pageCount: number, sheet: SheetPages, answers: boolean, code: string) {
  const exercises = sheet.exercises;
  const answerKey = answers ? sheet.answerKey : 0;
  if (pageCount !== exercises + answerKey) {
    throw new Error(
      `${renderFiles(code).pdf} has ${pageCount} pages; a sheet ${answers ? 'with' : 'without'} gabarito has ${exercises + answerKey}`,
    );
  }
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  return { sheet: range(0, exercises), gabarito: range(exercises, answerKey) };
}

export interface SetFile {
  /**
   * Each version's PDF (its sheet, then its gabarito when the set has one), in version order, with the pages its
   * sheet takes (`sheetPages`: the same for every version of a set, whose options are the same).
   */
  versions: ReadonlyArray<{ code: string; pdf: Uint8Array; pages: SheetPages }>;
  /** Whether the versions carry their gabarito (the set's `options.answers`). */
  answers: boolean;
  /** The answer table of the whole set (one or more pages), appended after everything else. */
  table: Uint8Array;
  /** The file's title in its properties. */
  title: string;
}

/**
 * The class set's one file: every version's student sheet (all its pages) in version order, then (with answers)
 * every version's gabarito (all its pages) in version order, then the answer table's pages. Pages are copied as they are (their fonts and images
 * come along), so every page prints exactly as the version's own PDF does.
 */
export async function mergeSet(set: SetFile): Promise<{ pdf: Uint8Array; pages: number }> {
  const out = await PDFDocument.create();
  const sources = await Promise.all(
    set.versions.map(async ({ code, pdf, pages }) => {
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      return { doc, pages: versionPages(doc.getPageCount(), pages, set.answers, code) };
    }),
  );
  const copied = await Promise.all(
    sources.map(async ({ doc, pages }) => {
      const all = await out.copyPages(doc, [...pages.sheet, ...pages.gabarito]);
      return { sheet: all.slice(0, pages.sheet.length), gabarito: all.slice(pages.sheet.length) };
    }),
  );
  for (const { sheet } of copied) for (const page of sheet) out.addPage(page);
  for (const { gabarito } of copied) for (const page of gabarito) out.addPage(page);
  const table = await PDFDocument.load(set.table, { updateMetadata: false });
  for (const page of await out.copyPages(table, table.getPageIndices())) out.addPage(page);
  shareIdenticalStreams(out.context);
  out.setTitle(set.title);
  out.setLanguage('pt-BR');
  out.setProducer('Exercícios de Aritmética');
  out.setCreator('Exercícios de Aritmética');
  return { pdf: await out.save(), pages: out.getPageCount() };
}

/**
 * Every version's PDF embeds its own copy of the sheet's fonts (and of other resources): in a set most of them are
 * byte for byte the same. Each stream kept once, every reference to a copy pointed at it (a PDF may share an object
 * between pages): a set of 30 Difícil versions goes from 3.5 MB to 2.6 MB (the fonts). A stream's dictionary is part of
 * what is compared, so a copy that differs in anything stays. Answers how many copies were dropped.
 */
export function shareIdenticalStreams(context: PDFContext): number {
  let dropped = 0;
  // A stream whose dictionary pointed at a copy may match another once that copy is replaced: a few passes.
  for (let pass = 0; pass < 3; pass++) {
    const first = new Map<string, PDFRef>();
    const copies = new Map<PDFRef, PDFRef>();
    for (const [ref, object] of context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFRawStream)) continue;
      const key = createHash('sha256')
        .update(object.dict.toString())
        .update(object.contents)
        .digest('base64');
      const kept = first.get(key);
      if (kept) copies.set(ref, kept);
      else first.set(key, ref);
    }
    if (copies.size === 0) break;
    const swap = (value: PDFObject) => (value instanceof PDFRef ? copies.get(value) : undefined);
    const visit = (object: PDFObject): void => {
      if (object instanceof PDFDict) {
        for (const [key, value] of object.entries()) {
          const kept = swap(value);
          if (kept) object.set(key, kept);
          else visit(value);
        }
      } else if (object instanceof PDFArray) {
        object.asArray().forEach((value, index) => {
          const kept = swap(value);
          if (kept) object.set(index, kept);
          else visit(value);
        });
      } else if (object instanceof PDFStream) visit(object.dict);
    };
    for (const [, object] of context.enumerateIndirectObjects()) visit(object);
    for (const copy of copies.keys()) context.delete(copy);
    dropped += copies.size;
  }
  return dropped;
}

/**
 * The file's title: the sheets' name (since rules 4, as the site lists it: the teacher's title, else what they
 * practise) and the count ('Adição com reserva — Médio — 30 versões').
 */
export const setTitle = (options: PageOptions, versions: number, rules: RulesVersion) =>
  `${documentName(options, rules)} — ${versions} versões`;

/**
 * A class set's one file `<setCode>.pdf`, asked by pages once every version's document job has stored its
 * PDF. Nothing to do when the file is stored (a repeated job). A version whose PDF is not in the bucket (evicted,
 * or its job still waiting) is printed here, with its label, and stored too. The answer table is drawn by a tab
 * meanwhile. The caller acks only after the file is stored: a worker dying here leaves the job to another.
 */
export async function assembleSet(
  deps: SetDeps,
  job: AssembleSetJob,
  progress: JobProgress,
): Promise<SetAssembly> {
  const name = renderFiles(job.setCode).pdf;
  if (await deps.files.has(name)) return { outcome: 'stored', rendered: 0, pages: 0 };
  const started = performance.now();
  const jobs = job.versions.map((_, index) => versionJob(job, index));
  const pages: TableVersion[] = jobs.map((version) => ({
    version: version.version!,
    code: version.code,
    page: generatePage(version.seed, version.options, rulesVersion(version.rules)),
  }));
  // A class set's work (render-queue.ts): the table and any missing version take a tab when no page's render waits.
  const table = deps.pool
    .render(answerTableDocument(job.setCode, pages), { outputs: 'pdf', kind: 'set' })
    .then(({ pdf }) => pdf);
  let rendered = 0;
  const versions = await Promise.all(
    jobs.map(async (version, index) => {
      const page = pages[index]!.page;
      const stored = await deps.files.get(renderFiles(version.code).pdf);
      if (stored) return { code: version.code, pdf: stored, pages: sheetPages(page) };
      rendered++;
      const pdf = await printDocument(deps, version, progress, 'set', page);
      return { code: version.code, pdf, pages: sheetPages(page) };
    }),
  );
  const { pdf: file, pages: count } = await mergeSet({
    versions,
    answers: job.options.answers,
    table: await table,
    title: setTitle(job.options, job.versions.length, rulesVersion(job.rules)),
  });
  progress.working();
  await deps.files.put(name, file);
  deps.logger.info(
    {
      setCode: job.setCode,
      versions: job.versions.length,
      rendered,
      pages: count,
      bytes: file.byteLength,
      ms: Math.round(performance.now() - started),
    },
    'class set assembled',
  );
  return { outcome: 'assembled', rendered, pages: count };
}
