import { useCallback, useEffect, useState, type Dispatch } from 'react';
import { useNavigate } from 'react-router';
import { getTurmas } from '@app/contracts';
import { api } from '../../../api/client';
import { paths } from '../../../paths';
import type { BuilderAction } from './state';
import { sameChoice, turmaNow, type ChosenTurma, type TurmasForBuilder } from './turmaSet';

/**
 * The member's turmas for "Para a turma": read when the class-set mode is shown (again each time it is shown again,
 * and on `reload`, after the server said the chosen turma changed). A failure leaves the builder as it was without
 * turmas. Once read, the chosen turma follows the list: its new number of children, or none when it is gone.
 */
export function useBuilderTurmas(
  active: boolean,
  chosen: ChosenTurma | null,
  dispatch: Dispatch<BuilderAction>,
) {
  const navigate = useNavigate();
  const [list, setList] = useState<TurmasForBuilder>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const { signal } = controller;
    api(getTurmas, { signal })
      .then((result) => {
        if (signal.aborted) return;
        if (result.httpStatus === 401) return void navigate(paths.logout);
        setList(
          result.status === 'SUCCESS' && result.payload
            ? { state: 'ready', turmas: result.payload }
            : { state: 'failed' },
        );
      })
      .catch(() => {
        // No answer (network down, aborted): without turmas, as before they existed.
        if (!signal.aborted) setList({ state: 'failed' });
      });
    return () => controller.abort();
  }, [active, round, navigate]);

  useEffect(() => {
    if (list.state !== 'ready' || !chosen) return;
    const now = turmaNow(chosen, list.turmas);
    if (!sameChoice(now, chosen)) dispatch({ type: 'turma', turma: now });
  }, [list, chosen, dispatch]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { list, reload };
}
