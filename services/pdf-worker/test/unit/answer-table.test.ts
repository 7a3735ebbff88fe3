import { describe, expect, it } from 'vitest';
import { generatePage, thousands, type GeneratedPage, type PageOptions } from '@app/generator';
import {
  answerTableDocument,
  answerText,
  tableColumns,
  type TableVersion,
} from '../../src/domain/answer-table.js';
import { sheetDocument } from '../../src/domain/sheet-html.js';
import { CUSTOM_SAMPLES, customSamplePage } from '../support/custom-samples.js';

const PRESET: PageOptions = { add: true, sub: true, mult: true, div: true, answers: true, level: 2 };
const sample = (name: string) => customSamplePage(CUSTOM_SAMPLES.find((s) => s.name === name)!);

/** The blocks of a table's body, in order: heading and answers as the HTML writes them. */
function blocks(body: string) {
  return [...body.matchAll(/<section class="version">([\s\S]*?)<\/section>/g)].map(([, block]) => ({
    heading: block!
      .match(/<h2>([\s\S]*?)<\/h2>/)![1]!
      .replace(/<[^>]+>/g, '')
      .trim(),
    answers: [
      ...block!.matchAll(/<li><span class="n">(\d+)<\/span><span class="a">([^<]*)<\/span><\/li>/g),
    ].map(([, n, a]) => ({ n: Number(n), a })),
  }));
}

const versionsOf = (pages: GeneratedPage[]): TableVersion[] =>
  pages.map((page, i) => ({ version: { n: i + 1, of: pages.length }, code: `CODIGO${i + 1}`, page }));

describe('the answer table of a class set', () => {
  it('has one block per version in order, headed "Versão n de N · <code>", its answers numbered as on the sheet', () => {
    const pages = ['a', 'b', 'c'].map((seed) => generatePage(`tabela-${seed}`, PRESET, 2));
    const table = answerTableDocument('CONJUNTO', versionsOf(pages));
    const found = blocks(table.body);
    expect(found.map((b) => b.heading)).toEqual([
      'Versão 1 de 3 · CODIGO1',
      'Versão 2 de 3 · CODIGO2',
      'Versão 3 de 3 · CODIGO3',
    ]);
    found.forEach((block, v) => {
      const page = pages[v]!;
      expect(block.answers.map((a) => a.n)).toEqual(page.problems.map((_, i) => i + 1));
      block.answers.forEach(({ a }, i) => {
        const p = page.problems[i]!;
        // Difícil asks for the remainder of every division (written even when 0).
        const expected =
          p.op === 'div' ? `${thousands(p.result)} r ${thousands(p.remainder)}` : thousands(p.result);
        expect(a, `version ${v + 1}, problem ${i + 1}`).toBe(expected);
      });
    });
    expect(table.body).toContain('3 versões');
    expect(table.body).toContain('(r: resto)');
    expect(table.body).toContain('CONJUNTO');
    expect(table.css).toContain('size: A4');
  });

  it('writes no remainder where the page asks for none (Fácil divisions are exact) and no legend then', () => {
    const page = generatePage('tabela-facil', { ...PRESET, level: 0 }, 2);
    const divisions = page.problems.flatMap((p, i) => (p.op === 'div' ? [i] : []));
    expect(divisions.length).toBeGreaterThan(0);
    for (const i of divisions) expect(answerText(page, i)).toBe(String(page.problems[i]!.result));
    expect(answerTableDocument('C', versionsOf([page, page])).body).not.toContain('r: resto');
  });

  it("gives a lacuna's missing number (the blank's term), not the result the line shows", () => {
    const page = sample('lacuna-quatro-operacoes-grande');
    const blanks = page.problems.map((p) => p.blank);
    expect(blanks).toContain('a');
    expect(blanks).toContain('b');
    page.problems.forEach((p, i) => expect(answerText(page, i)).toBe(thousands(p[p.blank!])));
  });

  it("gives a situação-problema's number asked for, with what is left when the question asks for it", () => {
    for (const name of ['problemas-quatro-operacoes', 'problemas-divisao-com-resto']) {
      const page = sample(name);
      page.words!.forEach((word, i) =>
        expect(answerText(page, i)).toBe(
          word.leftover === null
            ? thousands(word.answer)
            : `${thousands(word.answer)} r ${thousands(word.leftover)}`,
        ),
      );
    }
    // "Quantos são necessários": the answer is not the conta's result.
    const page = sample('problemas-divisao-com-resto');
    expect(page.words!.some((w) => w.answer !== w.conta.result || w.leftover !== null)).toBe(true);
  });

  it('gives how many cédulas and moedas pay a value, and money as R$ for the other problems em reais', () => {
    const page = sample('problemas-troco-cedulas-e-moedas');
    const paid = page.words!.flatMap((word, i) => (word.pieces ? [{ word, i }] : []));
    expect(paid.length).toBeGreaterThan(0);
    for (const { word, i } of paid) {
      const count = word.pieces!.reduce((sum, piece) => sum + piece.count, 0);
      expect(answerText(page, i)).toBe(String(count));
      expect(word.answerSentence).toContain(`${count} `);
    }
    page.words!.forEach((word, i) => {
      if (!word.pieces) expect(answerText(page, i)).toMatch(/^R\$\u00a0\d+,\d\d$/);
    });
  });

  it("gives the final answer of a problem in two steps (duas etapas): the second conta's, not the first's", () => {
    const page = sample('problemas-duas-etapas');
    const twoSteps = page.words!.flatMap((word, i) => (word.steps ? [{ word, i }] : []));
    expect(twoSteps.length).toBeGreaterThan(0);
    for (const { word, i } of twoSteps) {
      expect(word.answer).toBe(word.steps![1].result);
      expect(answerText(page, i)).toBe(thousands(word.steps![1].result));
      expect(answerText(page, i)).not.toBe(thousands(word.steps![0].result));
    }
  });

  it('puts as many answers side by side as the longest of the set allows (5 at most)', () => {
    expect(tableColumns('12'.length)).toBe(5);
    expect(tableColumns('1.234'.length)).toBe(5);
    expect(tableColumns('100.464'.length)).toBe(4);
    expect(tableColumns('111 r 45'.length)).toBe(3);
    expect(tableColumns('1.110 r 8'.length)).toBe(3);
    const lacuna = answerTableDocument('C', versionsOf([sample('lacuna-adicao-ate-20')]));
    expect(lacuna.body).toContain('style="--columns:5"');
  });

  it('writes thousands with a dot and escapes what it prints', () => {
    const page: GeneratedPage = {
      ...generatePage('tabela-milhar', PRESET, 2),
      problems: [{ op: 'mult', a: 1234, b: 56, result: 69104, remainder: 0 }],
    };
    expect(answerText(page, 0)).toBe('69.104');
    const body = answerTableDocument('<b>', versionsOf([page, page])).body;
    expect(body).not.toContain('<b>');
    expect(body).toContain('&#60;b&#62;');
  });

  it("prints the teacher's own line under its title, as the sheets do (as plain text)", () => {
    const page = sample('problemas-quatro-operacoes');
    expect(answerTableDocument('C', versionsOf([page, page])).body).toContain(
      '<p class="teacher-line">Turma do 3º ano A</p>',
    );
    const hostile = {
      ...page,
      options: { ...page.options, custom: { ...page.options.custom!, title: '<img>' } },
    };
    const body = answerTableDocument('C', versionsOf([hostile, hostile])).body;
    expect(body).not.toContain('<img>');
    expect(answerTableDocument('C', versionsOf([generatePage('x', PRESET, 2)])).body).not.toContain(
      'teacher-line',
    );
  });
});

describe('the version label of a sheet', () => {
  const page = generatePage('rotulo', PRESET, 2);
  const meta = {
    code: 'CODIGO7',
    answersUrl: 'https://exemplo.com.br/gabarito/CODIGO7',
    correctionUrl: 'https://exemplo.com.br/corrigir/CODIGO7',
  };
  const sections = (body: string) => body.split('<section class="sheet ').slice(1);

  it('prints "Versão 7 de 30" on the student sheet (by its QR code) and on the gabarito (by its code)', () => {
    const sheet = sheetDocument(page, { ...meta, version: { n: 7, of: 30 } });
    const [exercises, answerKey] = sections(sheet.body);
    expect(exercises).toMatch(/^exercises/);
    expect(answerKey).toMatch(/^answer-key/);
    for (const part of [exercises!, answerKey!]) {
      expect(part.match(/Versão 7 de 30/g)).toHaveLength(1);
      expect(part).toContain('CODIGO7');
    }
    // The preview draws page 1 only: the label is on it.
    expect(sheetDocument(page, { ...meta, version: { n: 7, of: 30 } }, { answerKey: false }).body).toContain(
      'Versão 7 de 30',
    );
  });

  it('prints nothing of the kind on a single page, whose sheet is as before', () => {
    const single = sheetDocument(page, meta);
    expect(single.body).not.toContain('Versão');
    expect(single.css).not.toContain('.version');
    expect(sheetDocument(page, { ...meta, version: { n: 1, of: 2 } }).css.startsWith(single.css)).toBe(true);
  });
});
