import type { ReactNode } from 'react';
import { Choice } from './Choice';
import type { Operation } from '@app/generator/options';
import type { Draft } from './draft';
import type { Control, PanelProblem } from './problems';

/** What every part of the panel shares: its id (the prefix of its controls' ids) and the problems to show. */
export interface PanelKit {
  id: string;
  problems: readonly PanelProblem[];
}

/** What a section of the panel reads and changes. */
export interface SectionProps {
  kit: PanelKit;
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  /** The checked operations, in the order + − × ÷. */
  operations: readonly Operation[];
}

export const errorId = ({ id }: PanelKit, control: Control) => `${id}-${control.replace('.', '-')}-error`;

export const messagesOf = ({ problems }: PanelKit, control: Control) =>
  problems.filter((p) => p.control === control).map((p) => p.message);

/** The props that tie a control to its problem. */
export const described = (kit: PanelKit, control: Control) =>
  messagesOf(kit, control).length
    ? { 'aria-describedby': errorId(kit, control), 'aria-invalid': true as const }
    : { 'aria-invalid': false as const };

/** A control's problems, said under it. */
export function ControlError({ kit, control }: { kit: PanelKit; control: Control }) {
  const messages = messagesOf(kit, control);
  if (!messages.length) return null;
  return (
    <p className="field-error personalize__error" id={errorId(kit, control)} data-control={control}>
      {messages.join(' ')}
    </p>
  );
}

/**
 * A fieldset of one control: its legend, its choices, a hint under them (tied to the group) and its problems.
 */
export function Group({
  kit,
  control,
  legend,
  children,
  className = '',
  hint,
  warning = false,
}: {
  kit: PanelKit;
  control: Control;
  legend: ReactNode;
  children: ReactNode;
  className?: string;
  hint?: ReactNode;
  warning?: boolean;
}) {
  const hintId = `${kit.id}-${control.replace('.', '-')}-hint`;
  const describedBy = [hint ? hintId : null, messagesOf(kit, control).length ? errorId(kit, control) : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className={`personalize__group ${className}`}
      aria-describedby={describedBy || undefined}
      data-control={control}
    >
      <legend>{legend}</legend>
      <div className="personalize__row">{children}</div>
      {hint && (
        <p className={warning ? 'personalize__hint personalize__warning' : 'personalize__hint'} id={hintId}>
          {hint}
        </p>
      )}
      <ControlError kit={kit} control={control} />
    </fieldset>
  );
}

/** One radio a value: the options of a control ("Sem reserva", "2 algarismos", …); a third item disables one. */
export function radios<V extends string | number>(
  kit: PanelKit,
  name: string,
  options: ReadonlyArray<readonly [V, string, boolean?]>,
  current: V,
  choose: (value: V) => void,
) {
  return options.map(([value, label, off]) => (
    <Choice
      key={value}
      type="radio"
      name={`${kit.id}-${name}`}
      checked={current === value}
      disabled={off}
      onChange={() => choose(value)}
    >
      {label}
    </Choice>
  ));
}

/**
 * The number chips of the tabuadas or the divisors, and "Dois algarismos" that stands for all of them (absent for
 * the tabuada em ordem); `full`: no more may be checked (the unchecked ones are disabled).
 */
export function numberChips(
  numbers: readonly number[],
  spoken: string,
  chosen: readonly number[],
  twoDigits: boolean | null,
  chooseNumbers: (next: number[]) => void,
  chooseTwoDigits: (checked: boolean) => void,
  full = false,
) {
  return (
    <>
      {numbers.map((n) => (
        <Choice
          key={n}
          type="checkbox"
          chip
          disabled={twoDigits === true || (full && !chosen.includes(n))}
          checked={twoDigits !== true && chosen.includes(n)}
          onChange={(checked) =>
            chooseNumbers(checked ? [...chosen, n] : chosen.filter((other) => other !== n))
          }
        >
          <span className="visually-hidden">{spoken} </span>
          {n}
        </Choice>
      ))}
      {twoDigits !== null && (
        <Choice type="checkbox" checked={twoDigits} onChange={chooseTwoDigits}>
          Dois algarismos (por 10 a 99)
        </Choice>
      )}
    </>
  );
}
