import {
  MISTAKES,
  MISTAKE_IDS,
  answerWith,
  contaText,
  mistakeName,
  rightAnswer,
  sameAnswer,
  switchesOf,
  type Answer,
  type Conta,
  type Mistake,
  type Op,
} from './catalogue.js';
import { digitsOf } from './columns.js';

/** A problem of a child's sheet and what the child wrote (null: em branco). */
export interface Answered {
  conta: Conta;
  answer: Answer | null;
}

/** A mistake found in a child's answers, with the contas that show it. */
export interface Found {
  mistake: Mistake;
  /** 'Subtrai o menor do maior em cada coluna', 'Fato da tabuada: 7 × 8 = 54'. */
  name: string;
  /** The child's problems where the mistake changes the answer (with any other mistake found for the operation). */
  shows: number;
  /** Those the child answered as the mistake does: the evidence. */
  evidence: Answered[];
}

export interface Diagnosis {
  right: number;
  wrong: number;
  blank: number;
  mistakes: Found[];
  /** Wrong answers no mistake explains that are one digit away from the right one: "erro de cálculo". */
  slips: Answered[];
  /** Wrong answers neither a mistake nor a slip explains: "não identificado". */
  unexplained: Answered[];
}

/** A mistake is named only when it reproduces the child's answer on at least this many problems it changes. */
export const MIN_EVIDENCE = 2;

type Hypothesis = Mistake[];

interface Fit {
  shows: number;
  hits: Answered[];
  misses: number;
}

/** The expected answer in the shape of the child's (a division's resto only when the child typed one). */
const shaped = (answer: Answer, like: Answer): Answer =>
  like.remainder === undefined ? { result: answer.result } : answer;

const isWrong = (p: Answered): p is Answered & { answer: Answer } =>
  p.answer !== null && !sameAnswer(p.answer, rightAnswer(p.conta));

/** How a hypothesis fits a child's answered problems of its operation. */
function fit(hypothesis: Hypothesis, problems: ReadonlyArray<Answered & { answer: Answer }>): Fit {
  const on = switchesOf(hypothesis);
  const needsRemainder = hypothesis.some((m) => MISTAKES[m.id].needsRemainder);
  const result: Fit = { shows: 0, hits: [], misses: 0 };
  for (const p of problems) {
    if (needsRemainder && p.answer.remainder === undefined) continue;
    const produced = shaped(answerWith(p.conta, on), p.answer);
    if (sameAnswer(produced, rightAnswer(p.conta))) continue;
    result.shows += 1;
    if (sameAnswer(p.answer, produced) && produced.result === p.answer.result) result.hits.push(p);
    else result.misses += 1;
  }
  return result;
}

/**
 * The facts (2–9 by 2–9) that, held wrong, alone or with another mistake, give a child's wrong multiplication. A fact
 * held wrong is held near the right one (7 × 8 as 48 or 63, a neighbour of the tabuada, or 54, 55, 57): a product
 * further than the bigger factor from the right one is not a fact a child confuses, and is not tried.
 */
function factsBehind(p: Answered & { answer: Answer }, singles: readonly Mistake[]): Mistake[] {
  const found: Mistake[] = [];
  const xs = new Set(digitsOf(p.conta.a).filter((d) => d >= 2));
  const ys = new Set(digitsOf(p.conta.b).filter((d) => d >= 2));
  for (const x of xs)
    for (const y of ys)
      for (let value = x * y - Math.max(x, y); value <= x * y + Math.max(x, y); value++) {
        if (value === x * y) continue;
        const fact: Mistake = { id: 'mult.fato', fact: { x: Math.min(x, y), y: Math.max(x, y), value } };
        const explains = [[fact], ...singles.map((s) => [fact, s])].some(
          (h) => answerWith(p.conta, switchesOf(h)).result === p.answer.result,
        );
        if (
          explains &&
          !found.some(
            (f) => f.fact!.x === fact.fact!.x && f.fact!.y === fact.fact!.y && f.fact!.value === value,
          )
        )
          found.push(fact);
      }
  return found;
}

const factsIn = (h: Hypothesis) => h.filter((m) => m.id === 'mult.fato').length;

/**
 * Whether hypothesis `a` fits better than `b`: more problems explained, then fewer mistakes, then fewer wrong facts
 * (a way of working explains more than one fact held wrong that happens to give the same answers), then fewer misses.
 */
function better(a: { h: Hypothesis; fit: Fit }, b: { h: Hypothesis; fit: Fit } | null): boolean {
  if (b === null) return true;
  const order = [
    a.fit.hits.length - b.fit.hits.length,
    b.h.length - a.h.length,
    factsIn(b.h) - factsIn(a.h),
    b.fit.misses - a.fit.misses,
  ];
  return (order.find((d) => d !== 0) ?? 0) > 0;
}

/** The mistakes of one operation that explain a child's answers, most explaining first. */
function diagnoseOp(op: Op, problems: ReadonlyArray<Answered & { answer: Answer }>): Found[] {
  const singles: Mistake[] = MISTAKE_IDS.filter((id) => MISTAKES[id].op === op && id !== 'mult.fato').map(
    (id) => ({ id }),
  );
  const wrong = problems.filter(isWrong);
  if (wrong.length < MIN_EVIDENCE) return [];
  const facts = op === 'mult' ? uniqueFacts(wrong.flatMap((p) => factsBehind(p, singles))) : [];
  const units = [...singles, ...facts];
  const hypotheses: Hypothesis[] = [
    ...units.map((m) => [m]),
    ...units.flatMap((m, i) => units.slice(i + 1).flatMap((n) => (m.id === n.id ? [] : [[m, n]]))),
  ];

  const found: Found[] = [];
  let remaining = [...problems];
  for (;;) {
    let best: { h: Hypothesis; fit: Fit } | null = null;
    for (const h of hypotheses) {
      const f = fit(h, remaining);
      if (f.hits.length < MIN_EVIDENCE || f.hits.length <= f.misses) continue;
      // Two mistakes are named together only when each explains answers the other alone does not.
      if (
        h.length === 2 &&
        h.some((_, i) => fit([h[1 - i]!], remaining).hits.length + MIN_EVIDENCE > f.hits.length)
      )
        continue;
      if (better({ h, fit: f }, best)) best = { h, fit: f };
    }
    if (!best) break;
    for (const mistake of best.h)
      found.push({ mistake, name: mistakeName(mistake), shows: best.fit.shows, evidence: best.fit.hits });
    const explained = new Set(best.fit.hits);
    remaining = remaining.filter((p) => !explained.has(p));
  }
  return found;
}

function uniqueFacts(facts: Mistake[]): Mistake[] {
  const seen = new Map<string, Mistake>();
  for (const f of facts) seen.set(`${f.fact!.x}×${f.fact!.y}=${f.fact!.value}`, f);
  return [...seen.values()];
}

/** One digit away: the same number of digits, one of them different (a quotient or a resto). */
function oneDigitOff(child: Answer, right: Answer): boolean {
  const off = (x: number, y: number) => {
    const a = String(x);
    const b = String(y);
    return a.length === b.length && [...a].filter((d, i) => d !== b[i]).length === 1;
  };
  const remainderRight = child.remainder === undefined || child.remainder === right.remainder;
  if (child.result === right.result) return !remainderRight && off(child.remainder!, right.remainder ?? 0);
  return remainderRight && off(child.result, right.result);
}

/**
 * The diagnosis of one child's sheet: the systematic mistakes that explain the wrong answers (each on at least
 * MIN_EVIDENCE problems it changes, and on more of them than it does not), then the rest as slips or unexplained.
 */
export function diagnose(answers: readonly Answered[]): Diagnosis {
  const answered = answers.filter((p): p is Answered & { answer: Answer } => p.answer !== null);
  const wrong = answered.filter(isWrong);
  const mistakes = (['add', 'sub', 'mult', 'div'] as const).flatMap((op) =>
    diagnoseOp(
      op,
      answered.filter((p) => p.conta.op === op),
    ),
  );
  const explained = new Set(mistakes.flatMap((m) => m.evidence));
  const rest = wrong.filter((p) => !explained.has(p));
  return {
    right: answered.length - wrong.length,
    wrong: wrong.length,
    blank: answers.length - answered.length,
    mistakes,
    slips: rest.filter((p) => oneDigitOff(p.answer, rightAnswer(p.conta))),
    unexplained: rest.filter((p) => !oneDigitOff(p.answer, rightAnswer(p.conta))),
  };
}

/**
 * A found mistake in a teacher's sentence: 'Em 4 de 5 subtrações com reserva, Ana subtraiu o menor do maior:
 * 52 − 27 → 35'.
 */
export function describeFound(found: Found, child: string): string {
  const info = MISTAKES[found.mistake.id];
  const fact = found.mistake.fact;
  const where = fact ? `multiplicações que usam ${fact.x} × ${fact.y}` : info.where;
  const did = fact ? `usou ${fact.x} × ${fact.y} = ${fact.value}` : info.did;
  const example = found.evidence[0]!;
  return `Em ${found.evidence.length} de ${found.shows} ${where}, ${child} ${did}: ${contaText(example.conta, example.answer!)}`;
}
