import {
  DEFAULT_MEANINGS,
  MEANING_LIST,
  presetOptions,
  type CustomOptions,
  type DivOptions,
  type Level,
  type Meaning,
  type MultOptions,
} from '@app/generator/options';
import {
  OPERATION_ORDER,
  reaisOps,
  shownMeanings,
  type AddSubDraft,
  type Draft,
  type DivDraft,
  type MultDraft,
} from './draft';

/** The panel's draft made of options: a level's preset as it opens, or a stored page's or saved sheet's options. */

/** Today's pages have 20 problems, or 12 with × or ÷ (the generator's problemCount): the nearest allowed is taken. */
const DEFAULT_COUNT = 20;

function addSubDraft(options: CustomOptions['add'] & object, fallback: AddSubDraft | undefined): AddSubDraft {
  const numbers = options.numbers;
  return {
    kind: numbers.kind,
    top: numbers.kind === 'digits' ? numbers.top : (fallback?.top ?? 2),
    bottom: numbers.kind === 'digits' ? numbers.bottom : (fallback?.bottom ?? 2),
    max: numbers.kind === 'max' ? numbers.max : (fallback?.max ?? 100),
    regrouping: options.regrouping,
    casas: options.casas ?? null,
  };
}

function multDraft(options: MultOptions): MultDraft {
  return {
    twoDigits: options.multiplier.kind === 'twoDigits',
    tables: options.multiplier.kind === 'tables' ? [...options.multiplier.tables] : [2, 3, 4, 5],
    multiplicand: options.multiplicand,
    casas: options.casas ?? null,
  };
}

function divDraft(options: DivOptions): DivDraft {
  return {
    twoDigits: options.divisor.kind === 'twoDigits',
    divisors: options.divisor.kind === 'list' ? [...options.divisor.divisors] : [2, 3, 4, 5, 6, 7, 8, 9],
    dividend: options.dividend,
    remainders: options.remainders,
    casas: options.casas ?? null,
  };
}

/** The panel as it opens: the level's preset for every operation, conta armada, normal size, no title. */
export function draftFromPreset(level: Level): Draft {
  const preset = presetOptions(level);
  return {
    add: addSubDraft(preset.add, undefined),
    sub: addSubDraft(preset.sub, undefined),
    mult: multDraft(preset.mult),
    div: divDraft(preset.div),
    format: preset.format,
    count: DEFAULT_COUNT,
    size: preset.size,
    title: '',
    meanings: [...DEFAULT_MEANINGS],
  };
}

/** A stored page's or saved sheet's options back in the panel; what they leave out comes from the level's preset. */
export function draftFromCustom(custom: CustomOptions, level: Level): Draft {
  const preset = draftFromPreset(level);
  return {
    add: custom.add ? addSubDraft(custom.add, preset.add) : preset.add,
    sub: custom.sub ? addSubDraft(custom.sub, preset.sub) : preset.sub,
    mult: custom.mult ? multDraft(custom.mult) : preset.mult,
    div: custom.div ? divDraft(custom.div) : preset.div,
    format: custom.format,
    count: custom.count,
    size: custom.size,
    title: custom.title ?? '',
    meanings: custom.meanings ? meaningsOf(custom) : preset.meanings,
  };
}

/**
 * A stored page's meanings, and for the operations it does not have the default ones: checking one of them later
 * shows its meanings as a new panel would.
 */
function meaningsOf(custom: CustomOptions): Meaning[] {
  const operations = OPERATION_ORDER.filter((op) => custom[op] !== undefined);
  const told = shownMeanings(
    operations,
    reaisOps((op) => custom[op]?.casas, operations),
  );
  return MEANING_LIST.filter((meaning) =>
    told.includes(meaning) ? custom.meanings!.includes(meaning) : DEFAULT_MEANINGS.includes(meaning),
  );
}
