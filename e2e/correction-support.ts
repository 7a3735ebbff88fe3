import { expect, type Page } from '@playwright/test';
import {
  createPageSet,
  getCorrection,
  type Correction,
  type CorrectionProblem,
  type CorrectionSheet,
} from '@app/contracts';
import { answerWith, asksRemainder, type Switches, type TypedAnswer } from '@app/diagnosis';
import { buySetAndWait, call, type PageRequest, type TestSession } from '@app/testing';
import { stack } from './support';

/**
 * What the Correção rápida specs share (correction.spec.ts, correction-report.spec.ts): a class set of 3 versions
 * bought through the API, its correction as the API answers it, and a child's answer by the written algorithm.
 */

/** The turma of the report's and the photos' specs. */
export const CHILDREN = ['Ana S.', 'Bruno T.', 'Carla U.'];
/** Ana's mistake in both: she subtracts the smaller digit from the larger in each column. */
export const SUBTRACTS_SMALLER: Switches = { sub: { menorDoMaior: true } };

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

/**
 * The member buys a class set of `request` (SET_REQUEST unless told), 3 versions unless told (for a turma of as many
 * when `turmaId` is given).
 */
export async function boughtSet(
  member: TestSession,
  turmaId?: string,
  versions = 3,
  request: PageRequest = SET_REQUEST,
): Promise<Correction> {
  const created = await call<{ code: string }>(stack().gatewayUrl, createPageSet, {
    body: { ...request, versions, ...(turmaId ? { turmaId } : {}) },
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

/** What a child writes for a problem: em branco, or the written algorithm's answer with the child's mistakes on. */
export type Written = 'blank' | TypedAnswer;

export const typedOf = (w: Written): TypedAnswer =>
  w === 'blank' ? { result: null, remainder: null, blank: true } : w;

/** A cell's input in Correção rápida, by its accessible name ('Versão 2, conta 3', 'Ana S., conta 3, resto'). */
export const answerInput = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true });

/**
 * Types a sheet's answers from its first input, the keyboard alone: '-' for em branco, Tab to a resto, Enter or Tab
 * to the next conta (Enter at a row's end goes to the next child's first conta).
 */
export async function typeSheet(page: Page, sheet: CorrectionSheet, answers: readonly Written[]) {
  const name = sheet.student ?? `Versão ${sheet.n}`;
  for (const [i, w] of answers.entries()) {
    const p = sheet.problems[i]!;
    await expect(answerInput(page, `${name}, conta ${i + 1}`)).toBeFocused();
    if (w === 'blank') await page.keyboard.press('-');
    else {
      await page.keyboard.type(String(w.result));
      if (asksRemainder(p)) {
        await page.keyboard.press('Tab');
        await expect(answerInput(page, `${name}, conta ${i + 1}, resto`)).toBeFocused();
        await page.keyboard.type(String(w.remainder));
      }
    }
    await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Tab');
  }
}

/** A row of Correção rápida's grid, by its header ('Versão 2 de 3', 'Ana S. · Versão 1'). */
export const gridRow = (page: Page, label: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

/** The mean of the right answers, as the grid and the report write it: '5,7' (one decimal at most, pt-BR). */
export const meanRight = (rights: readonly number[]): string =>
  (rights.reduce((sum, n) => sum + n, 0) / rights.length).toLocaleString('pt-BR', {
    maximumFractionDigits: 1,
  });
