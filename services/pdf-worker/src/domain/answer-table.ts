import type { SetVersion } from '@app/contracts';
import { numberText } from './conta-columns.js';
import {
  asksForRemainder,
  sheetTitle,
  thousands,
  type GeneratedPage,
  type Problem,
  type WordProblem,
} from '@app/generator';
import { customAsksRemainder, teacherLine } from './sheet-formats.js';
import { SHEET_FONTS } from './sheet-fonts.js';
import { versionLabel, type SheetDocument } from './sheet-html.js';

/** One version of a class set as its answer table lists it: its place, its code and its page as drawn. */
export interface TableVersion {
  version: SetVersion;
  code: string;
  page: GeneratedPage;
}

/**
 * The table's measures, in mm: A4 less the sheet's margins, two blocks a row, an answer's number and the answer's
 * digits (9 pt DejaVu Sans Mono bold: 0.602 em a character).
 */
const TABLE_MM = {
  width: 210 - 2 * 11,
  /** The blocks stand this far inside the printable area: a border drawn on its very edge is clipped in the PDF. */
  inset: 0.4,
  blocksGap: 5,
  blockInside: 2 * 2 + 0.5,
  number: 4.2,
  gap: 1.2,
  columnsGap: 2,
};
const ANSWER_CHAR_MM = (9 * 0.602 * 25.4) / 72;

/**
 * Answers a block puts side by side: as many as hold the set's longest answer ('1.234 r 8': 3; '65.424': 4; the
 * Fácil and Médio facts: 5), at most 5, so every block of a table has the same columns and no answer leaves its block.
 */
export function tableColumns(longestAnswer: number): number {
  const inside = (TABLE_MM.width - 2 * TABLE_MM.inset - TABLE_MM.blocksGap) / 2 - TABLE_MM.blockInside;
  const column = TABLE_MM.number + TABLE_MM.gap + longestAnswer * ANSWER_CHAR_MM;
  const fits = Math.floor((inside + TABLE_MM.columnsGap) / (column + TABLE_MM.columnsGap));
  return Math.max(2, Math.min(5, fits));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Whether the page asks for the remainder of its divisions (then a 0 is written: '12 r 0'). */
function remainderAsked(page: GeneratedPage): boolean {
  const custom = page.options.custom;
  return custom ? customAsksRemainder(custom) : asksForRemainder(page.options.level);
}

const withRemainder = (value: number, remainder: number | null, asked: boolean) =>
  remainder !== null && (remainder > 0 || asked)
    ? `${thousands(value)} r ${thousands(remainder)}`
    : thousands(value);

/**
 * What the learner writes as the answer of problem `index`, as the answer table prints it (thousands with a dot, a
 * decimal with its vírgula, money as R$ 4,20):
 * - `lacuna`: the number in the blank (the term the learner finds, not the result the line gives);
 * - `problemas`: the number the question asks for ("quantos são necessários": the quotient + 1), with what is left
 *   when the question asks for it;
 * - every other page: the result; a division's remainder after 'r' where the page asks for it (or it is not 0).
 */
export function answerText(page: GeneratedPage, index: number): string {
  const problem: Problem | undefined = page.problems[index];
  if (problem === undefined) throw new Error(`no problem ${index + 1} on the page`);
  const format = page.options.custom?.format;
  if (format === 'problemas') {
    const word: WordProblem | undefined = page.words?.[index];
    if (word === undefined) throw new Error(`no situação-problema for problem ${index + 1}`);
    // Money in reais e centavos: the answer is the conta's result, written as the sheet writes it (but how many
    // cédulas and moedas, a count).
    if (word.conta.decimal !== undefined && word.pieces === undefined)
      return numberText(word.conta, 'result');
    return withRemainder(word.answer, word.leftover, false);
  }
  if (format === 'lacuna' && problem.blank !== undefined) return numberText(problem, problem.blank);
  if (problem.op !== 'div') return numberText(problem, 'result');
  // A decimal division is exact to its last casa: its quotient as the page prints it (4,20; R$ 4,20).
  if (problem.decimal !== undefined) return numberText(problem, 'result');
  return withRemainder(problem.result, problem.remainder, remainderAsked(page));
}

function versionBlock({ version, code, page }: TableVersion): string {
  const answers = page.problems
    .map(
      (_, index) =>
        `<li><span class="n">${index + 1}</span><span class="a">${escapeHtml(answerText(page, index))}</span></li>`,
    )
    .join('');
  return `<section class="version">
      <h2><span class="label">${versionLabel(version)}</span> · <span class="code">${escapeHtml(code)}</span></h2>
      <ol class="answers">${answers}</ol>
    </section>`;
}

const TABLE_CSS = `
  @page { size: A4; margin: 11mm; }
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { background: #fff; color: #111; }
  body { font-family: '${SHEET_FONTS.sans}'; font-size: 9pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .answer-table h1 { font-size: 15pt; font-weight: bold; padding-bottom: 1.4mm; border-bottom: 1.2pt solid #111; }
  .answer-table .teacher-line { margin-top: 1.4mm; font-size: 11pt; font-weight: bold; overflow-wrap: anywhere; }
  .answer-table .about { margin: 1.6mm 0 3mm; font-size: 9pt; color: #222; }
  .answer-table .about .code, .version .code { font-family: '${SHEET_FONTS.mono}'; }
  .versions {
    display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 2.6mm ${TABLE_MM.blocksGap}mm;
    align-items: start; padding: 0 ${TABLE_MM.inset}mm;
  }
  .version {
    min-width: 0; break-inside: avoid; padding: 1.4mm 2mm 1.6mm;
    border: 0.6pt solid #9e9e9e; border-radius: 1.6mm;
  }
  .version h2 { font-size: 8.5pt; font-weight: bold; margin-bottom: 1mm; white-space: nowrap; }
  .version h2 .code { font-weight: normal; font-size: 7.5pt; }
  .answers {
    list-style: none; display: grid; grid-template-columns: repeat(var(--columns), minmax(0, 1fr));
    gap: 0.5mm ${TABLE_MM.columnsGap}mm;
  }
  .answers li { display: flex; align-items: baseline; gap: ${TABLE_MM.gap}mm; white-space: nowrap; }
  .answers .n { min-width: ${TABLE_MM.number}mm; text-align: right; font-size: 7pt; font-weight: bold; color: #555; }
  .answers .a { font-family: '${SHEET_FONTS.mono}'; font-weight: bold; }
  `;

/**
 * The set's answer table, for correcting a class's sheets quickly: its title (and the teacher's own line,
 * as the sheets print it), then one block per version in order,
 * headed 'Versão 7 de 30 · <code>', its answers numbered as on the sheet. The blocks stand two a row, read left to
 * right and down, over as many A4 pages as they need (a block is never split), printed by the same tabs as the
 * sheets (their fonts).
 */
export function answerTableDocument(setCode: string, versions: readonly TableVersion[]): SheetDocument {
  const first = versions[0];
  if (first === undefined) throw new Error('a set has versions');
  const title = sheetTitle(first.page.options);
  const answers = versions.flatMap(({ page }) => page.problems.map((_, index) => answerText(page, index)));
  const legend = answers.some((text) => text.includes(' r ')) ? ' (r: resto)' : '';
  const columns = tableColumns(Math.max(...answers.map((text) => text.length)));
  const body = `<section class="answer-table">
    <h1>Respostas — ${escapeHtml(title)}</h1>${teacherLine(first.page.options.custom, title)}
    <p class="about">${versions.length} versões, cada uma com as respostas na ordem da folha${legend}. Conjunto <span class="code">${escapeHtml(setCode)}</span>.</p>
    <div class="versions" style="--columns:${columns}">
      ${versions.map(versionBlock).join('\n')}
    </div>
  </section>`;
  return { title: `Respostas — ${title} — ${setCode}`, css: TABLE_CSS, body };
}
