import type { Dispatch } from 'react';
import type { SheetPreset } from '@app/generator/options';
import { LevelBadge, levels } from '../../../components/LevelBadge';
import { chooseLevel } from './presets';
import { SheetPresets } from './SheetPresets';
import { operations, type BuilderAction, type Options } from './state';

/**
 * Operações, Nível (and beside it the sheets of "Dinheiro e decimais") and Folha: the builder's own options, locked
 * while a generated page is shown. While a preset is chosen no level is: choosing one goes back to its preset.
 */
export function OptionFieldsets({
  options,
  preset,
  locked,
  dispatch,
}: {
  options: Options;
  /** The sheet preset the builder makes, if any. */
  preset: SheetPreset | null;
  locked: boolean;
  dispatch: Dispatch<BuilderAction>;
}) {
  const set = <K extends keyof Options>(key: K, value: Options[K]) =>
    dispatch({ type: 'option', options: { [key]: value } });
  return (
    <>
      <fieldset disabled={locked} className="builder__options">
        <legend>Operações</legend>
        {operations.map((op) => (
          <label key={op.key} className="choice">
            <input
              type="checkbox"
              checked={options[op.key]}
              onChange={(e) => set(op.key, e.target.checked)}
            />
            <span className="choice__sign" aria-hidden="true">
              {op.sign}
            </span>
            {op.label}
          </label>
        ))}
      </fieldset>

      <fieldset disabled={locked} className="builder__options">
        <legend>Nível</legend>
        {levels.map((level) => (
          <label key={level.value} className="choice">
            <input
              type="radio"
              name="level"
              checked={preset === null && options.level === level.value}
              onChange={() => dispatch(chooseLevel(level.value, options, preset))}
            />
            <LevelBadge level={level.value} />
            <span className="choice__note">{level.grades}</span>
          </label>
        ))}
      </fieldset>

      <SheetPresets options={options} chosen={preset} locked={locked} dispatch={dispatch} />

      <fieldset disabled={locked} className="builder__options">
        <legend>Folha</legend>
        <label className="choice">
          <input
            type="checkbox"
            checked={options.answers}
            onChange={(e) => set('answers', e.target.checked)}
          />
          Incluir gabarito (respostas na 2ª página)
        </label>
        <label className="choice">
          <input type="checkbox" checked={options.school} onChange={(e) => set('school', e.target.checked)} />
          Incluir campos Escola e Professor(a)
        </label>
      </fieldset>
    </>
  );
}
