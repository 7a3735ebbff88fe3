import type { z } from 'zod';
import {
  buy,
  createPage,
  ErrorCode,
  getSavedSheets,
  saveSheet,
  thumb,
  type PageOptionsSchema,
} from '@app/contracts';
import { call, download } from './client.js';
import type { StackInfo } from './test-stack.js';

export type PageRequest = z.infer<typeof PageOptionsSchema>;

/**
 * POST /api/buy as the SPA does it: asked again while the page's PDF is still printing (503 NOT_READY after the
 * service's RENDER_WAIT_MS, nothing charged), so that a render slowed by a busy machine is not a failed purchase; any
 * other answer is returned at once.
 */
export async function buyPage(
  stack: Pick<StackInfo, 'gatewayUrl'>,
  token: string,
  code: string,
  attempts = 30,
) {
  for (let attempt = 1; ; attempt++) {
    const res = await call<{ balance: number }>(stack.gatewayUrl, buy, { token, body: { code } });
    if (res.status !== 503 || res.body.code !== ErrorCode.NOT_READY || attempt === attempts) return res;
  }
}

/** The builder's defaults: + and − on, × and ÷ off, answers shown, level 1. */
export const defaultPageRequest: PageRequest = {
  add: true,
  sub: true,
  mult: false,
  div: false,
  answers: true,
  level: 1,
};

/**
 * "Tabuada do 7, 30 fatos em linha, letra grande": the custom options ("Personalizar") of a page that
 * practises the tabuada do 7 alone.
 */
export const tabuadaDo7Request: PageRequest = {
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

/** Six situações-problema of + and − (the Fácil preset's numbers), the page a 2º ano teacher prints. */
export const wordProblemsRequest: PageRequest = {
  add: true,
  sub: true,
  mult: false,
  div: false,
  answers: true,
  level: 0,
  custom: {
    v: 1,
    add: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
    sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
    format: 'problemas',
    count: 6,
    size: 'normal',
  },
};

/** "___ + 6 = 9 até 20": sums up to 20 with a missing number, 20 on a page. */
export const missingNumberRequest: PageRequest = {
  add: true,
  sub: false,
  mult: false,
  div: false,
  answers: true,
  level: 0,
  custom: {
    v: 1,
    add: { numbers: { kind: 'max', max: 20 }, regrouping: 'misturado' },
    format: 'lacuna',
    count: 20,
    size: 'normal',
  },
};

/** POST /api/page through the gateway; answers the page code. */
export async function generatePageCode(
  stack: StackInfo,
  token: string,
  request: PageRequest = defaultPageRequest,
) {
  const res = await call<string>(stack.gatewayUrl, createPage, { body: request, token });
  if (res.status !== 200 || res.body.status !== 'SUCCESS' || !res.body.payload) {
    throw new Error(`page generation failed (${res.status}): ${res.body.message}`);
  }
  return res.body.payload;
}

/**
 * GET /api/thumb until the render has arrived. Each call already waits a few seconds on the server and answers 503
 * while the page is still rendering; any other answer is returned as it is.
 */
export async function waitForThumbnail(stack: StackInfo, token: string, code: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await download(stack.gatewayUrl, thumb, { code }, token);
    if (res.status !== 503 || Date.now() > deadline) return res;
  }
}

/** A saved builder configuration as `GET /api/getSavedSheets` answers it ("Minhas folhas salvas"). */
export interface SavedSheetView {
  id: string;
  name: string;
  options: PageRequest;
  createdAt: string;
}

/** POST /api/saveSheet through the gateway: the answer as it came (status and envelope). */
export const saveSheetAs = (stack: StackInfo, token: string, name: string, options: PageRequest) =>
  call<SavedSheetView>(stack.gatewayUrl, saveSheet, { body: { name, options }, token });

/** GET /api/getSavedSheets through the gateway: the member's saved sheets, by name. */
export async function savedSheetsOf(stack: StackInfo, token: string): Promise<SavedSheetView[]> {
  const res = await call<SavedSheetView[]>(stack.gatewayUrl, getSavedSheets, { token });
  if (res.status !== 200 || !res.body.payload) throw new Error(`getSavedSheets answered ${res.status}`);
  return res.body.payload;
}
