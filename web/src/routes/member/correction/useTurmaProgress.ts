import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { getTurmaProgress, type TurmaProgress } from '@app/contracts';
import { api } from '../../../api/client';
import { paths } from '../../../paths';

export type ProgressState =
  { state: 'loading' } | { state: 'ready'; progress: TurmaProgress } | { state: 'failed'; message: string };

/** Shown when the progress could not be read (no answer, or the server's 5xx). */
export const PROGRESS_FAILED = 'Não foi possível carregar o progresso da turma. Tente de novo.';

/**
 * A turma's progress over the period starting `since` (GET /api/turmaProgress), read again when the period changes
 * or on `retry`. A 401 signs out; a refusal (the turma deleted) shows the server's message.
 */
export function useTurmaProgress(turmaId: string, since: string | undefined) {
  const navigate = useNavigate();
  const [value, setValue] = useState<ProgressState>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setValue({ state: 'loading' });
    api(getTurmaProgress, { query: { turmaId, ...(since ? { since } : {}) }, signal })
      .then((result) => {
        if (signal.aborted) return;
        if (result.httpStatus === 401) return void navigate(paths.logout);
        if (result.status === 'SUCCESS' && result.payload)
          return setValue({ state: 'ready', progress: result.payload });
        setValue({
          state: 'failed',
          message: result.httpStatus >= 500 || !result.message ? PROGRESS_FAILED : result.message,
        });
      })
      .catch(() => {
        if (!signal.aborted) setValue({ state: 'failed', message: PROGRESS_FAILED });
      });
    return () => controller.abort();
  }, [turmaId, since, round, navigate]);

  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { value, retry };
}
