import type { GeneratedPage } from '@app/generator';

/** What `READING_MAP` measures: the contracts' `ReadingMap`, stored as `renderFiles(code).reading`. */
export type { ReadingMap } from '@app/contracts';

/**
 * A sheet made to be read from a photo or a scan ("Corrigir pela foto"), since rules 5: what a reader needs to find
 * the sheet and its answers in the picture, the rest of the sheet as before.
 *
 * - Four corner marks, black squares in the page's margins at the same place on every sheet: a reader finds them and
 *   straightens the photo (its perspective) into the page's millimetres.
 * - A QR code on every sheet: the online answers' where the teacher printed the gabarito (as before); else the
 *   sheet's correction page, which names the page (and a class set's version) without showing an answer.
 * - The answer of each conta armada in boxes of one digit each, where the learner writes it anyway: the result's row
 *   under the rule (for a product of several partials, under their sum's rule), the quotient under the chave's
 *   divisor and, where the page asks for it, the resto beside it; a Fácil fact's blank as two boxes. Each box is a
 *   `.ab` cell with its column (`data-col`, from the units) and its part (`data-part`: result, quotient or resto), in
 *   the cell of its problem.
 * - Since rules 6, the answer of each fact in a line (`answersBoxed`) in boxes too; since rules 7, the missing
 *   number of each fact with a lacuna, and the number each situação-problema asks; since rules 8, the answer of each
 *   conta of "Arme e efetue"; since rules 9, their decimal answers too, the casas' boxes after a printed vírgula
 *   (`data-casa`).
 *
 * The boxes are grey and thin, so that the learner's digit is the only dark thing inside one.
 */
export const READING_RULES = 5;

/** Whether a page's sheet is printed to be read (its rules); pages bought before print as bought. */
export const readable = (page: Pick<GeneratedPage, 'rules'>): boolean => page.rules >= READING_RULES;

/**
 * Since rules 6 the answers of facts in a line (format `linha`) are in boxes too: the result and the resto of each
 * fact of natural numbers, a box per digit of the blank it replaces (as many on every line of an operation), each box
 * as wide as the print size's digit column and `FACT_BOX_HEIGHT` columns tall, so the learner has the conta armada's
 * room for a digit whatever the size the facts are printed at.
 */
export const FACT_BOX_RULES = 6;
export const FACT_BOX_HEIGHT = 1.6;

/**
 * Since rules 7 the missing number of a fact with a lacuna (format `lacuna`: `□□ + 6 = 9`) is in boxes too, as many as
 * its blank had digits, where the blank was: the first or the second term; and so is the number a situação-problema
 * asks (format `problemas`), under its Resposta ("Só o número:"), with its resto where the page's divisions may leave
 * one (`wordBoxes`).
 */
export const LACUNA_BOX_RULES = 7;

/**
 * Since rules 8 the answer of each conta of "Arme e efetue" (format `arme`) is in boxes too, after the = of the conta
 * the learner copies into the quadriculado (`347 + 85 = □□□□`, and `resto □□` where the page's divisions may leave
 * one), as a fact in a line has them: the learner arms and works the conta anywhere in the squares and writes its
 * result where a reader knows to find it.
 */
export const ARME_BOX_RULES = 8;

/**
 * Since rules 9 the decimal answers of facts in a line and of "Arme e efetue" are in boxes too (`4,2 × 3 = □□,□`), a
 * lacuna's decimal missing term (every casa of its conta), and the sums of money the situações-problema ask ("Só o
 * número: R$ □□□,□□"): the whole part's boxes, a printed vírgula
 * (no box: `DECIMAL_COMMA_COLUMNS` of a digit column wide), then a box per casa of the result, each with its casa
 * (`data-casa`: 1 the décimos, 2 the centésimos). A learner who leaves the last casas empty wrote zeros there (4,2 is
 * 4,20), as a Brazilian writes a decimal.
 */
export const DECIMAL_BOX_RULES = 9;
export const DECIMAL_COMMA_COLUMNS = 0.5;

/**
 * Which answers outside its contas armadas a custom page prints in boxes: none (false), those of natural numbers
 * (facts in a line since `FACT_BOX_RULES`, missing numbers and situações-problema since `LACUNA_BOX_RULES`, "Arme e
 * efetue" since `ARME_BOX_RULES`), or since `DECIMAL_BOX_RULES` decimal ones too (facts, lacunas, "Arme e efetue",
 * the sums of money of situações-problema). Truthy whenever any answer is boxed.
 */
export type BoxedAnswers = false | 'naturals' | 'decimals';

export function answersBoxed(page: Pick<GeneratedPage, 'rules' | 'options'>): BoxedAnswers {
  const format = page.options.custom?.format;
  const since = (rules: number) => page.rules >= rules;
  if (format === undefined || format === 'armada') return false;
  if (since(DECIMAL_BOX_RULES)) return 'decimals';
  const first = {
    linha: FACT_BOX_RULES,
    arme: ARME_BOX_RULES,
    lacuna: LACUNA_BOX_RULES,
    problemas: LACUNA_BOX_RULES,
  };
  return since(first[format]) ? 'naturals' : false;
}

/** The corner marks' side and their distance from the paper's edges, in mm: inside every printer's printable area. */
export const CORNER_MARK = { sideMm: 5, insetMm: 5 } as const;

/** The four corner marks of a sheet, in its top-left, top-right, bottom-left and bottom-right corners. */
export const cornerMarks = (): string =>
  ['tl', 'tr', 'bl', 'br']
    .map((corner) => `<i class="corner-mark ${corner}" aria-hidden="true"></i>`)
    .join('');

/**
 * The attributes of one answer box: its part of the answer, its column counted from the row's last box, and a decimal
 * answer's casa (rules 9).
 */
export const boxAttributes = (part: 'result' | 'quotient' | 'resto', column: number, casa?: number): string =>
  ` data-part="${part}" data-col="${column}"${casa === undefined ? '' : ` data-casa="${casa}"`}`;

/**
 * Boxes of one digit each, in writing order (the learner writes from the first): a chave's quotient or resto, a
 * fact's result; `value`, the gabarito's, its digits from the first box. With `casas` (rules 9), a decimal answer:
 * the last `casas` boxes are its casas, after a printed vírgula, and `value` is in units of its last casa (420 for
 * 4,20), written with the whole part against the vírgula.
 */
export function digitBoxes(
  part: 'quotient' | 'resto' | 'result',
  room: number,
  value?: number,
  casas = 0,
): string {
  const box = (i: number, digit: string | undefined) => {
    const casa = i >= room - casas ? i - (room - casas) + 1 : undefined;
    return `<span class="d ab"${boxAttributes(part, room - 1 - i, casa)}>${digit ?? ''}</span>`;
  };
  if (casas === 0) {
    const digits = value === undefined ? [] : [...String(value)];
    return Array.from({ length: room }, (_, i) => box(i, digits[i])).join('');
  }
  const whole = room - casas;
  const digits = value === undefined ? [] : [...String(value).padStart(casas + 1, '0')];
  // The gabarito's digits right-aligned: the whole part against the vírgula, every casa after it.
  const at = (i: number) => digits[digits.length - room + i];
  const boxes = Array.from({ length: room }, (_, i) => box(i, at(i)));
  return [
    ...boxes.slice(0, whole),
    '<span class="v" aria-hidden="true">,</span>',
    ...boxes.slice(whole),
  ].join('');
}

/** The style of the marks and boxes; `columnMm`, the print size's digit column. */
export const readingCss = (columnMm: number): string => `
  .sheet { position: relative; }
  .corner-mark { position: absolute; width: ${CORNER_MARK.sideMm}mm; height: ${CORNER_MARK.sideMm}mm; background: #000; }
  .corner-mark.tl, .corner-mark.tr { top: ${CORNER_MARK.insetMm}mm; }
  .corner-mark.bl, .corner-mark.br { bottom: ${CORNER_MARK.insetMm}mm; }
  .corner-mark.tl, .corner-mark.bl { left: ${CORNER_MARK.insetMm}mm; }
  .corner-mark.tr, .corner-mark.br { right: ${CORNER_MARK.insetMm}mm; }
  /* An answer box: a thin grey frame inside its digit column, the learner's digit (the gabarito's) in it. */
  .d.ab::before {
    content: ''; position: absolute; left: 0.35mm; right: 0.35mm; top: 0.5mm; bottom: 0.5mm;
    border: 0.6pt solid #9e9e9e; border-radius: 0.6mm;
  }
  .d.ab { position: relative; display: inline-block; height: calc(var(--lh) * 1em); line-height: var(--lh); }
  .rest .d.ab, .fact .boxes .d.ab { width: max(1ch, ${columnMm}mm); text-align: center; }
  .line.answer { margin-top: 1mm; }
  .chave .quotient.boxes { display: flex; }
  .chave .rest { display: flex; align-items: center; gap: 1mm; margin-top: 1mm; padding-left: 0.25em; }
  .rest .boxes { display: flex; }
  .chave .rest-label { font-size: 8pt; color: #333; }
  .fact .boxes { display: inline-flex; align-self: center; }
  /* A decimal answer's vírgula between the boxes of its whole part and its casas (rules 9), on the boxes' baseline. */
  .boxes .v { width: ${DECIMAL_COMMA_COLUMNS * columnMm}mm; text-align: center; align-self: flex-end; line-height: 1; }
`;

/**
 * Measures a sheet laid out in its tab (an expression for `Runtime.evaluate`): every page of the exercises, each
 * answer box with its problem (the number its cell prints), part and column, in mm from the page's top-left corner.
 */
export const READING_MAP = `(() => {
  const mm = 25.4 / 96;
  const round = (value) => Math.round(value * 100) / 100;
  const centre = (mark, page) => {
    const r = mark.getBoundingClientRect();
    return { x: round((r.left + r.width / 2 - page.left) * mm), y: round((r.top + r.height / 2 - page.top) * mm) };
  };
  const sheets = [...document.querySelectorAll('.sheet.exercises')];
  const first = sheets[0].getBoundingClientRect();
  const marks = {};
  for (const corner of ['tl', 'tr', 'bl', 'br']) marks[corner] = centre(sheets[0].querySelector('.corner-mark.' + corner), first);
  const pages = sheets.map((sheet) => {
    const page = sheet.getBoundingClientRect();
    const boxes = [];
    for (const cell of sheet.querySelectorAll('.cell')) {
      const problem = Number(cell.querySelector('.index').textContent) - 1;
      for (const box of cell.querySelectorAll('.ab')) {
        const r = box.getBoundingClientRect();
        boxes.push({
          problem, part: box.dataset.part, column: Number(box.dataset.col),
          ...(box.dataset.casa ? { casa: Number(box.dataset.casa) } : {}),
          x: round((r.left - page.left) * mm), y: round((r.top - page.top) * mm),
          width: round(r.width * mm), height: round(r.height * mm),
        });
      }
    }
    return { boxes };
  });
  return { v: 1, widthMm: round(first.width * mm), heightMm: round(first.height * mm), marks, pages };
})()`;
