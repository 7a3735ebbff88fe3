import { z } from 'zod';
import { CreatePageBody, SET_VERSIONS_MAX, TURMA_NAME_MAX } from '@app/contracts';
import { getStoredEmail, StorageKey } from '../../../session/storage';
import { draftFromCustom } from '../personalize/draftFrom';
import { bodyOf } from './view';
import { initialBuilderState, optionsOf, type BuilderState } from './state';

/**
 * The builder kept across a reload, in this tab only (sessionStorage): its options (the panel's as the page body
 * has them) and the last generated page or set, still locked or being edited. Kept for the account that made it:
 * another account signing in in this tab starts afresh, and signing out forgets it. What a purchase ends is not kept.
 * The turma chosen for a set is kept by its id, name and number of children (never a child's name); one deleted
 * since is dropped when the builder reads the member's turmas again.
 */
const KeptTurma = z.object({
  id: z.string().uuid(),
  name: z.string().min(1).max(TURMA_NAME_MAX),
  students: z.number().int().min(2).max(SET_VERSIONS_MAX),
});
const Kept = z.object({
  email: z.string(),
  sheet: CreatePageBody,
  versionsText: z.string().max(6),
  /** Absent in what was kept before sets for a turma existed. */
  turma: KeptTurma.nullable().optional(),
  generated: z
    .object({
      code: z.string().min(1).max(64),
      set: z
        .object({
          code: z.string().min(1).max(64),
          versions: z.number().int().min(2).max(40),
          turmaName: z.string().min(1).max(TURMA_NAME_MAX).optional(),
        })
        .nullable(),
      editing: z.boolean(),
    })
    .nullable(),
});
type Kept = z.infer<typeof Kept>;

/** What is kept of `state`; null when nothing is worth keeping (the panel's options cannot make a page yet). */
export function keptOf(state: BuilderState, email: string): Kept | null {
  const sheet = bodyOf(state.options, state.draft);
  if (!sheet) return null;
  const generated =
    state.code && state.step === 'generated'
      ? { code: state.code, set: state.generatedSet, editing: state.editing }
      : null;
  return { email, sheet, versionsText: state.versionsText, turma: state.turma, generated };
}

/** The builder as `kept` left it: the generated page previewed again (not generated again), or the options only. */
export function restoredFrom(kept: Kept): BuilderState {
  const { sheet, generated } = kept;
  return {
    ...initialBuilderState,
    options: optionsOf(sheet),
    draft: sheet.custom ? draftFromCustom(sheet.custom, sheet.level) : null,
    versionsText: kept.versionsText,
    turma: kept.turma ?? null,
    ...(generated && {
      step: 'generated' as const,
      code: generated.code,
      generatedSet: generated.set,
      editing: generated.editing,
    }),
  };
}

/** The builder's first state: what this tab kept for the signed-in account, else the defaults. */
export function restoreBuilder(storage: Pick<Storage, 'getItem'> = sessionStorage): BuilderState {
  try {
    const raw = storage.getItem(StorageKey.builder);
    if (!raw) return initialBuilderState;
    const kept = Kept.safeParse(JSON.parse(raw));
    if (!kept.success || kept.data.email !== getStoredEmail()) return initialBuilderState;
    return restoredFrom(kept.data);
  } catch {
    return initialBuilderState;
  }
}

/** Keeps `state` for a reload of this tab (options the panel cannot make a page of yet keep what was kept before). */
export function keepBuilder(state: BuilderState, storage: Pick<Storage, 'setItem'> = sessionStorage) {
  const kept = keptOf(state, getStoredEmail() ?? '');
  if (!kept) return;
  try {
    storage.setItem(StorageKey.builder, JSON.stringify(kept));
  } catch {
    // A full or disabled storage: the builder simply starts afresh after a reload.
  }
}
