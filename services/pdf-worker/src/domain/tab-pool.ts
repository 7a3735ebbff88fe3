import type { ReadingMap } from './reading-marks.js';
import type { RenderKind } from './render-queue.js';
import type { SheetDocument } from './sheet-html.js';

/** The files a render makes: the thumbnail of page 1, the PDF, or both from the same layout. */
export type Outputs = 'png' | 'pdf' | 'pdf+png';

export interface RenderedFiles {
  pdf: Buffer;
  png: Buffer;
  /** Pages of the PDF. */
  pages: number;
  /** Where the PDF's answer boxes are (reading-marks.ts), when asked for (`reading`). */
  reading?: ReadingMap;
}
export type Rendered<O extends Outputs> = O extends 'png'
  ? Pick<RenderedFiles, 'png'>
  : O extends 'pdf'
    ? Pick<RenderedFiles, 'pdf' | 'pages' | 'reading'>
    : RenderedFiles;

export interface RenderOptions<O extends Outputs> {
  outputs: O;
  /** Who waits for it, which decides when it gets a tab (render-queue.ts). Default: `document`. */
  kind?: RenderKind;
  /** Measure where the answer boxes are printed (a sheet to be read: `READING_MAP`), with the PDF. */
  reading?: boolean;
}

/**
 * What rendering jobs ask of the tabs that draw and print sheets: the browser pool (browser/browser-pool.ts)
 * implements it; the domain knows nothing of the browser behind it.
 */
export interface TabPool {
  render<O extends Outputs>(sheet: SheetDocument, options: RenderOptions<O>): Promise<Rendered<O>>;
  /**
   * Resolves once no preview or document has been waiting or rendering for `quietMs` (or the pool is closed): work
   * ahead of time waits for it.
   */
  quiet(quietMs: number): Promise<void>;
}
