import { expect } from '@playwright/test';
import { createPageSet, getCorrection, type Correction, type CorrectionProblem } from '@app/contracts';
import { answerWith, asksRemainder, type Switches, type TypedAnswer } from '@app/diagnosis';
import { buySetAndWait, call, type PageRequest, type TestSession } from '@app/testing';
import { stack } from './support';

/**
 * What the Correção rápida specs share (correction.spec.ts, correction-report.spec.ts): a class set of 3 versions
 * bought through the API, its correction as the API answers it, and a child's answer by the written algorithm.
 */

/** Four subtractions com reserva and four divisions with a resto per sheet (8 contas in the chave's room). */
export const SET_REQUEST: PageRequest = {
  add: false,
  sub: true,
  mult: false,
  div: true,
  answers: true,
  level: 1,
  custom: {
    v: 1,
    sub: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com' },
    div: { divisor: { kind: 'list', divisors: [3, 4, 6, 7] }, dividend: 2, remainders: 'resto' },
    format: 'armada',
    count: 8,
    size: 'normal',
  },
};

/** What a child writes for a problem: the written algorithm's answer with the child's mistakes on (none: right). */
export const written = (p: CorrectionProblem, on: Switches = {}): TypedAnswer => {
  const answer = answerWith(p, on);
  return {
    result: answer.result,
    remainder: asksRemainder(p) ? (answer.remainder ?? 0) : null,
    blank: false,
  };
};

/** The member buys a class set of 3 versions of SET_REQUEST (for a turma of 3 when `turmaId` is given). */
export async function boughtSet(member: TestSession, turmaId?: string): Promise<Correction> {
  const created = await call<{ code: string }>(stack().gatewayUrl, createPageSet, {
    body: { ...SET_REQUEST, versions: 3, ...(turmaId ? { turmaId } : {}) },
    token: member.token,
  });
  expect(created.status, created.body.message).toBe(200);
  const code = created.body.payload!.code;
  expect((await buySetAndWait(stack(), member.token, code)).progress?.bought).toBe(true);
  return correctionOf(member, code);
}

/** GET /api/correction as the member: the sheets and every cell saved so far. */
export async function correctionOf(member: TestSession, code: string): Promise<Correction> {
  const answer = await call<Correction>(stack().gatewayUrl, getCorrection, {
    query: { code },
    token: member.token,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.payload!;
}
