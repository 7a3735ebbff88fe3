import { useId, type Dispatch } from 'react';
import { SHEET_PRESETS, type SheetPreset } from '@app/generator/options';
import { choosePreset } from './presets';
import type { BuilderAction, Options } from './state';
import './sheetPresets.css';

/** "R$ 100" never broken after its sign. */
const unbroken = (words: string) => words.replace(/R\$ /g, 'R$\u00a0');

/**
 * "Dinheiro e decimais", next to the levels: the ready sheets of money and decimals, each a radio named by its ano and
 * its words. Choosing one opens "Personalizar" with its options (presets.ts).
 */
export function SheetPresets({
  options,
  chosen,
  locked,
  dispatch,
}: {
  options: Options;
  chosen: SheetPreset | null;
  locked: boolean;
  dispatch: Dispatch<BuilderAction>;
}) {
  const noteId = useId();
  return (
    <fieldset disabled={locked} className="builder__options sheet-presets" aria-describedby={noteId}>
      <legend>Dinheiro e decimais</legend>
      <p id={noteId} className="sheet-presets__note">
        Folhas prontas: as opções abrem em Personalizar.
      </p>
      {SHEET_PRESETS.map((preset) => (
        <label key={preset.id} className="choice sheet-presets__choice">
          <input
            type="radio"
            name="sheet-preset"
            checked={chosen?.id === preset.id}
            onChange={() => dispatch(choosePreset(preset, options))}
          />
          {/* The space keeps the radio's name "4º ano As quatro operações em reais" (the flex gap draws none). */}
          <span className="sheet-presets__text">
            <span className="sheet-presets__ano">{preset.ano}</span> <span>{unbroken(preset.words)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
