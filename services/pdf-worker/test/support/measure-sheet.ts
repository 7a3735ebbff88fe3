import { SET_VERSIONS_MAX, type SetVersion } from '@app/contracts';

/** The widest label a version of a class set prints: 'Versão 40 de 40'. */
export const WIDEST_VERSION: SetVersion = { n: SET_VERSIONS_MAX, of: SET_VERSIONS_MAX };

/**
 * What a sheet measures in the sheet browser, in CSS pixels: every finding is a sentence saying what overflows where.
 * Shared by the layout tests of the preset pages and of the custom pages: `columnMm` and
 * `carryBoxMm` are the print size's digit column and carry box; `strict` adds what the custom formats need (no two
 * cells overlap, no text clipped, the quadriculado of "Arme e efetue" holds its conta, its squares' size).
 */
export function measureSheets(sizes: { columnMm: number; carryBoxMm: number; strict?: boolean }): string {
  return `(() => {
  const COLUMN_MM = ${sizes.columnMm};
  const CARRY_BOX_MM = ${sizes.carryBoxMm};
  const STRICT = ${sizes.strict === true};
  const found = [];
  const slack = 0.5;
  const inside = (inner, outer) =>
    inner.left >= outer.left - slack && inner.right <= outer.right + slack &&
    inner.top >= outer.top - slack && inner.bottom <= outer.bottom + slack;
  const boxOf = (el) => el.getBoundingClientRect();
  const name = (el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '');
  const ancestorsUpTo = (el, top) => { const list = []; for (let p = el.parentElement; p && p !== top; p = p.parentElement) list.push(p); return list; };
  const visible = (el) => { const r = boxOf(el); return r.width > 0 && r.height > 0; };
  const sheets = [...document.querySelectorAll('.sheet')];
  const STRICT_CHECKS = STRICT;
  sheets.forEach((sheet, s) => {
    const style = getComputedStyle(sheet);
    const outer = boxOf(sheet);
    const content = {
      left: outer.left + parseFloat(style.paddingLeft), right: outer.right - parseFloat(style.paddingRight),
      top: outer.top + parseFloat(style.paddingTop), bottom: outer.bottom - parseFloat(style.paddingBottom),
    };
    if (sheet.scrollHeight > sheet.clientHeight + 1) found.push('sheet ' + (s + 1) + ' is taller than A4');
    for (const el of sheet.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      // The corner marks of a sheet to be read are in the margins, on the paper, clear of everything else.
      if (el.classList.contains('corner-mark')) continue;
      if (visible(el) && !inside(boxOf(el), content)) found.push(name(el) + ' leaves the margins of sheet ' + (s + 1));
    }
    for (const mark of sheet.querySelectorAll('.corner-mark')) {
      const m = boxOf(mark);
      if (!inside(m, outer)) found.push('a corner mark off sheet ' + (s + 1));
      if (m.right > content.left && m.left < content.right && m.bottom > content.top && m.top < content.bottom)
        found.push('a corner mark inside the content of sheet ' + (s + 1));
    }
    sheet.querySelectorAll('.cell').forEach((cell, c) => {
      const box = boxOf(cell);
      for (const el of cell.querySelectorAll('*')) {
        // An svg (the quadriculado) is measured as a whole: it clips what it draws.
        if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
        if (visible(el) && !inside(boxOf(el), box)) found.push(name(el) + ' overflows cell ' + (c + 1) + ' of sheet ' + (s + 1));
      }
      // The problem's number never sits on the conta (a chave as wide as its cell starts under it).
      const index = cell.querySelector('.index');
      if (index) {
        const a = boxOf(index);
        for (const el of cell.querySelectorAll('.line .d, .line .s, .by, .quotient, .fact')) {
          const b = boxOf(el);
          if (b.width > 0 && el.textContent.trim() !== '' && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
            found.push('the number of cell ' + (c + 1) + ' of sheet ' + (s + 1) + ' covers ' + name(el));
          }
        }
      }
      const caption = cell.querySelector('.caption');
      if (caption) {
        const a = boxOf(caption);
        for (const el of cell.querySelectorAll('.line, .by, .quotient, .index')) {
          const b = boxOf(el);
          if (b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
            found.push('the caption of cell ' + (c + 1) + ' of sheet ' + (s + 1) + ' covers ' + name(el));
          }
        }
      }
    });
    // Sizes of the caderno: every digit column at least COLUMN_MM wide (a decimal's vírgula has a narrow column of
    // its own), every carry box CARRY_BOX_MM.
    const mm = 96 / 25.4;
    for (const el of sheet.querySelectorAll('.line:not(.small) .d:not(.v), .by .d, .quotient .d:not(.v), .line.small .d:not(.v)')) {
      const width = boxOf(el).width;
      if (width < COLUMN_MM * mm - 0.05) found.push('a digit column of ' + (width / mm).toFixed(2) + ' mm on sheet ' + (s + 1));
    }
    // The answer boxes of a sheet to be read: as wide as a digit column, as tall as a digit's line, each apart from
    // the others and from every printed text of its cell (a reader finds the learner's digit alone in it).
    sheet.querySelectorAll('.cell').forEach((cell, c) => {
      const answerBoxes = [...cell.querySelectorAll('.ab')];
      const texts = [...cell.querySelectorAll('.line .d:not(.ab), .line .s, .by, .index, .caption, .rest-label, .fact-terms, .box, .fx .n, .fx .op, .fx .resto')]
        .filter((el) => el.textContent.trim() !== '' || el.classList.contains('box'));
      answerBoxes.forEach((el, i) => {
        const b = boxOf(el);
        if (b.width < COLUMN_MM * mm - 0.05 || b.height < 5 * mm - 0.05)
          found.push('an answer box of ' + (b.width / mm).toFixed(2) + ' × ' + (b.height / mm).toFixed(2) + ' mm in cell ' + (c + 1) + ' of sheet ' + (s + 1));
        for (const other of [...answerBoxes.slice(i + 1), ...texts]) {
          const o = boxOf(other);
          if (b.left < o.right - slack && o.left < b.right - slack && b.top < o.bottom - slack && o.top < b.bottom - slack)
            found.push('an answer box meets ' + name(other) + ' in cell ' + (c + 1) + ' of sheet ' + (s + 1));
        }
      });
    });
    for (const el of sheet.querySelectorAll('.box')) {
      const b = boxOf(el);
      if (Math.min(b.width, b.height) < CARRY_BOX_MM * mm - 0.05)
        found.push('a carry box of ' + (b.width / mm).toFixed(2) + ' × ' + (b.height / mm).toFixed(2) + ' mm on sheet ' + (s + 1));
    }
    // The borrow: each crossed digit struck on its own, and a gap between neighbouring rewrites; in each
    // conta of a cell (a situação-problema in two steps works two, one above the other).
    sheet.querySelectorAll('.cell').forEach((cell, c) => {
      const where = ' in cell ' + (c + 1) + ' of sheet ' + (s + 1);
      const contas = cell.querySelectorAll('.alg');
      for (const conta of contas.length > 0 ? contas : [cell]) {
        const rewrites = [...conta.querySelectorAll('.rw')].map(boxOf).sort((a, b) => a.left - b.left);
        for (let i = 1; i < rewrites.length; i++) {
          const gap = rewrites[i].left - rewrites[i - 1].right;
          if (gap < 1 * mm) found.push('two rewrites ' + (gap / mm).toFixed(2) + ' mm apart' + where);
        }
        const strikes = [...conta.querySelectorAll('.strike')];
        if (strikes.length !== rewrites.length) found.push(strikes.length + ' strikes for ' + rewrites.length + ' rewrites' + where);
        const strikeBoxes = strikes.map(boxOf).sort((a, b) => a.left - b.left);
        for (let i = 1; i < strikeBoxes.length; i++) {
          if (strikeBoxes[i].left - strikeBoxes[i - 1].right < 0.5 * mm) found.push('two strikes run together' + where);
        }
        for (const strike of strikes) {
          const digit = strike.parentElement;
          const text = [...digit.childNodes].find((n) => n.nodeType === 3);
          if (!text || text.textContent.length !== 1) { found.push('a strike not on one digit' + where); continue; }
          const range = document.createRange();
          range.selectNodeContents(text);
          const glyph = range.getBoundingClientRect();
          const b = boxOf(strike);
          // Over this digit only: across most of its glyph, and not past its column into the next digit's.
          const covered = Math.min(b.right, glyph.right) - Math.max(b.left, glyph.left);
          if (covered < 0.6 * glyph.width) found.push('a strike covers ' + Math.round((100 * covered) / glyph.width) + ' % of its digit' + where);
          const column = boxOf(digit);
          if (b.left < column.left - slack || b.right > column.right + slack) found.push('a strike leaves its digit column' + where);
        }
        // Each rewrite stands above the digit it replaces.
        const crossed = [...conta.querySelectorAll('.crossed')].map(boxOf).sort((a, b) => a.left - b.left);
        rewrites.forEach((r, i) => {
          const d = crossed[i];
          const centre = (r.left + r.right) / 2;
          if (!d || centre < d.left || centre > d.right || r.bottom > d.top + d.height * 0.35)
            found.push('a rewrite not above its crossed digit' + where);
        });
      }
    });
    if (STRICT_CHECKS) {
      // No two cells overlap.
      const cells = [...sheet.querySelectorAll('.cell')].map(boxOf);
      for (let i = 0; i < cells.length; i++)
        for (let j = i + 1; j < cells.length; j++) {
          const a = cells[i], b = cells[j];
          if (a.left < b.right - slack && b.left < a.right - slack && a.top < b.bottom - slack && b.top < a.bottom - slack)
            found.push('cells ' + (i + 1) + ' and ' + (j + 1) + ' of sheet ' + (s + 1) + ' overlap');
        }
      // Every cell inside its grid: a grid whose rows grow with their texts never runs into what follows it (the
      // page's number, the footer).
      sheet.querySelectorAll('.grid').forEach((grid) => {
        const box = boxOf(grid);
        grid.querySelectorAll(':scope > .cell').forEach((cell, c) => {
          if (!inside(boxOf(cell), box)) found.push('cell ' + (c + 1) + ' of sheet ' + (s + 1) + ' leaves its grid');
        });
      });
      // No text is clipped: every run of text lies inside its cell (or the content box), whole.
      const walker = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim() || node.parentElement.closest('svg')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width === 0) continue;
        const cell = node.parentElement.closest('.cell');
        const outer = cell ? boxOf(cell) : content;
        if (!inside(r, outer)) found.push('the text "' + node.textContent.trim() + '" is clipped on sheet ' + (s + 1));
        for (const el of [node.parentElement, ...ancestorsUpTo(node.parentElement, sheet)]) {
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'hidden')
            found.push('the text "' + node.textContent.trim() + '" overflows ' + name(el) + ' on sheet ' + (s + 1));
        }
      }
      // The quadriculado of "Arme e efetue" holds the whole conta worked in the gabarito, and nothing covers it.
      sheet.querySelectorAll('.squares').forEach((area, c) => {
        const box = boxOf(area);
        for (const el of area.querySelectorAll('.line, .chave, .alg, .by, .quotient')) {
          if (visible(el) && !inside(boxOf(el), box)) found.push(name(el) + ' leaves the quadriculado ' + (c + 1) + ' of sheet ' + (s + 1));
        }
        const statement = area.parentElement.querySelector('.arme-statement');
        if (statement && boxOf(statement).bottom > box.top + slack) found.push('the conta ' + (c + 1) + ' of sheet ' + (s + 1) + ' covers its quadriculado');
        // The quadriculado's label ("Cálculo", up its margin column) never sits on a digit or a sign.
        const label = area.querySelector('.calc-label');
        if (label) {
          const a = boxOf(label);
          for (const el of area.querySelectorAll('.line .d, .line .s, .by, .quotient')) {
            const b = boxOf(el);
            if (el.textContent.trim() && a.left < b.right - slack && b.left < a.right - slack && a.top < b.bottom - slack && b.top < a.bottom - slack)
              found.push('the label of quadriculado ' + (c + 1) + ' of sheet ' + (s + 1) + ' covers ' + name(el));
          }
        }
        const caption = area.parentElement.querySelector('.caption');
        if (caption) {
          const a = boxOf(caption);
          for (const el of area.querySelectorAll('.line .d, .line .s, .by, .quotient')) {
            const b = boxOf(el);
            if (el.textContent.trim() && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
              found.push('the caption of cell ' + (c + 1) + ' of sheet ' + (s + 1) + ' covers ' + name(el));
          }
        }
      });
      // The squares are the print size's.
      sheet.querySelectorAll('.squares').forEach((area) => {
        const sq = parseFloat(getComputedStyle(area).getPropertyValue('--sq'));
        if (Math.abs(sq - COLUMN_MM) > 0.01) found.push('a quadriculado of ' + sq + ' mm squares on sheet ' + (s + 1));
      });
      // A fact line's number never covers its fact.
      sheet.querySelectorAll('.fx-cell').forEach((cell, c) => {
        const a = boxOf(cell.querySelector('.index'));
        const b = boxOf(cell.querySelector('.fx'));
        if (a.right > b.left + slack) found.push('the number of fact ' + (c + 1) + ' of sheet ' + (s + 1) + ' covers it');
      });
    }
    const foot = sheet.querySelector('.foot');
    const tops = [...foot.children].map((el) => Math.round(boxOf(el).top + boxOf(el).height / 2));
    if (Math.max(...tops) - Math.min(...tops) > 2) found.push('the footer of sheet ' + (s + 1) + ' breaks into lines');
    if (foot.scrollWidth > foot.clientWidth + 1) found.push('the footer of sheet ' + (s + 1) + ' is wider than the page');
  });
  const boxes = [...document.querySelectorAll('.sheet.exercises .cell')].map((cell) =>
    [...cell.querySelectorAll('.line.carry .d')].reverse().flatMap((d, column) => (d.querySelector('.box') ? [column] : [])),
  );
  const acertos = document.querySelector('.sheet.exercises .score')?.textContent ?? '';
  const measured = {
    rewrites: document.querySelectorAll('.rw').length,
    columns: document.querySelectorAll('.line:not(.small) .d').length,
    boxes: document.querySelectorAll('.box').length,
    answerBoxes: document.querySelectorAll('.sheet.exercises .ab').length,
    cornerMarks: document.querySelectorAll('.corner-mark').length,
  };
  return { sheets: sheets.length, found, boxes, acertos, measured };
})()`;
}
