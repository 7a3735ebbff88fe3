import { expect, type Page } from '@playwright/test';
import { pageAnswers } from '@app/contracts';
import type { ContaDecimal } from '@app/contracts/decimal';
import { call, type PageRequest } from '@app/testing';
import { screenshot, stack } from './support';

/** A conta of a bought page as its answers online give it (a decimal one in integers of its last casa). */
export interface AnsweredConta {
  op: 'add' | 'sub' | 'mult' | 'div';
  a: number;
  b: number;
  result: number;
  remainder: number;
  decimal?: ContaDecimal;
}

/**
 * Clicks "Gerar página" (the preview appears; `expectedBody`, when given, is the body sent, checked at once), takes
 * the screenshot `shot`, buys (the PDF downloads) and answers the page's code, the body sent and its problems as the
 * buyer reads them (GET /api/answers).
 */
export async function generateAndBuy<T extends AnsweredConta = AnsweredConta>(
  page: Page,
  token: string,
  shot: string,
  expectedBody?: Partial<PageRequest>,
) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/page') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar página' }).click(),
  ]);
  const sent = response.request().postDataJSON() as PageRequest;
  if (expectedBody !== undefined) expect(sent).toEqual(expectedBody);
  expect(response.status()).toBe(200);
  const code = ((await response.json()) as { payload: string }).payload;
  await expect(page.getByRole('img', { name: 'Pré-visualização da página gerada' })).toBeVisible({
    timeout: 30_000,
  });
  await screenshot(page, shot);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Comprar por R$ 0,50' }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  await expect(page.getByText(/Compra realizada!/)).toBeVisible();
  const answers = await call<{ problems: T[] }>(stack().gatewayUrl, pageAnswers, { query: { code }, token });
  expect(answers.status).toBe(200);
  return { code, sent, problems: answers.body.payload!.problems };
}

/** A conta's answer from its numbers alone, in integers of its last casa (a division exact). */
export function recomputed(p: AnsweredConta): number {
  switch (p.op) {
    case 'add':
      return p.a + p.b;
    case 'sub':
      return p.a - p.b;
    case 'mult':
      return p.a * p.b;
    case 'div':
      expect(p.a % p.b, JSON.stringify(p)).toBe(0);
      return p.a / p.b;
  }
}
