import {
  addColumns,
  divColumns,
  multColumns,
  subColumns,
  type AddSwitches,
  type DivSwitches,
  type MultSwitches,
  type SubSwitches,
} from './columns.js';
import { contaNumberText, type ContaDecimal } from '@app/contracts/decimal';
import { MISTAKE_IDS, type Mistake, type MistakeId } from '@app/contracts/mistake-ids';

export { MISTAKE_IDS };
export type { Mistake, MistakeId };

export type Op = 'add' | 'sub' | 'mult' | 'div';

/**
 * A conta of a sheet, as the generator draws it (its `Problem` has these fields): a − b has a ≥ b. A decimal conta's
 * numbers are integers of its last casa (3,5 + 0,75 is 350 + 75): its written algorithm, columns aligned at the
 * vírgula, is the integers'; `decimal` only says how it is written.
 */
export interface Conta {
  op: Op;
  a: number;
  b: number;
  decimal?: ContaDecimal | undefined;
}

/**
 * What a child wrote: the result, and for a division the resto when the sheet asks for it (absent: not asked, or
 * not typed). A blank is not an answer (the grid keeps it as "em branco").
 */
export interface Answer {
  result: number;
  remainder?: number;
}

/** The switches of every written algorithm, as one set: a child's systematic mistakes. */
export interface Switches {
  add?: AddSwitches;
  sub?: SubSwitches;
  mult?: MultSwitches;
  div?: DivSwitches;
}

/** The answer a child with these mistakes writes for a conta (none: the right answer). */
export function answerWith(conta: Conta, on: Switches = {}): Answer {
  switch (conta.op) {
    case 'add':
      return { result: addColumns(conta.a, conta.b, on.add) };
    case 'sub':
      return { result: subColumns(conta.a, conta.b, on.sub) };
    case 'mult':
      return { result: multColumns(conta.a, conta.b, on.mult) };
    case 'div':
      return divColumns(conta.a, conta.b, on.div);
  }
}

/** The right answer of a conta. */
export const rightAnswer = (conta: Conta): Answer => answerWith(conta);

/**
 * Whether a child's answer is the one expected: the result, and the resto when the child's answer has one (a sheet
 * that asks no resto compares the quotient only).
 */
export const sameAnswer = (child: Answer, expected: Answer): boolean =>
  child.result === expected.result &&
  (child.remainder === undefined || child.remainder === (expected.remainder ?? 0));

/** A systematic mistake, in a teacher's words. */
export interface MistakeInfo {
  id: MistakeId;
  op: Op;
  /** Its name: 'Subtrai o menor do maior em cada coluna'. */
  name: string;
  /** The contas where it shows, in the plural: 'subtrações com reserva'. */
  where: string;
  /** What the child did, after the child's name: 'subtraiu o menor do maior'. */
  did: string;
  /** Whether the mistake needs the resto typed to be seen (a division's resto). */
  needsRemainder?: boolean;
}

/** The catalogue (Brown & Burton's BUGGY, 1978; VanLehn's subtraction bugs), named as a Brazilian teacher does. */
export const MISTAKES: Readonly<Record<MistakeId, MistakeInfo>> = {
  'add.semReserva': {
    id: 'add.semReserva',
    op: 'add',
    name: 'Esquece a reserva',
    where: 'adições com reserva',
    did: 'não somou a reserva (o "vai um")',
  },
  'add.numeroTodo': {
    id: 'add.numeroTodo',
    op: 'add',
    name: 'Escreve o número todo na coluna',
    where: 'adições com reserva',
    did: 'escreveu a soma inteira de cada coluna',
  },
  'sub.menorDoMaior': {
    id: 'sub.menorDoMaior',
    op: 'sub',
    name: 'Subtrai o menor do maior em cada coluna',
    where: 'subtrações com reserva',
    did: 'subtraiu o menor do maior',
  },
  'sub.emprestaNaoDesconta': {
    id: 'sub.emprestaNaoDesconta',
    op: 'sub',
    name: 'Empresta e não desconta',
    where: 'subtrações com reserva',
    did: 'emprestou da casa vizinha e não descontou',
  },
  'sub.zeroNoMinuendo': {
    id: 'sub.zeroNoMinuendo',
    op: 'sub',
    name: 'Zero no minuendo',
    where: 'subtrações que emprestam de um zero',
    did: 'trocou o zero por 9 e não descontou da casa seguinte',
  },
  'mult.semReserva': {
    id: 'mult.semReserva',
    op: 'mult',
    name: 'Esquece de somar a reserva',
    where: 'multiplicações com reserva',
    did: 'não somou a reserva',
  },
  'mult.naoDesloca': {
    id: 'mult.naoDesloca',
    op: 'mult',
    name: 'Não desloca o segundo produto parcial',
    where: 'multiplicações por dois algarismos',
    did: 'não deslocou o segundo produto parcial',
  },
  'mult.fato': {
    id: 'mult.fato',
    op: 'mult',
    name: 'Fato da tabuada',
    where: 'multiplicações que usam esse fato',
    did: 'usou um fato da tabuada errado',
  },
  'div.esqueceZero': {
    id: 'div.esqueceZero',
    op: 'div',
    name: 'Esquece o zero do quociente',
    where: 'divisões com zero no quociente',
    did: 'esqueceu o zero do quociente',
  },
  'div.restoMaior': {
    id: 'div.restoMaior',
    op: 'div',
    name: 'Resto maior que o divisor',
    where: 'divisões com resto',
    did: 'parou com um resto maior que o divisor',
    needsRemainder: true,
  },
};

/** The switches of a set of mistakes. */
export function switchesOf(mistakes: readonly Mistake[]): Switches {
  const on: Switches = {};
  for (const m of mistakes) {
    const [op, flag] = m.id.split('.') as [Op, string];
    if (m.id === 'mult.fato') on.mult = { ...on.mult, fact: m.fact };
    else on[op] = { ...on[op], [flag]: true };
  }
  return on;
}

/** The answer a mistake (alone) produces for a conta: each mistake as a function of the problem. */
export const answerOf = (mistake: Mistake, conta: Conta): Answer => answerWith(conta, switchesOf([mistake]));

/** The name of a mistake as the report prints it: 'Fato da tabuada: 7 × 8 = 54' names the fact. */
export const mistakeName = (mistake: Mistake): string =>
  mistake.id === 'mult.fato' && mistake.fact
    ? `${MISTAKES[mistake.id].name}: ${mistake.fact.x} × ${mistake.fact.y} = ${mistake.fact.value}`
    : MISTAKES[mistake.id].name;

/** Two mistakes are the same: the same id, and for a fact the same fact (either order) held as the same value. */
export const sameMistake = (m: Mistake, n: Mistake): boolean =>
  m.id === n.id &&
  (m.id !== 'mult.fato' ||
    (m.fact !== undefined &&
      n.fact !== undefined &&
      m.fact.value === n.fact.value &&
      ((m.fact.x === n.fact.x && m.fact.y === n.fact.y) ||
        (m.fact.x === n.fact.y && m.fact.y === n.fact.x))));

const SIGNS: Record<Op, string> = { add: '+', sub: '−', mult: '×', div: '÷' };

/**
 * A conta and an answer as a teacher writes them: '52 − 27 → 35', '29 ÷ 4 → 6 resto 5', a decimal one with its casas
 * '3,5 + 0,75 → 4,25'.
 */
export function contaText(conta: Conta, answer: Answer): string {
  const written = { ...conta, result: answer.result };
  const text = (which: 'a' | 'b' | 'result') => contaNumberText(written, which, { group: false });
  const result =
    answer.remainder === undefined ? text('result') : `${text('result')} resto ${answer.remainder}`;
  return `${text('a')} ${SIGNS[conta.op]} ${text('b')} → ${result}`;
}
