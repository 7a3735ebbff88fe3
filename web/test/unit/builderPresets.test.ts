import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeSheet, SHEET_PRESETS, type SheetPreset } from '@app/generator/options';
import { OptionFieldsets } from '../../src/routes/member/builder/OptionFieldsets';
import { keptOf, restoredFrom } from '../../src/routes/member/builder/persist';
import { chooseLevel, choosePreset } from '../../src/routes/member/builder/presets';
import {
  builderReducer,
  initialBuilderState,
  type BuilderAction,
  type BuilderState,
} from '../../src/routes/member/builder/state';
import { bodyOf, builderView } from '../../src/routes/member/builder/view';
import { toCustom } from '../../src/routes/member/personalize/draft';

/**
 * "Dinheiro e decimais" in the builder: a preset chosen checks its operations and opens Personalizar with its options,
 * so that the body "Gerar página" sends is exactly the preset's; a level chosen then goes back to the level's preset;
 * the radios say which is chosen.
 */

const run = (actions: BuilderAction[], from: BuilderState = initialBuilderState) =>
  actions.reduce(builderReducer, from);
const chosen = (preset: SheetPreset, from: BuilderState = initialBuilderState) =>
  run([choosePreset(preset, from.options)], from);

/** The builder's Operações, Nível, Dinheiro e decimais and Folha as the page shows them (markup, no browser). */
const fieldsets = (state: BuilderState) =>
  renderToStaticMarkup(
    createElement(OptionFieldsets, {
      options: state.options,
      preset: builderView(state, 10).preset,
      locked: false,
      dispatch: () => undefined,
    }),
  );

/** The labels of the checked radios, their tags left out. */
const checkedRadios = (markup: string) =>
  [...markup.matchAll(/<label[^>]*><input type="radio"[^>]*checked=""[^>]*\/>(.*?)<\/label>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

describe('"Dinheiro e decimais" in the builder', () => {
  it.each(SHEET_PRESETS.map((preset) => [preset.ano, preset]))(
    '%s: its operations checked, Personalizar open with its options, the body exactly the preset',
    (_, preset) => {
      const state = chosen(
        preset,
        run([{ type: 'option', options: { add: false, sub: false, mult: true } }]),
      );
      const view = builderView(state, 10);
      expect(view.preset?.id).toBe(preset.id);
      expect(view.checked).toEqual(preset.operations);
      expect(view.problems).toEqual([]);
      expect(view.canGenerate).toBe(true);
      const body = bodyOf(state.options, state.draft)!;
      expect(body).toMatchObject({
        add: preset.operations.includes('add'),
        sub: preset.operations.includes('sub'),
        mult: preset.operations.includes('mult'),
        div: preset.operations.includes('div'),
        level: preset.level,
        answers: true,
      });
      expect(body.custom).toEqual(preset.custom);
      // The panel's sentence says the preset's page.
      expect(describeSheet(view.checked, toCustom(state.draft!, view.checked))).toBe(
        describeSheet(preset.operations, preset.custom),
      );
    },
  );

  it('shows the preset chosen and no level, each radio named by its ano and words', () => {
    const markup = fieldsets(chosen(SHEET_PRESETS[1]!));
    expect(markup).toContain('<legend>Dinheiro e decimais</legend>');
    expect(checkedRadios(markup)).toEqual(['4º ano As quatro operações em reais']);
    // Each radio's name is its label's text: the ano, a space, the words ("R$ 100" unbroken).
    const text = markup.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ');
    expect(markup).toContain('até R$\u00a0100');
    for (const preset of SHEET_PRESETS) expect(text).toContain(`${preset.ano} ${preset.words}`);
    expect(checkedRadios(fieldsets(initialBuilderState))).toEqual(['Médio 3º ano']);
  });

  it('goes back to the level’s preset when a level is chosen: the panel closes, the operations stay', () => {
    const state = chosen(SHEET_PRESETS[0]!);
    const back = run([chooseLevel(0, state.options, builderView(state, 10).preset)], state);
    expect(back.draft).toBeNull();
    expect(back.options).toMatchObject({ level: 0, add: true, sub: true, mult: false, div: false });
    expect(builderView(back, 10).preset).toBeNull();
    expect(bodyOf(back.options, back.draft)).not.toHaveProperty('custom');
    expect(checkedRadios(fieldsets(back))).toEqual(['Fácil 1º e 2º ano']);
  });

  it('is no longer chosen once an option changes; a level then sets the level only, as always', () => {
    const state = chosen(SHEET_PRESETS[2]!);
    const changed = run([{ type: 'draft', draft: { ...state.draft!, count: 6 } }], state);
    const view = builderView(changed, 10);
    expect(view.preset).toBeNull();
    expect(checkedRadios(fieldsets(changed))).toEqual(['Difícil 4º e 5º ano']);
    const level = run([chooseLevel(1, changed.options, view.preset)], changed);
    expect(level.draft).toEqual(changed.draft);
    expect(level.options.level).toBe(1);
    const unchecked = run([{ type: 'option', options: { div: false } }], state);
    expect(builderView(unchecked, 10).preset).toBeNull();
  });

  it('closing Personalizar leaves the preset for the level it was of', () => {
    const state = run([{ type: 'draft', draft: null }], chosen(SHEET_PRESETS[0]!));
    expect(builderView(state, 10).preset).toBeNull();
    expect(checkedRadios(fieldsets(state))).toEqual(['Médio 3º ano']);
  });

  it('is found chosen again after a reload of the tab (only the options are kept)', () => {
    for (const preset of SHEET_PRESETS) {
      const kept = keptOf(chosen(preset), 'ana@example.com')!;
      expect(builderView(restoredFrom(kept), 10).preset?.id).toBe(preset.id);
    }
  });
});
