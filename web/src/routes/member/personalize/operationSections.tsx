import {
  MAX_CHOICES,
  ONE_DIGIT_DIVISORS,
  ORDERED_TABLES,
  TABLES,
  type Regrouping,
} from '@app/generator/options';
import { CasasSelect, DECIMAL_DIVISION_HINT } from './CasasSelect';
import { formatOf, isOrdered, orderedLimit, remaindersOf, type AddSubDraft, type Draft } from './draft';
import { DIGIT_CHOICES, digitsWord, ONE_TO_TEN, thousands } from './names';
import { ControlError, described, Group, numberChips, radios, type SectionProps } from './panelKit';

/** + or −: naturais or decimals, the size of the numbers (up to a maximum, or digits of each term), the reserva. */
export function AddSubSection({ kit, draft, set, op }: SectionProps & { op: 'add' | 'sub' }) {
  const d = draft[op];
  const update = (patch: Partial<AddSubDraft>) => set(op, { ...d, ...patch });
  const numbersId = `${kit.id}-${op}-numbers`;
  return (
    <>
      <CasasSelect kit={kit} op={op} casas={d.casas} choose={(casas) => update({ casas })} />
      <div className="personalize__group" data-control={`${op}.numbers`}>
        <label htmlFor={numbersId}>Tamanho dos números</label>
        <select
          id={numbersId}
          value={d.kind === 'max' ? String(d.max) : 'digits'}
          onChange={(e) =>
            e.target.value === 'digits'
              ? update({ kind: 'digits' })
              : update({ kind: 'max', max: Number(e.target.value) })
          }
          {...described(kit, `${op}.numbers`)}
        >
          {MAX_CHOICES.map((max) => (
            <option key={max} value={max}>
              Até {thousands(max)}
            </option>
          ))}
          <option value="digits">Escolher os algarismos</option>
        </select>
        {d.kind === 'digits' && (
          <div className="personalize__pair">
            {(['top', 'bottom'] as const).map((term) => (
              <div key={term}>
                <label htmlFor={`${numbersId}-${term}`}>
                  {term === 'top' ? 'Número de cima' : 'Número de baixo'}
                </label>
                <select
                  id={`${numbersId}-${term}`}
                  value={d[term]}
                  onChange={(e) => update({ [term]: Number(e.target.value) })}
                  {...described(kit, `${op}.numbers`)}
                >
                  {DIGIT_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {digitsWord(n)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
        )}
        <ControlError kit={kit} control={`${op}.numbers`} />
      </div>
      <Group
        kit={kit}
        control={`${op}.regrouping`}
        legend={op === 'add' ? 'Reserva (vai um)' : 'Reserva (empresta)'}
      >
        {radios(
          kit,
          `${op}-regrouping`,
          [
            ['sem', 'Sem reserva'],
            ['com', 'Com reserva'],
            ['misturado', 'Misturado'],
          ],
          d.regrouping,
          (regrouping: Regrouping) => update({ regrouping }),
        )}
      </Group>
    </>
  );
}

/** ×: naturais or a decimal multiplicand (not the tabuada em ordem), the tabuadas and the number multiplied. */
export function MultSection({ kit, draft, set, operations }: SectionProps) {
  const d = draft.mult;
  const update = (patch: Partial<Draft['mult']>) => set('mult', { ...d, ...patch });
  const ordered = isOrdered(draft, operations);
  // The tabuada em ordem: 1 to 10, ten contas each, as many as a page holds; the tabuada do 1 is its own.
  const limit = orderedLimit({ format: formatOf(draft, operations), size: draft.size });
  const alone = operations.length === 1;
  const chooseMultiplicand = (multiplicand: Draft['mult']['multiplicand']) =>
    update(multiplicand === 'ordem' ? { multiplicand, tables: d.tables.slice(0, limit) } : { multiplicand });
  const tablesHint = ordered
    ? `Em ordem, cada tabuada de ${ONE_TO_TEN}: até ${limit} ${limit === 1 ? 'tabuada' : 'tabuadas'} por página${
        draft.size === 'grande' ? ' com letra grande' : ''
      }.`
    : undefined;
  return (
    <>
      {!ordered && <CasasSelect kit={kit} op="mult" casas={d.casas} choose={(casas) => update({ casas })} />}
      <Group
        kit={kit}
        control="mult.multiplier"
        legend="Tabuadas"
        className="personalize__group--chips"
        hint={tablesHint}
      >
        {numberChips(
          ordered ? ORDERED_TABLES : TABLES,
          'Tabuada do',
          ordered ? d.tables : d.tables.filter((n) => n !== 1),
          ordered ? null : d.twoDigits,
          (tables) => update({ tables }),
          (twoDigits) => update({ twoDigits }),
          ordered && d.tables.length >= limit,
        )}
      </Group>
      <Group
        kit={kit}
        control="mult.multiplicand"
        legend="Número multiplicado"
        hint={
          !alone && !ordered
            ? 'A tabuada em ordem é só de multiplicação: para escolhê-la, desmarque as outras operações.'
            : undefined
        }
      >
        {radios(
          kit,
          'mult-multiplicand',
          [
            ['fatos', 'Fatos (2 a 10)'],
            [2, '2 algarismos'],
            [3, '3 algarismos'],
            ['ordem', `Tabuada em ordem (${ONE_TO_TEN})`, !alone && !ordered],
          ],
          d.multiplicand,
          chooseMultiplicand,
        )}
      </Group>
    </>
  );
}

/** ÷: naturais or decimals, the divisors, the number divided and the remainders (with decimals, exact). */
export function DivSection({ kit, draft, set }: SectionProps) {
  const d = draft.div;
  const update = (patch: Partial<Draft['div']>) => set('div', { ...d, ...patch });
  const decimal = d.casas !== null;
  return (
    <>
      <CasasSelect kit={kit} op="div" casas={d.casas} choose={(casas) => update({ casas })} />
      <Group kit={kit} control="div.divisor" legend="Dividir por" className="personalize__group--chips">
        {numberChips(
          ONE_DIGIT_DIVISORS,
          'Divisor',
          d.divisors,
          d.twoDigits,
          (divisors) => update({ divisors }),
          (twoDigits) => update({ twoDigits }),
        )}
      </Group>
      <Group kit={kit} control="div.dividend" legend="Número dividido">
        {radios(
          kit,
          'div-dividend',
          [
            ['fatos', 'Fatos (até 10 vezes)'],
            [2, '2 algarismos'],
            [3, '3 algarismos'],
            [4, '4 algarismos'],
          ],
          d.dividend,
          (dividend) => update({ dividend }),
        )}
      </Group>
      <Group
        kit={kit}
        control="div.remainders"
        legend="Resto"
        hint={decimal ? DECIMAL_DIVISION_HINT : undefined}
      >
        {radios(
          kit,
          'div-remainders',
          [
            ['exata', 'Só exatas'],
            ['resto', 'Com resto', decimal],
            ['misturado', 'Misturado', decimal],
          ],
          remaindersOf(d),
          (remainders) => update({ remainders }),
        )}
      </Group>
    </>
  );
}
