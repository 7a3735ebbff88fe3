export type Operation = 'add' | 'sub' | 'mult' | 'div';

/** 0 Fácil (1º–2º ano), 1 Médio (3º ano), 2 Difícil (4º–5º ano). */
export type Level = 0 | 1 | 2;

export type LevelName = 'Fácil' | 'Médio' | 'Difícil';

export interface PageOptions {
  add: boolean;
  sub: boolean;
  mult: boolean;
  div: boolean;
  answers: boolean;
  level: Level;
}

/** `result` is the sum, difference, product or quotient; `remainder` is 0 except for division. */
export interface Problem {
  op: Operation;
  a: number;
  b: number;
  result: number;
  remainder: number;
}

export interface GeneratedPage {
  options: PageOptions;
  problems: Problem[];
  bncc: string[];
  levelName: LevelName;
}
