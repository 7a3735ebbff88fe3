import type { GeneratedPage, Level, Operation, Problem } from '@app/generator';
import { SHEET_FONT_CSS, SHEET_FONTS } from './sheet-fonts.js';

export interface SheetMeta {
  /** The page code, printed in the footer so a printed sheet can be traced back to its page. */
  code: string;
}

/**
 * Every sheet is a fixed A4 box with its own padding and `@page { margin: 0 }`: the screen layout is then the
 * print layout, so a screenshot of the first box is an exact thumbnail of page 1.
 */
export const SHEET_MM = { width: 210, height: 297, margin: 12 } as const;

/** Digits get smaller as numbers get longer; the youngest learners get the biggest. */
export const DIGIT_SIZE_PT: Readonly<Record<Level, number>> = { 0: 22, 1: 18, 2: 16 };

/** Badge colours of the levels (spec §9): green, orange, red. */
export const LEVEL_COLOURS: Readonly<Record<Level, string>> = { 0: '#2e7d32', 1: '#e65100', 2: '#c62828' };

/** U+2212 is the minus sign; the hyphen-minus is too short next to the digits. */
const SIGNS: Readonly<Record<Operation, string>> = { add: '+', sub: '\u2212', mult: '×', div: '÷' };

/** Room the quotient gets under the divisor, in digits; from the level, never from the answer. */
const QUOTIENT_ROOM: Readonly<Record<Level, number>> = { 0: 3, 1: 4, 2: 4 };

const digitCount = (value: number): number => String(value).length;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Columns wide enough for the longest line a learner writes in that problem (a carry into a new column, the
 * partial products of ×), so the width gives no hint about the answer; the spare column also keeps the sign
 * apart from the number (− 1239, not −1239, which reads as a negative number).
 */
function columnRoom({ op, a, b }: Problem): number {
  switch (op) {
    case 'add':
    case 'sub':
      return Math.max(digitCount(a), digitCount(b)) + 1;
    case 'mult':
      return digitCount(a) + digitCount(b);
    case 'div':
      return digitCount(a);
  }
}

function verticalProblem(problem: Problem): string {
  return `<div class="vertical" style="--room:${columnRoom(problem)}">
      <span class="sign"></span><span class="number">${problem.a}</span>
      <span class="sign">${SIGNS[problem.op]}</span><span class="number">${problem.b}</span>
      <span class="rule"></span>
    </div>`;
}

/** The Brazilian "método da chave": dividendo on the left, divisor inside an L (left and bottom borders). */
function chaveProblem(problem: Problem, level: Level): string {
  const room = Math.max(QUOTIENT_ROOM[level], digitCount(problem.b) + 1);
  return `<div class="chave" style="--room:${room}">
      <span class="number dividend">${problem.a}</span><span class="number divisor">${problem.b}</span>
    </div>`;
}

function problemCell(problem: Problem, index: number, level: Level): string {
  const body = problem.op === 'div' ? chaveProblem(problem, level) : verticalProblem(problem);
  return `<li class="cell ${problem.op}"><span class="index">${index + 1}</span>${body}</li>`;
}

function answerText(problem: Problem): string {
  return problem.op === 'div'
    ? `quociente <b>${problem.result}</b>, resto <b>${problem.remainder}</b>`
    : `<b>${problem.result}</b>`;
}

function answerRow(problem: Problem, index: number): string {
  return `<li class="answer">
      <span class="index">${index + 1}</span>
      <span class="number">${problem.a}</span><span class="sign">${SIGNS[problem.op]}</span>
      <span class="number">${problem.b}</span><span class="equals">=</span>
      <span class="result">${answerText(problem)}</span>
    </li>`;
}

function footer(page: GeneratedPage, meta: SheetMeta): string {
  return `<footer class="foot">
      <span class="level">Nível ${page.levelName}</span>
      <span class="bncc">BNCC: ${page.bncc.join(' · ')}</span>
      <span class="code">Código: ${escapeHtml(meta.code)}</span>
    </footer>`;
}

/** 20 problems in 4 × 5; 12 (with ÷) in 3 × 4 so the chave has room for the steps under the dividendo. */
function gridShape(count: number): { columns: number; rows: number } {
  const columns = count > 12 ? 4 : 3;
  return { columns, rows: Math.ceil(count / columns) };
}

function exerciseSheet(page: GeneratedPage, meta: SheetMeta): string {
  const { problems, options } = page;
  const { columns, rows } = gridShape(problems.length);
  const instruction = options.div
    ? 'Resolva as contas. Nas divisões, escreva o quociente e o resto.'
    : 'Resolva as contas.';
  return `<section class="sheet exercises">
    <header class="head">
      <h1>Exercícios de Matemática</h1>
      <div class="fields">
        <span class="field name">Nome:<span class="blank"></span></span>
      </div>
      <div class="fields">
        <span class="field class">Turma:<span class="blank"></span></span>
        <span class="field date">Data:<span class="blank"></span>/<span class="blank"></span>/<span class="blank"></span></span>
        <span class="field score">Acertos:<span class="blank"></span>/ ${problems.length}</span>
      </div>
      <p class="instruction">${instruction}</p>
    </header>
    <ol class="grid" style="--columns:${columns};--rows:${rows}">
      ${problems.map((problem, index) => problemCell(problem, index, options.level)).join('\n')}
    </ol>
    ${footer(page, meta)}
  </section>`;
}

function answerKeySheet(page: GeneratedPage, meta: SheetMeta): string {
  const columns = page.problems.length > 12 ? 2 : 1;
  const widest = (pick: (problem: Problem) => number) =>
    Math.max(...page.problems.map((p) => digitCount(pick(p))));
  return `<section class="sheet answer-key">
    <header class="head">
      <h1>Gabarito</h1>
      <p class="instruction">Respostas dos exercícios da página com o código ${escapeHtml(meta.code)}.</p>
    </header>
    <ol class="answers" style="--columns:${columns};--rows:${Math.ceil(page.problems.length / columns)};--a-room:${widest((p) => p.a)};--b-room:${widest((p) => p.b)}">
      ${page.problems.map(answerRow).join('\n')}
    </ol>
    ${footer(page, meta)}
  </section>`;
}

function styles(level: Level): string {
  const { width, height, margin } = SHEET_MM;
  return `
  ${SHEET_FONT_CSS}
  @page { size: A4; margin: 0; }
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { background: #fff; color: #111; }
  body { font-family: '${SHEET_FONTS.sans}'; font-size: 11pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .sheet {
    width: ${width}mm; height: ${height}mm; padding: ${margin}mm;
    display: flex; flex-direction: column; gap: 4mm; overflow: hidden; break-after: page;
  }
  .sheet:last-child { break-after: auto; }
  .number, .sign, .equals { font-family: '${SHEET_FONTS.mono}'; }

  .head { display: flex; flex-direction: column; gap: 3mm; }
  h1 { font-size: 19pt; font-weight: bold; letter-spacing: 0.2pt; padding-bottom: 2mm; border-bottom: 1.2pt solid #111; }
  .fields { display: flex; gap: 6mm; align-items: baseline; }
  .field { display: flex; align-items: baseline; gap: 1.5mm; white-space: nowrap; }
  .blank { display: inline-block; border-bottom: 0.8pt solid #111; height: 1em; }
  .name { flex: 1; } .name .blank { flex: 1; }
  .class .blank { width: 22mm; }
  .date .blank { width: 9mm; } .date .blank:last-child { width: 14mm; }
  .score { margin-left: auto; } .score .blank { width: 12mm; margin-right: 1mm; }
  .instruction { font-size: 10.5pt; color: #333; }

  .grid {
    flex: 1; list-style: none; display: grid; gap: 2.5mm;
    grid-template-columns: repeat(var(--columns), 1fr); grid-template-rows: repeat(var(--rows), 1fr);
  }
  .cell {
    position: relative; border: 0.6pt solid #b9b9b9; border-radius: 2mm;
    display: flex; justify-content: center; align-items: flex-start; padding-top: 6mm;
    font-size: ${DIGIT_SIZE_PT[level]}pt;
  }
  .cell .index {
    position: absolute; top: 1.6mm; left: 1.8mm; min-width: 5mm; height: 5mm; border-radius: 2.5mm;
    background: #efefef; color: #444; font-size: 8.5pt; line-height: 5mm; text-align: center; font-weight: bold;
  }
  .vertical { display: inline-grid; grid-template-columns: auto auto; column-gap: 0.15em; line-height: 1.25; }
  .vertical .number { text-align: right; min-width: calc(var(--room) * 1ch); }
  .vertical .rule { grid-column: 1 / -1; border-top: 1.6pt solid #111; margin-top: 0.1em; }
  .chave { display: inline-grid; grid-template-columns: auto auto; line-height: 1.25; margin-right: 6mm; }
  .chave .dividend { padding-right: 0.35em; }
  .chave .divisor {
    min-width: calc(var(--room) * 1ch + 0.7em); padding: 0 0.35em 0.05em; border-left: 1.6pt solid #111;
    border-bottom: 1.6pt solid #111;
  }

  .answers {
    list-style: none; display: grid; grid-auto-flow: column; column-gap: 8mm; row-gap: 1mm; align-content: start;
    grid-template-columns: repeat(var(--columns), auto); grid-template-rows: repeat(var(--rows), auto);
    justify-content: start; margin-top: 2mm;
  }
  .answer {
    display: grid; grid-template-columns: 8mm calc(var(--a-room) * 1ch) 2.4ch calc(var(--b-room) * 1ch) 2.4ch auto;
    align-items: baseline; font-size: 14pt; line-height: 2.2; border-bottom: 0.5pt solid #ddd; padding-right: 2mm;
  }
  .answer .index { font-size: 9pt; color: #555; font-weight: bold; }
  .answer .number { text-align: right; }
  .answer .sign, .answer .equals { text-align: center; }
  .answer .result { padding-left: 1ch; white-space: nowrap; }

  .foot {
    margin-top: auto; display: flex; align-items: center; gap: 5mm; font-size: 8.5pt; color: #444;
    border-top: 0.6pt solid #999; padding-top: 2mm;
  }
  .foot .level {
    color: #fff; background: ${LEVEL_COLOURS[level]}; font-weight: bold; padding: 0.6mm 2.5mm; border-radius: 2mm;
  }
  .foot .code { margin-left: auto; font-family: '${SHEET_FONTS.mono}'; }
  `;
}

/** A complete, self-contained HTML document (no external assets, fonts included) for one page and, with answers, its gabarito. */
export function renderSheetHtml(page: GeneratedPage, meta: SheetMeta): string {
  const sheets = [exerciseSheet(page, meta)];
  if (page.options.answers) sheets.push(answerKeySheet(page, meta));
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<title>Exercícios de Matemática — ${escapeHtml(meta.code)}</title>
<style>${styles(page.options.level)}</style>
</head>
<body>
${sheets.join('\n')}
</body>
</html>`;
}
