import { ErrorCode, priceCents, SET_VERSIONS_MAX } from '@app/contracts';
import { formatCents, formatFileDate } from '@app/contracts/format';

/**
 * "Uma folha para cada aluno": a class set of N versions of the same options, bought together for
 * N × R$ 0,50 and downloaded as one file. One version is a single page (today's flow, untouched). What the builder
 * and Minhas Compras say about a set, and the purchase's loop (buy while the versions print, polling the progress),
 * kept apart from React so that the unit tests read them.
 */

export const VERSIONS_MIN = 1;
export const VERSIONS_MAX = SET_VERSIONS_MAX;
export const VERSIONS_DEFAULT = 1;

/** What the member typed in 'Quantas versões?', as a count of versions; null unless a whole number from 1 to 40. */
export function parseVersions(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= VERSIONS_MIN && n <= VERSIONS_MAX ? n : null;
}

/** 'Total: R$ 15,00 por 30 versões' (under the control and in the insufficient-balance warning). */
export const setTotalText = (versions: number): string =>
  `Total: ${formatCents(priceCents(versions))} por ${versions} versões`;

/** '30 versões' (the card in Minhas Compras). */
export const versionsCount = (versions: number): string =>
  versions === 1 ? '1 versão' : `${versions} versões`;

/** Under the preview of version 1: how many follow. */
export function setPreviewCaption(versions: number): string {
  const others = versions - 1;
  return others === 1
    ? `Versão 1 de ${versions} — a outra tem problemas diferentes`
    : `Versão 1 de ${versions} — as outras ${others} têm problemas diferentes`;
}

/** The buy button of a set: 'Comprar 30 versões por R$ 15,00' ('R$' and the value kept on one line). */
export const buySetLabel = (versions: number): string =>
  `Comprar ${versions} versões por ${formatCents(priceCents(versions)).replace(' ', '\u00a0')}`;

/** How far the printing of a set is (GET /api/setProgress). */
export interface SetProgressValue {
  /** Versions whose PDF is printed. */
  done: number;
  total: number;
  /** The set's one file is assembled. */
  ready: boolean;
}

/**
 * The bar's words: 'Gerando versão 12 de 30' (the one being printed), then 'Montando o arquivo…', and once the file
 * is made, that its download starts.
 */
export function setProgressText({ done, total, ready }: SetProgressValue): string {
  if (ready) return 'Arquivo pronto. Iniciando o download…';
  if (done >= total) return 'Montando o arquivo…';
  return `Gerando versão ${Math.min(done + 1, total)} de ${total}`;
}

/** `matemática-DD-MM-YYYY-N-versões.pdf`, dated as the server dates purchases (São Paulo); its name if none came. */
export const boughtSetFileName = (at: Date, versions: number): string =>
  `matemática-${formatFileDate(at)}-${versions}-versões.pdf`;

export const setPurchaseDone = (versions: number): string =>
  `Compra realizada! O download do PDF com as ${versions} versões foi iniciado. O conjunto também está em Minhas Compras.`;

/**
 * Printing has not moved for this long (no version done, no file): the screen stops waiting. The purchase goes on on
 * the server (its price held, not charged) for PURCHASE_WAIT_MS: charged only if the file is stored, released if not.
 */
export const setStalledMessage =
  'A geração do conjunto está demorando mais que o esperado. Ela continua: se o conjunto ficar pronto, ele aparece em Minhas Compras e só então é cobrado; se não ficar pronto, nada é cobrado.';

/** One answer of POST /api/buySet, as the loop reads it. */
export type BuySetAnswer =
  | { kind: 'bought'; balance: number }
  /** 503 NOT_READY: the versions are still printing (the jobs go on); ask again. */
  | { kind: 'notReady' }
  | { kind: 'failed'; httpStatus: number; message: string };

/** The answer of buySet's envelope and status, as the loop reads it. */
export function readBuySetAnswer(answer: {
  httpStatus: number;
  status: string;
  message: string;
  code?: string | undefined;
  payload: { balance: number } | null;
}): BuySetAnswer {
  if (answer.status === 'SUCCESS' && answer.payload)
    return { kind: 'bought', balance: answer.payload.balance };
  if (answer.httpStatus === 503 && answer.code === ErrorCode.NOT_READY) return { kind: 'notReady' };
  return { kind: 'failed', httpStatus: answer.httpStatus, message: answer.message };
}

export interface BuySetLoop {
  /** POST /api/buySet once. A thrown error ends the loop (after the polling stops) and is thrown on. */
  buy: () => Promise<BuySetAnswer>;
  /** GET /api/setProgress once; null when it could not be read (the next poll tries again). */
  progress: () => Promise<SetProgressValue | null>;
  onProgress: (progress: SetProgressValue) => void;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  /** Between two polls of the progress (about 500 ms). */
  pollMs?: number;
  /** After a 503, before asking again (cut short when the file is assembled). */
  retryMs?: number;
  /** Gives up when the progress has not moved for this long. */
  stallMs?: number;
}

/**
 * Buys a set while it prints: polls the progress every `pollMs` (each answer to `onProgress`) and asks buySet; a
 * 503 NOT_READY asks again (sooner once the file is assembled). Answers the last answer that is not a 503 (bought,
 * or a refusal with its pt-BR message), or a failure when the printing stopped moving for `stallMs`.
 */
export async function buySetWhilePrinting(
  loop: BuySetLoop,
): Promise<Exclude<BuySetAnswer, { kind: 'notReady' }>> {
  const pollMs = loop.pollMs ?? 500;
  const retryMs = loop.retryMs ?? 2000;
  const stallMs = loop.stallMs ?? 90_000;
  const stop = new AbortController();
  let last: SetProgressValue | null = null;
  /** How far it got (versions done, and one more once assembled), and since when. */
  let reached = -1;
  let movedAt = loop.now();
  const note = (progress: SetProgressValue) => {
    const step = progress.done + (progress.ready ? 1 : 0);
    if (step > reached) {
      reached = step;
      movedAt = loop.now();
    }
  };

  const polling = (async () => {
    while (!stop.signal.aborted) {
      const progress = await loop.progress().catch(() => null);
      if (stop.signal.aborted) return;
      if (progress) {
        last = progress;
        note(progress);
        loop.onProgress(progress);
      }
      await loop.wait(pollMs, stop.signal);
    }
  })();

  try {
    for (;;) {
      const answer = await loop.buy();
      if (answer.kind !== 'notReady') return answer;
      if (loop.now() - movedAt >= stallMs)
        return { kind: 'failed', httpStatus: 503, message: setStalledMessage };
      // Ask again after a while, or as soon as the set's file is there.
      const until = loop.now() + retryMs;
      while (!stop.signal.aborted && loop.now() < until && !(last as SetProgressValue | null)?.ready)
        await loop.wait(Math.min(pollMs, retryMs), stop.signal);
    }
  } finally {
    stop.abort();
    await polling;
  }
}

/** A wait that an abort cuts short (the real one of buySetWhilePrinting). */
export function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
