import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { getCorrection, saveAnswers, type Correction, type TypedCell } from '@app/contracts';
import { PlatformMessages } from '@app/contracts/platform-messages';
import { api } from '../../../api/client';
import { paths } from '../../../paths';
import { mergeCells, withServerCells } from './merge';
import { localCellStore, SaveQueue, type CellStore, type QueueStatus, type SendOutcome } from './saveQueue';
import {
  cellKey,
  parseTyped,
  readingOf,
  sameValue,
  textOf,
  typedCell,
  type CellValue,
  type Part,
  type Reading,
} from './typed';

/**
 * The cells of a correction as the teacher types them: what each input shows (the text typed, else the stored
 * cell's), the cells as answers (for the marks), and the save queue that sends every change (saveQueue.ts). On
 * opening, the cells this browser still had to send win over the server's when typed later, and go again.
 */

type Cells = ReadonlyMap<string, TypedCell>;

const mapOf = (cells: readonly TypedCell[]): Cells =>
  new Map(cells.map((c) => [cellKey(c.version, c.problem), c]));
const draftKey = (version: number, problem: number, part: Part) => `${cellKey(version, problem)}:${part}`;

/** How each cell's answer is read (a decimal one in units of its conta's last casa), by its key. */
const readingsOf = (sheets: Correction['sheets']): ReadonlyMap<string, Reading> =>
  new Map(sheets.flatMap((s) => s.problems.map((p, i) => [cellKey(s.n, i), readingOf(p)] as const)));

/** POST /api/saveAnswers, its answer read for the queue. */
async function sendCells(code: string, cells: TypedCell[]): Promise<SendOutcome> {
  try {
    const result = await api(saveAnswers, { body: { code, cells } });
    if (result.httpStatus === 401) return { kind: 'signedOut' };
    if (result.status === 'SUCCESS') return { kind: 'saved' };
    if (result.httpStatus >= 500 || result.httpStatus === 408 || result.httpStatus === 429)
      return { kind: 'offline' };
    return { kind: 'refused', message: result.message || PlatformMessages.internal };
  } catch {
    return { kind: 'offline' };
  }
}

/**
 * The save queue of a correction (saveQueue.ts), made once its cells are known: what this browser still had to send
 * goes first, then every change; it flushes again when the browser is back online.
 */
function useSaveQueue(correction: Correction, store: CellStore, setStatus: (status: QueueStatus) => void) {
  const navigate = useNavigate();
  const queue = useRef<SaveQueue | null>(null);
  const { code, cells } = correction;
  useEffect(() => {
    // What this browser queued and the server has as late or later is saved already: only the rest waits.
    store.write(mergeCells(cells, store.read()).resend);
    const q = new SaveQueue({
      store,
      send: (batch) => sendCells(code, batch),
      onStatus: setStatus,
      onSignedOut: () => void navigate(paths.logout),
    });
    queue.current = q;
    setStatus(q.status());
    q.flushNow();
    const wake = () => q.flushNow();
    window.addEventListener('online', wake);
    return () => {
      window.removeEventListener('online', wake);
      q.dispose();
      queue.current = null;
    };
  }, [code, cells, navigate, store, setStatus]);
  return queue;
}

export function useCorrectionCells(correction: Correction) {
  const { code } = correction;
  const [store] = useState(() => localCellStore(code));
  const [cells, setCells] = useState<Cells>(() => mapOf(mergeCells(correction.cells, store.read()).cells));
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [status, setStatus] = useState<QueueStatus>({ saving: false, offline: false, refused: null });
  const readings = useMemo(() => readingsOf(correction.sheets), [correction.sheets]);
  const queue = useSaveQueue(correction, store, setStatus);
  const shown = useRef(cells);
  shown.current = cells;

  useRefreshOnFocus(code, queue, (server) => {
    const { cells: next, replaced } = withServerCells(shown.current, server);
    if (replaced.length === 0) return;
    setCells(next);
    setDrafts((d) => new Map([...d].filter(([k]) => !replaced.some((key) => k.startsWith(`${key}:`)))));
  });

  const textIn = useCallback(
    (version: number, problem: number, part: Part): string =>
      drafts.get(draftKey(version, problem, part)) ??
      textOf(cells.get(cellKey(version, problem)), part, readings.get(cellKey(version, problem))),
    [cells, drafts, readings],
  );
  /** A cell's inputs read as an answer (a decimal one with its conta's casas). */
  const parsedIn = (version: number, problem: number, texts: Record<Part, string>) =>
    parseTyped(texts.result, texts.remainder, readings.get(cellKey(version, problem)));

  /**
   * Stores a value typed, or read from a photo (`photo`), each write later than the cell's last, and queues it.
   * Typing over a cell read from a photo confirms it, even with the same value.
   */
  const commit = (version: number, problem: number, value: CellValue, photo = false) => {
    const kept = cells.get(cellKey(version, problem));
    if (sameValue(kept, value) && (kept?.photo === true) === photo) return;
    const cell = typedCell(version, problem, value, Math.max(Date.now(), (kept?.at ?? 0) + 1), photo);
    setCells((c) => new Map(c).set(cellKey(version, problem), cell));
    queue.current?.put(cell);
  };

  /** An input changed: the text is kept as typed; when the cell reads as an answer, it is saved. */
  function edit(version: number, problem: number, part: Part, text: string) {
    const other: Part = part === 'result' ? 'remainder' : 'result';
    const texts = { [part]: text, [other]: textIn(version, problem, other) } as Record<Part, string>;
    setDrafts((d) => new Map(d).set(draftKey(version, problem, part), text));
    const parsed = parsedIn(version, problem, texts);
    if (parsed.ok) commit(version, problem, parsed.value);
  }

  /** '-': the child left the problem blank. */
  function markBlank(version: number, problem: number) {
    setDrafts((d) =>
      new Map(d)
        .set(draftKey(version, problem, 'result'), '-')
        .set(draftKey(version, problem, 'remainder'), ''),
    );
    commit(version, problem, { result: null, remainder: null, blank: true });
  }

  /** Why a cell's inputs are no answer (`Msg.typedAnswerInvalid`, or a decimal's words); null when they are one. */
  const refusal = (version: number, problem: number): string | null => {
    const texts = {
      result: textIn(version, problem, 'result'),
      remainder: textIn(version, problem, 'remainder'),
    };
    const parsed = parsedIn(version, problem, texts);
    return parsed.ok ? null : parsed.message;
  };
  const invalid = (version: number, problem: number): boolean => refusal(version, problem) !== null;

  const photo = photoActions({ cells, commit, parsedIn, setDrafts });
  return { cells, status, textIn, edit, markBlank, invalid, refusal, ...photo };
}

/**
 * "Corrigir pela foto": a sheet's cells read from its photo (marked "lido da foto"), confirmed by the teacher, or
 * answered by her where the reader asked.
 */
function photoActions({
  cells,
  commit,
  parsedIn,
  setDrafts,
}: {
  cells: Cells;
  commit: (version: number, problem: number, value: CellValue, photo?: boolean) => void;
  parsedIn: (version: number, problem: number, texts: Record<Part, string>) => ReturnType<typeof parseTyped>;
  setDrafts: (change: (drafts: ReadonlyMap<string, string>) => ReadonlyMap<string, string>) => void;
}) {
  const forget = (version: number, problem?: number) =>
    setDrafts(
      (d) =>
        new Map(
          [...d].filter(
            ([k]) => !k.startsWith(problem === undefined ? `${version}:` : `${cellKey(version, problem)}:`),
          ),
        ),
    );

  /** A sheet's cells read from its photo, each marked "lido da foto" (what was typed in them is replaced). */
  function putFromPhoto(version: number, read: ReadonlyArray<{ problem: number; value: CellValue }>) {
    forget(version);
    for (const { problem, value } of read) commit(version, problem, value, true);
  }

  /** The teacher confirms what was read from a sheet's photo: its cells lose the mark. */
  function confirmPhoto(version: number) {
    for (const cell of cells.values())
      if (cell.version === version && cell.photo)
        commit(version, cell.problem, { result: cell.result, remainder: cell.remainder, blank: cell.blank });
  }

  /** An answer the teacher gave to a question about a photo: typed, so confirmed. Answers why it is none. */
  function answer(version: number, problem: number, texts: Record<Part, string>): string | null {
    const parsed = parsedIn(version, problem, texts);
    if (!parsed.ok) return parsed.message;
    forget(version, problem);
    commit(version, problem, parsed.value);
    return null;
  }

  return { putFromPhoto, confirmPhoto, answer };
}

/**
 * When the tab comes back to the front with nothing of its own to send, the cells typed meanwhile elsewhere (another
 * tab, another device) are fetched; the latest write of each cell wins.
 */
function useRefreshOnFocus(
  code: string,
  queue: { current: SaveQueue | null },
  merge: (server: TypedCell[]) => void,
) {
  const latest = useRef(merge);
  latest.current = merge;
  useEffect(() => {
    let controller: AbortController | null = null;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      queue.current?.flushNow();
      if (controller || (queue.current?.pending().length ?? 0) > 0) return;
      controller = new AbortController();
      api(getCorrection, { query: { code }, signal: controller.signal })
        .then((result) => {
          if (result.status === 'SUCCESS' && result.payload) latest.current(result.payload.cells);
        })
        .catch(() => undefined)
        .finally(() => (controller = null));
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
      controller?.abort();
    };
  }, [code, queue]);
}
