import type { z } from 'zod';
import {
  buySet,
  createPageSet,
  getSetProgress,
  type PageSetCreated,
  type SetProgress,
  type SetPurchase,
} from '@app/contracts';
import { call, type CallResult } from './client.js';
import { defaultPageRequest, type PageRequest } from './pages.js';
import type { StackInfo } from './test-stack.js';

export type SetProgressView = z.infer<typeof SetProgress>;

/** POST /api/buySet through the gateway, once: 200 bought (the balance), 202 started, or a refusal. */
export const postBuySet = (stack: Pick<StackInfo, 'gatewayUrl'>, token: string, code: string) =>
  call<z.infer<typeof SetPurchase>>(stack.gatewayUrl, buySet, { body: { code }, token });

/** GET /api/setProgress through the gateway: how far the set's printing is, and whether it is bought. */
export async function setProgressOf(
  stack: Pick<StackInfo, 'gatewayUrl'>,
  token: string,
  code: string,
): Promise<SetProgressView> {
  const res = await call<SetProgressView>(stack.gatewayUrl, getSetProgress, { query: { code }, token });
  if (res.status !== 200 || !res.body.payload)
    throw new Error(`setProgress answered ${res.status}: ${res.body.message}`);
  return res.body.payload;
}

/**
 * Buys a class set as the builder does: POST /api/buySet once, then, when it answered 202 (the set printing, its
 * purchase's job to charge it), GET /api/setProgress every `pollMs` until the set is bought. Answers buySet's answer
 * (any status but 202 as it came, nothing followed) and the progress read last; fails when the set is not bought
 * within `timeoutMs`, naming how far it got.
 */
export async function buySetAndWait(
  stack: Pick<StackInfo, 'gatewayUrl'>,
  token: string,
  code: string,
  { timeoutMs = 120_000, pollMs = 200 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<{ answer: CallResult<z.infer<typeof SetPurchase>>; progress: SetProgressView | null }> {
  const answer = await postBuySet(stack, token, code);
  if (answer.status !== 202) return { answer, progress: null };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const progress = await setProgressOf(stack, token, code);
    if (progress.bought) return { answer, progress };
    if (Date.now() > deadline)
      throw new Error(`set ${code} not bought after ${timeoutMs} ms: ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** A class set of `versions` versions of `options` (the default page's), made through the gateway, not bought. */
export async function newPageSet(
  stack: Pick<StackInfo, 'gatewayUrl'>,
  token: string,
  versions: number,
  options: PageRequest = defaultPageRequest,
): Promise<z.infer<typeof PageSetCreated>> {
  const res = await call<z.infer<typeof PageSetCreated>>(stack.gatewayUrl, createPageSet, {
    body: { ...options, versions },
    token,
  });
  if (res.status !== 200 || !res.body.payload)
    throw new Error(`pageSet answered ${res.status}: ${res.body.message}`);
  return res.body.payload;
}
