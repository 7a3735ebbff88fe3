import { SHEET_PRESETS, type CustomOptions, type SheetPreset } from '@app/generator/options';
import type { LevelValue } from '../../../components/LevelBadge';
import { OPERATION_ORDER, type Draft } from '../personalize/draft';
import { draftFromCustom } from '../personalize/draftFrom';
import type { BuilderAction, Options } from './state';

/**
 * "Dinheiro e decimais" in the builder: the generator's sheet presets (custom/presets.ts) next to the levels. Choosing
 * one checks its operations and opens "Personalizar" with its options, so "Gerar página" makes exactly that sheet;
 * choosing a level then closes the panel, back to the level's preset. Which preset is chosen is read from the options
 * (nothing more is kept, so a reload or a saved sheet of the same options finds it chosen): the one whose operations
 * and options the panel makes, none once the teacher changes any of them.
 */

/** Objects written with their keys in order, so that two options compare by their text. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

const sameOptions = (x: CustomOptions, y: CustomOptions) =>
  JSON.stringify(sortedKeys(x)) === JSON.stringify(sortedKeys(y));

/** The preset the panel makes exactly (its `custom`, for the checked operations), or null. */
export function chosenPreset(options: Options, custom: CustomOptions | null): SheetPreset | null {
  if (custom === null) return null;
  const checked = OPERATION_ORDER.filter((op) => options[op]);
  return (
    SHEET_PRESETS.find(
      (preset) =>
        preset.operations.length === checked.length &&
        preset.operations.every((op) => checked.includes(op)) &&
        sameOptions(preset.custom, custom),
    ) ?? null
  );
}

/** A preset chosen: its operations and level in the builder, the panel open with its options. */
export function choosePreset(preset: SheetPreset, options: Options): BuilderAction {
  const draft: Draft = draftFromCustom(preset.custom, preset.level);
  const checked = Object.fromEntries(OPERATION_ORDER.map((op) => [op, preset.operations.includes(op)]));
  return { type: 'load', options: { ...options, ...checked, level: preset.level }, draft };
}

/**
 * A level chosen: the level only, as it always was; with a preset chosen, the panel closes too, so the page is the
 * level's preset again (the operations stay as they are).
 */
export function chooseLevel(level: LevelValue, options: Options, preset: SheetPreset | null): BuilderAction {
  return preset === null
    ? { type: 'option', options: { level } }
    : { type: 'load', options: { ...options, level }, draft: null };
}
