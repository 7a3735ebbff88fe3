import type { Dispatch } from 'react';
import { LevelBadge, levels } from '../../../components/LevelBadge';
import { operations, type BuilderAction, type Options } from './state';

/** Operações, Nível and Folha: the builder's own options, locked while a generated page is shown. */
export function OptionFieldsets({
  options,
  locked,
  dispatch,
}: {
  options: Options;
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
              checked={options.level === level.value}
              onChange={() => set('level', level.value)}
            />
            <LevelBadge level={level.value} />
            <span className="choice__note">{level.grades}</span>
          </label>
        ))}
      </fieldset>

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
