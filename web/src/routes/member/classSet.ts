import { priceCents, SET_VERSIONS_MAX } from '@app/contracts';
import { formatCents, formatFileDate } from '@app/contracts/format';
import { exercisePages, type CustomOptions } from '@app/generator/options';

/**
 * "Uma folha para cada aluno": a class set of N versions of the same options, bought together for
 * N × R$ 0,50 and downloaded as one file. One version is a single page. What the builder and Minhas Compras say
 * about a set, and the purchase's loop (buy once, then follow the progress until it is bought), kept apart from
 * React so that the unit tests read them.
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
  /** The purchase is done: charged once, in Minhas Compras (absent on the bar before the first answer). */
  bought?: boolean;
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

/**
 * How to print a set's one file: every version's sheet first, in order (the class's pages), then for the teacher
 * the gabaritos (when the set has them) and the answer table. A sheet of many situações-problema takes more than one
 * page (`exercisePages`, the pdf-worker's own count of a sheet's pages).
 */
export function setPrintingGuide(
  versions: number,
  options: {
    answers: boolean;
    custom?: Pick<CustomOptions, 'format' | 'size' | 'mult' | 'div' | 'count' | 'meanings'>;
  },
): string {
  const perSheet = options.custom ? exercisePages(options.custom) : 1;
  const students = versions * perSheet;
  const each = perSheet === 1 ? 'uma folha por aluno' : `${perSheet} páginas por aluno, na ordem`;
  const teacher = options.answers
    ? `gabaritos nas páginas ${students + 1} a ${2 * students} e a tabela de respostas a partir da página ${2 * students + 1}`
    : `a tabela de respostas a partir da página ${students + 1}`;
  return `Imprima para a turma as páginas 1 a ${students} (${each}). Para você: ${teacher}.`;
}

export const setPurchaseDone = (versions: number): string =>
  `Compra realizada! O download do PDF com as ${versions} versões foi iniciado. O conjunto também está em Minhas Compras.`;

/**
 * Printing has not moved for this long (no version done, no file): the screen stops waiting. The purchase goes on on
 * the server (its price held, not charged): charged only if the file is made, released if not.
 */
export const setStalledMessage =
  'A geração do conjunto está demorando mais que o esperado. Ela continua: se o conjunto ficar pronto, ele aparece em Minhas Compras e só então é cobrado; se não ficar pronto, nada é cobrado.';

/** The answer of POST /api/buySet, as the screen reads it. */
export type BuySetAnswer =
  /** Bought (now, or before): the balance after it. */
  | { kind: 'bought'; balance: number }
  /** 202: its price held, the set printing; the server charges it once the file is made. */
  | { kind: 'started' }
  | { kind: 'failed'; httpStatus: number; message: string };

/** The answer of buySet's envelope and status, as the screen reads it. */
export function readBuySetAnswer(answer: {
  httpStatus: number;
  status: string;
  message: string;
  code?: string | undefined;
  payload: { balance: number | null; pending?: boolean | undefined } | null;
}): BuySetAnswer {
  if (answer.status === 'SUCCESS' && answer.payload) {
    const { balance } = answer.payload;
    return balance === null ? { kind: 'started' } : { kind: 'bought', balance };
  }
  return { kind: 'failed', httpStatus: answer.httpStatus, message: answer.message };
}

/** How a set's purchase ended for the screen: bought (`balance` null: charged later, read it again), or not. */
export type BuySetEnd =
  { kind: 'bought'; balance: number | null } | { kind: 'failed'; httpStatus: number; message: string };

export interface BuySetLoop {
  /** POST /api/buySet, once. A thrown error ends the loop and is thrown on. */
  buy: () => Promise<BuySetAnswer>;
  /** GET /api/setProgress once; null when it could not be read (the next poll tries again). */
  progress: () => Promise<SetProgressValue | null>;
  onProgress: (progress: SetProgressValue) => void;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  /** Between two polls of the progress (about 500 ms). */
  pollMs?: number;
  /** Gives up when the progress has not moved for this long. */
  stallMs?: number;
}

/**
 * Buys a set: asks buySet once; bought already, or refused (with its pt-BR message), that is the answer. Else the
 * server prints it and charges it by itself, and this follows its progress every `pollMs` (each answer to
 * `onProgress`) until it is bought, or answers a failure when the printing stopped moving for `stallMs`.
 */
export async function buySetAndFollow(loop: BuySetLoop): Promise<BuySetEnd> {
  const pollMs = loop.pollMs ?? 500;
  const stallMs = loop.stallMs ?? 90_000;
  const answer = await loop.buy();
  if (answer.kind !== 'started') return answer;
  const polling = new AbortController();
  /** How far it got (versions done, and one more once assembled), and since when. */
  let reached = -1;
  let movedAt = loop.now();
  for (;;) {
    const progress = await loop.progress().catch(() => null);
    if (progress) {
      loop.onProgress(progress);
      if (progress.bought) return { kind: 'bought', balance: null };
      const step = progress.done + (progress.ready ? 1 : 0);
      if (step > reached) {
        reached = step;
        movedAt = loop.now();
      }
    }
    if (loop.now() - movedAt >= stallMs)
      return { kind: 'failed', httpStatus: 503, message: setStalledMessage };
    await loop.wait(pollMs, polling.signal);
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
