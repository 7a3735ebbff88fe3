import { LEVEL_NAMES } from '@app/contracts/levels';
import { describeSheet } from './custom/describe.js';
import { customTitle } from './custom/title.js';
import type { PageOptions } from './page.js';
import type { Level, Operation } from './types.js';

/** What a page of one operation practises, by level (the level table of the generator's README). */
const SINGLE: Readonly<Record<Operation, Readonly<Record<Level, string>>>> = {
  add: { 0: 'Adição sem reserva', 1: 'Adição com reserva', 2: 'Adição com reserva' },
  sub: { 0: 'Subtração sem recurso', 1: 'Subtração com recurso', 2: 'Subtração com recurso' },
  mult: { 0: 'Tabuadas do 2 ao 5', 1: 'Multiplicação', 2: 'Multiplicação por dois algarismos' },
  div: { 0: 'Divisão exata', 1: 'Divisão', 2: 'Divisão por dois algarismos' },
};

const NOUNS: Readonly<Record<Operation, string>> = {
  add: 'adição',
  sub: 'subtração',
  mult: 'multiplicação',
  div: 'divisão',
};

/**
 * The sheet's title names what it practises: "Adição com reserva — Médio", "Adição e subtração — Fácil",
 * "As quatro operações — Difícil". A custom page ("Personalizar") is named by its options, with no level word
 * ("Tabuada do 7", `customTitle`).
 */
export function sheetTitle(options: PageOptions): string {
  const operations = (['add', 'sub', 'mult', 'div'] as const).filter((op) => options[op]);
  if (options.custom !== undefined) return customTitle(operations, options.custom);
  let what: string;
  if (operations.length === 1) what = SINGLE[operations[0]!][options.level];
  else if (operations.length === 4) what = 'As quatro operações';
  else {
    const nouns = operations.map((op) => NOUNS[op]);
    const text = `${nouns.slice(0, -1).join(', ')} e ${nouns.at(-1)!}`;
    what = text.charAt(0).toUpperCase() + text.slice(1);
  }
  return `${what} — ${LEVEL_NAMES[options.level]}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What a page practises, in a line: a custom page's sentence ("20 divisões exatas por 2 a 5, em linha, letra grande":
 * two sheets of problems differ by it), else the preset's title ("Adição e subtração — Médio").
 */
export function sheetWhat(options: PageOptions): string {
  const operations = (['add', 'sub', 'mult', 'div'] as const).filter((op) => options[op]);
  return options.custom ? capitalised(describeSheet(operations, options.custom)) : sheetTitle(options);
}

/**
 * What a page is called wherever the site lists it (Minhas Compras, Extrato, the gabarito online): the title the
 * teacher gave it in "Personalizar", else what it practises (`sheetWhat`).
 */
export function sheetName(options: PageOptions): string {
  return options.custom?.title || sheetWhat(options);
}

/** A class set's version as the site names it: "Versão 5 de 30". */
export const versionOf = (version: number, versions: number): string => `Versão ${version} de ${versions}`;
