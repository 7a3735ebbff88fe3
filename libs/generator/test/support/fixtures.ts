import type { PageOptions } from '../../src/index.js';

/**
 * "Tabuada do 7, 30 fatos em linha, letra grande": a custom page of the tabuada do 7 alone (the generator's own
 * tests; the other packages have @app/testing's `tabuadaDo7Request`).
 */
export const tabuadaDo7: PageOptions = {
  add: false,
  sub: false,
  mult: true,
  div: false,
  answers: true,
  level: 1,
  custom: {
    v: 1,
    mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
    format: 'linha',
    count: 30,
    size: 'grande',
  },
};
