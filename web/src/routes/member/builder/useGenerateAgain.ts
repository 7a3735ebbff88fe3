import { useEffect, useRef, type Dispatch } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseVersions, VERSIONS_DEFAULT } from '../classSet';
import { draftFromCustom } from '../personalize/draftFrom';
import type { SheetOptions } from '../personalize/useSavedSheets';
import { optionsOf, type BuilderAction, type Options } from './state';
import type { Draft } from '../personalize/draft';

/**
 * What Minhas Compras hands over with "Gerar outra igual": the bought page's options, to generate at once, and for a
 * class set its number of versions.
 */
export interface GenerateAgainState {
  again: SheetOptions;
  versions?: number;
}

/**
 * "Gerar outra igual" (Minhas Compras): the bought page's options, and a new page of them at once. Once: the
 * history entry forgets them, so that going back or reloading does not generate again.
 */
export function useGenerateAgain(
  dispatch: Dispatch<BuilderAction>,
  generate: (opts: Options, draft: Draft | null, count: number) => Promise<unknown>,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const handedOver = location.state as Partial<GenerateAgainState> | null;
  const again = handedOver?.again;
  const generatedAgain = useRef(false);
  useEffect(() => {
    if (!again || generatedAgain.current) return;
    generatedAgain.current = true;
    void navigate(location.pathname, { replace: true, state: null });
    const next = optionsOf(again);
    const nextDraft = again.custom ? draftFromCustom(again.custom, again.level) : null;
    // A class set: as many versions as it had.
    const nextVersions = parseVersions(String(handedOver?.versions ?? VERSIONS_DEFAULT)) ?? VERSIONS_DEFAULT;
    dispatch({ type: 'handedOver', options: next, draft: nextDraft, versionsText: String(nextVersions) });
    void generate(next, nextDraft, nextVersions);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the options handed over
  }, [again]);
}
