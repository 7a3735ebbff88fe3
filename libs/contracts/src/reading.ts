import { z } from 'zod';
import { CorrectionQuery } from './correction.js';

/**
 * Where a printed sheet's answer boxes are ("Corrigir pela foto", a sheet printed since rules 5): what a reader cuts
 * out of a photo once the sheet's four corner marks have straightened it. The pdf-worker measures it in the layout it
 * prints the PDF from and stores it beside the PDF; pages serves it to the member who bought the sheet.
 */
const mm = z.number().min(0).max(400);
const point = z.object({ x: mm, y: mm });

export const ReadingBox = z.object({
  /** The problem's index on the sheet (0 for problem 1). */
  problem: z.number().int().min(0),
  /** The result of a conta armada or a fact, or a chave's quotient or resto. */
  part: z.enum(['result', 'quotient', 'resto']),
  /** The box's column, counted from the row's last box (0: the units, or a decimal answer's last casa). */
  column: z.number().int().min(0),
  /**
   * A decimal answer's box after its printed vírgula (rules 9): 1 for the décimos, 2 for the centésimos. The casas a
   * learner leaves empty at the end are zeros (4,2 is 4,20); absent, a box of the whole part or of a natural number.
   */
  casa: z.number().int().min(1).max(2).optional(),
  /** The box in mm from the page's top-left corner. */
  x: mm,
  y: mm,
  width: mm,
  height: mm,
});
export type ReadingBox = z.infer<typeof ReadingBox>;

export const ReadingMap = z.object({
  v: z.literal(1),
  widthMm: mm,
  heightMm: mm,
  /** The corner marks' centres, in mm: the same on every page. */
  marks: z.object({ tl: point, tr: point, bl: point, br: point }),
  /** Page by page of the exercises (a sheet of situações-problema may take two). */
  pages: z.array(z.object({ boxes: z.array(ReadingBox) })),
});
export type ReadingMap = z.infer<typeof ReadingMap>;

export const ReadingMapsQuery = CorrectionQuery;
/** The sheets of a bought page or class set, each with where its boxes are; null: a sheet printed before rules 5. */
export const ReadingMaps = z.object({
  /** The page's or the set's code (a version's code answers its whole set). */
  code: z.string(),
  sheets: z.array(z.object({ n: z.number().int().min(1), code: z.string(), map: ReadingMap.nullable() })),
});
export type ReadingMaps = z.infer<typeof ReadingMaps>;
