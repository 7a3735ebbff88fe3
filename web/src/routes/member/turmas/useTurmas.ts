import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteTurma, getTurmas, Msg, saveTurma, type SaveTurmaBody, type Turma } from '@app/contracts';
import { PlatformMessages } from '@app/contracts/platform-messages';
import { ApiError, api } from '../../../api/client';
import { paths } from '../../../paths';
import { withTurma, withoutTurma } from './editor';

export type TurmaList =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; turmas: Turma[] };

/** A save or a deletion: what the server answered (the saved turma), or its pt-BR refusal. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** A call that never left or never came back (network down, a body that is not JSON): its pt-BR message. */
function failure(error: unknown): { ok: false; message: string } {
  if (!(error instanceof ApiError)) throw error;
  return { ok: false, message: error.message || PlatformMessages.unavailable };
}

/**
 * The member's turmas: loaded when the screen opens (again with 'Tentar de novo'), then kept current from the
 * answers of each save and deletion, without asking for the list again. A 401 signs out, as on every member screen.
 */
export function useTurmas() {
  const navigate = useNavigate();
  const [list, setList] = useState<TurmaList>({ state: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setList({ state: 'loading' });
      try {
        const result = await api(getTurmas, { signal });
        if (result.httpStatus === 401) return void navigate(paths.logout);
        if (result.status !== 'SUCCESS' || !result.payload)
          return setList({ state: 'failed', message: result.message || PlatformMessages.internal });
        setList({ state: 'ready', turmas: result.payload });
      } catch (error) {
        if (signal?.aborted) return;
        setList({ state: 'failed', message: failure(error).message });
      }
    },
    [navigate],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const update = (change: (turmas: Turma[]) => Turma[]) =>
    setList((shown) => (shown.state === 'ready' ? { state: 'ready', turmas: change(shown.turmas) } : shown));

  /** Sends a checked body; the list shows the saved turma at once. */
  async function save(body: SaveTurmaBody): Promise<Outcome<Turma>> {
    try {
      const result = await api(saveTurma, { body });
      if (result.httpStatus === 401) {
        void navigate(paths.logout);
        return { ok: false, message: '' };
      }
      if (result.status !== 'SUCCESS' || !result.payload)
        return { ok: false, message: result.message || PlatformMessages.internal };
      const saved = result.payload;
      update((turmas) => withTurma(turmas, saved));
      return { ok: true, value: saved };
    } catch (error) {
      return failure(error);
    }
  }

  /** Deletes a turma; one already gone (deleted in another tab) leaves the list as the member wanted it. */
  async function remove(turma: Turma): Promise<Outcome<null>> {
    try {
      const result = await api(deleteTurma, { body: { id: turma.id } });
      if (result.httpStatus === 401) {
        void navigate(paths.logout);
        return { ok: false, message: '' };
      }
      if (result.status !== 'SUCCESS' && result.message !== Msg.turmaNotFound)
        return { ok: false, message: result.message || PlatformMessages.internal };
      update((turmas) => withoutTurma(turmas, turma.id));
      return { ok: true, value: null };
    } catch (error) {
      return failure(error);
    }
  }

  return { list, load, save, remove };
}
