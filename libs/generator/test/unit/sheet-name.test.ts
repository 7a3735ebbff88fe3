import { describe, expect, it } from 'vitest';
import { sheetName, sheetWhat, versionOf, type PageOptions } from '../../src/index.js';
import { tabuadaDo7 } from '../support/fixtures.js';

const preset: PageOptions = { add: true, sub: true, mult: false, div: false, answers: true, level: 1 };
const seven: PageOptions = { ...tabuadaDo7, level: 2 };

describe('what a page is called wherever the site lists it', () => {
  it('a preset page: the title printed on its sheet, with its level', () => {
    expect(sheetName(preset)).toBe('Adição e subtração — Médio');
    expect(sheetWhat(preset)).toBe('Adição e subtração — Médio');
  });

  it('a custom page: what it practises, with no level word (it has none)', () => {
    expect(sheetName(seven)).toBe('30 fatos de multiplicação em linha, tabuada do 7, letra grande');
    expect(sheetName(seven)).not.toMatch(/Fácil|Médio|Difícil/);
  });

  it("a custom page with the teacher's title: her title", () => {
    expect(sheetName({ ...seven, custom: { ...seven.custom!, title: 'Revisão do 3º B' } })).toBe(
      'Revisão do 3º B',
    );
    // What it practises still says the sheet (Minhas folhas salvas, beside her name).
    expect(sheetWhat({ ...seven, custom: { ...seven.custom!, title: 'Revisão do 3º B' } })).toMatch(
      /^30 fatos/,
    );
  });

  it("a class set's version: 'Versão 5 de 30'", () => {
    expect(versionOf(5, 30)).toBe('Versão 5 de 30');
  });
});
