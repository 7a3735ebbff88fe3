import { useCallback, type Dispatch } from 'react';
import { useNavigate } from 'react-router';
import { createPage, createPageSet, Msg } from '@app/contracts';
import { ApiError, api } from '../../../api/client';
import { paths } from '../../../paths';
import { OPERATION_ORDER, type Draft } from '../personalize/draft';
import { checkDraft, controlOfMessage } from '../personalize/problems';
import type { BuilderAction, Options } from './state';
import { turmaChanged, type ChosenTurma } from './turmaSet';
import { bodyOf } from './view';

/**
 * Generating a preview: one version is a single page (POST /api/page), more are a class set (POST /api/pageSet).
 * A failure (a server error or a lost connection) is said where the preview was to appear (next to the button on a
 * phone, not at the top of the page), and leaves the form as it was, ready to try again. A set for a turma sends it
 * (`turmaId`); when the server finds the turma changed (409: another number of children; 404: deleted; 400: too few
 * children), its words are said the same way and `onTurmaChanged` reads the turmas again, so the next try is right.
 */
export function useGenerate(dispatch: Dispatch<BuilderAction>, onTurmaChanged: () => void) {
  const navigate = useNavigate();
  return useCallback(
    async (
      opts: Options,
      panelDraft: Draft | null,
      count: number | null,
      turma: ChosenTurma | null = null,
    ) => {
      const body = bodyOf(opts, panelDraft);
      if (!body || count === null) return;
      const failGeneration = (message: string | null = Msg.pageGenerationFailed) =>
        dispatch({ type: 'generationFailed', message });
      dispatch({ type: 'generating' });
      try {
        const forTurma = count > 1 && turma !== null;
        const result =
          count > 1
            ? await api(createPageSet, {
                body: { ...body, versions: count, ...(forTurma && { turmaId: turma.id }) },
              })
            : await api(createPage, { body });
        if (result.httpStatus === 401) return navigate(paths.login);
        if (forTurma && result.message && turmaChanged(result.httpStatus, result.message)) {
          onTurmaChanged();
          return failGeneration(result.message);
        }
        // The panel's options refused (400): the message beside the control whose check gives it, else the button.
        if (result.httpStatus === 400 && result.message && body.custom) {
          const control = controlOfMessage(
            result.message,
            OPERATION_ORDER.filter((op) => opts[op]),
            checkDraft(
              OPERATION_ORDER.filter((op) => opts[op]),
              panelDraft!,
            ).custom,
          );
          if (!control) return failGeneration(result.message);
          failGeneration(null);
          return dispatch({ type: 'refused', refusal: { control, message: result.message } });
        }
        // A class set refused (400: e.g. too few different pages for that many versions): the server's own words.
        if (result.httpStatus === 400 && result.message && count > 1) return failGeneration(result.message);
        // Too many pages at once (429): the server's own words say what to wait for.
        if (result.httpStatus === 429 && result.message) return failGeneration(result.message);
        if (result.status !== 'SUCCESS' || !result.payload) return failGeneration();
        if (typeof result.payload === 'string')
          return dispatch({ type: 'generated', code: result.payload, generatedSet: null });
        const first = result.payload.codes[0];
        if (!first) return failGeneration();
        dispatch({
          type: 'generated',
          code: first,
          generatedSet: {
            code: result.payload.code,
            versions: result.payload.codes.length,
            ...(forTurma && { turmaName: turma.name }),
          },
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        failGeneration();
      }
    },
    [dispatch, navigate, onTurmaChanged],
  );
}
