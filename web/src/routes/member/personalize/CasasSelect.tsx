import type { Casas } from '@app/contracts/custom-shape';
import type { Operation } from '@app/generator/options';
import { ControlError, described, type PanelKit } from './panelKit';

/** The choices of "Números", in the order a teacher meets them: naturais (no `casas`), then decimals, then money. */
export const CASAS_CHOICES: ReadonlyArray<readonly [Casas | null, string]> = [
  [null, 'Naturais'],
  [1, '1 casa decimal'],
  [2, '2 casas decimais'],
  ['reais', 'Em reais'],
];

/** Beside the resto of a division with decimals: it goes on to the last casa, so it is exact. */
export const DECIMAL_DIVISION_HINT = 'Com decimais, a divisão continua até a última casa: é sempre exata.';

const valueOf = (casas: Casas | null) => (casas === null ? 'naturais' : String(casas));
const casasOf = (value: string): Casas | null =>
  CASAS_CHOICES.find(([casas]) => valueOf(casas) === value)?.[0] ?? null;

/** "Números" of an operation: naturais, 1 or 2 casas decimais, or em reais; `checkCustom`'s words under it. */
export function CasasSelect({
  kit,
  op,
  casas,
  choose,
}: {
  kit: PanelKit;
  op: Operation;
  casas: Casas | null;
  choose: (casas: Casas | null) => void;
}) {
  const id = `${kit.id}-${op}-casas`;
  const control = `${op}.casas` as const;
  return (
    <div className="personalize__group" data-control={control}>
      <label htmlFor={id}>Números</label>
      <select
        id={id}
        value={valueOf(casas)}
        onChange={(e) => choose(casasOf(e.target.value))}
        {...described(kit, control)}
      >
        {CASAS_CHOICES.map(([value, label]) => (
          <option key={label} value={valueOf(value)}>
            {label}
          </option>
        ))}
      </select>
      <ControlError kit={kit} control={control} />
    </div>
  );
}
