/**
 * The systematic mistakes of the catalogue (`@app/diagnosis` names and works each), as ids: the vocabulary a reforço
 * page's options carry (`PageOptions.foco`). No zod here: the diagnosis and the generator import it on its own.
 */
export const MISTAKE_IDS = [
  'add.semReserva',
  'add.numeroTodo',
  'sub.menorDoMaior',
  'sub.emprestaNaoDesconta',
  'sub.zeroNoMinuendo',
  'mult.semReserva',
  'mult.naoDesloca',
  'mult.fato',
  'div.esqueceZero',
  'div.restoMaior',
] as const;
export type MistakeId = (typeof MISTAKE_IDS)[number];

/** A fact of the tabuadas held wrong ('mult.fato'): x × y written as `value`. */
export interface WrongFact {
  x: number;
  y: number;
  value: number;
}

/** One mistake a child makes: its id, and for 'mult.fato' the fact held wrong. */
export interface Mistake {
  id: MistakeId;
  fact?: WrongFact;
}

/** A page of reforço practises at most this many of a child's mistakes. */
export const FOCO_MAX = 3;
