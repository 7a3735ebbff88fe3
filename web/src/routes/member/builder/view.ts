import { centsToReais } from '@app/contracts/format';
import { priceCents } from '@app/contracts/prices';
import { parseVersions } from '../classSet';
import { checkDraft } from '../personalize/problems';
import { OPERATION_ORDER, type Draft } from '../personalize/draft';
import type { SheetOptions } from '../personalize/useSavedSheets';
import { chosenPreset } from './presets';
import { operations, PRICE, type BuilderState, type Options } from './state';
import { showsTurmaChoice } from './turmaSet';

/** The body: {add, sub, mult, div, answers, level}, `school` only when asked for, `custom` while the panel is open. */
export function bodyOf(opts: Options, panelDraft: Draft | null): SheetOptions | null {
  const { school, ...body } = opts;
  const withSchool = school ? opts : body;
  if (!panelDraft) return withSchool;
  const custom = checkDraft(
    OPERATION_ORDER.filter((op) => opts[op]),
    panelDraft,
  ).body;
  return custom ? { ...withSchool, custom } : null;
}

/** What the builder's screen reads of its state and the member's balance. */
export function builderView(state: BuilderState, balance: number | null) {
  const { options, step, editing, code, generatedSet, buying, warningClosed, draft } = state;
  const anyOperation = operations.some((op) => options[op.key]);
  const checked = OPERATION_ORDER.filter((op) => options[op]);
  const panel = draft ? checkDraft(checked, draft) : null;
  const problems = panel?.problems ?? [];
  const versions = parseVersions(state.versionsText);
  // Only processing or no operation disables it; once locked, it makes another page with the same options.
  // With the panel open, a problem of its options disables it too (each said beside its control); so does a number
  // of versions outside 1 to 40.
  const canGenerate = step !== 'processing' && anyOperation && problems.length === 0 && versions !== null;
  // What the generated page (or the whole set) costs.
  const price = generatedSet ? centsToReais(priceCents(generatedSet.versions)) : PRICE;
  // An unknown balance (still loading) neither enables buying nor warns.
  const canBuy = step === 'generated' && code !== null && balance !== null && balance >= price && !buying;
  const showBalanceWarning = step === 'generated' && balance !== null && balance < price && !warningClosed;
  const locked = !editing || step === 'processing';
  const saveable: { options: SheetOptions } | { reason: string } = !anyOperation
    ? { reason: 'Marque pelo menos uma operação para salvar estas opções.' }
    : problems.length
      ? { reason: 'Corrija as opções indicadas acima para salvar.' }
      : { options: bodyOf(options, draft)! };
  // The class-set mode: "Para a turma" is offered beside the versions.
  const setMode = showsTurmaChoice(versions, state.turma);
  // "Dinheiro e decimais": the preset the panel makes exactly, if any (the levels' radios then show none chosen).
  const preset = chosenPreset(options, panel?.custom ?? null);
  return {
    checked,
    preset,
    problems,
    versions,
    setMode,
    canGenerate,
    price,
    canBuy,
    showBalanceWarning,
    locked,
    saveable,
  };
}

export type BuilderView = ReturnType<typeof builderView>;

export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
