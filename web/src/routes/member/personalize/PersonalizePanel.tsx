import { useId, type ReactNode } from 'react';
import {
  describeSheet,
  FORMAT_NAMES,
  MAX_CHOICES,
  MAX_DIGITS,
  ONE_DIGIT_DIVISORS,
  TABLES,
  TITLE_MAX,
  type Operation,
  type Regrouping,
  type SheetFormat,
} from './generator';
import {
  allowedCountsOf,
  countOf,
  toCustom,
  type AddSubDraft,
  type Control,
  type Draft,
  type PanelProblem,
} from './draft';
import './personalize.css';

const OPERATION_NAMES: Readonly<Record<Operation, { label: string; sign: string }>> = {
  add: { label: 'Adição', sign: '+' },
  sub: { label: 'Subtração', sign: '−' },
  mult: { label: 'Multiplicação', sign: '×' },
  div: { label: 'Divisão', sign: '÷' },
};

/** How each format looks on the sheet, beside its name. */
const FORMAT_SAMPLES: Readonly<Record<SheetFormat, string>> = {
  armada: '  34\n+ 12',
  arme: '34 + 12',
  linha: '7 × 8 = ___',
  lacuna: '___ + 6 = 9',
  problemas: 'Ana tinha 35 figurinhas…',
};
const FORMATS = Object.keys(FORMAT_NAMES) as SheetFormat[];

const DIGIT_CHOICES = Array.from({ length: MAX_DIGITS }, (_, i) => i + 1);
const digitsWord = (n: number) => (n === 1 ? '1 algarismo' : `${n} algarismos`);
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export interface PersonalizePanelProps {
  /** The checked operations, in the order + − × ÷. */
  operations: readonly Operation[];
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** What keeps the page from being drawn, each beside its control (the server's refusal among them). */
  problems: readonly PanelProblem[];
  /** Editing locked (a page generated) or generating. */
  disabled: boolean;
}

/**
 * "Personalizar" (issue 25): per checked operation the size of the numbers, the reserva, the tabuadas or divisors;
 * then the format, how many, the size and a title; and the sentence of what the page will practise. Every control
 * names its problem (aria-describedby), and no control is narrower than a finger (44 px).
 */
export default function PersonalizePanel({
  operations,
  draft,
  onChange,
  problems,
  disabled,
}: PersonalizePanelProps) {
  const id = useId();
  const errorId = (control: Control) => `${id}-${control.replace('.', '-')}-error`;
  const messagesOf = (control: Control) =>
    problems.filter((p) => p.control === control).map((p) => p.message);
  /** The props that tie a control to its problem. */
  const described = (control: Control) =>
    messagesOf(control).length
      ? { 'aria-describedby': errorId(control), 'aria-invalid': true as const }
      : { 'aria-invalid': false as const };
  const errorOf = (control: Control) => {
    const messages = messagesOf(control);
    if (!messages.length) return null;
    return (
      <p className="field-error personalize__error" id={errorId(control)} data-control={control}>
        {messages.join(' ')}
      </p>
    );
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  const sentence = operations.length ? describeSheet(operations, toCustom(draft, operations)) : null;
  const count = countOf(draft, operations);

  const group = (control: Control, legend: ReactNode, children: ReactNode, className = '') => (
    <fieldset
      className={`personalize__group ${className}`}
      aria-describedby={messagesOf(control).length ? errorId(control) : undefined}
      data-control={control}
    >
      <legend>{legend}</legend>
      <div className="personalize__row">{children}</div>
      {errorOf(control)}
    </fieldset>
  );

  /** One radio a value: the options of a control ("Sem reserva", "2 algarismos", …). */
  function radios<V extends string | number>(
    name: string,
    options: ReadonlyArray<readonly [V, string]>,
    current: V,
    choose: (value: V) => void,
  ) {
    return options.map(([value, label]) => (
      <Choice
        key={value}
        type="radio"
        name={`${id}-${name}`}
        checked={current === value}
        onChange={() => choose(value)}
      >
        {label}
      </Choice>
    ));
  }

  /** The number chips of the tabuadas or the divisors, and "Dois algarismos" that stands for all of them. */
  function numberChips(
    numbers: readonly number[],
    spoken: string,
    chosen: readonly number[],
    twoDigits: boolean,
    chooseNumbers: (next: number[]) => void,
    chooseTwoDigits: (checked: boolean) => void,
  ) {
    return (
      <>
        {numbers.map((n) => (
          <Choice
            key={n}
            type="checkbox"
            chip
            disabled={twoDigits}
            checked={!twoDigits && chosen.includes(n)}
            onChange={(checked) =>
              chooseNumbers(checked ? [...chosen, n] : chosen.filter((other) => other !== n))
            }
          >
            <span className="visually-hidden">{spoken} </span>
            {n}
          </Choice>
        ))}
        <Choice type="checkbox" checked={twoDigits} onChange={chooseTwoDigits}>
          Dois algarismos (por 10 a 99)
        </Choice>
      </>
    );
  }

  function addSub(op: 'add' | 'sub') {
    const d = draft[op];
    const update = (patch: Partial<AddSubDraft>) => set(op, { ...d, ...patch });
    const numbersId = `${id}-${op}-numbers`;
    return (
      <>
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
            {...described(`${op}.numbers`)}
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
                    {...described(`${op}.numbers`)}
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
          {errorOf(`${op}.numbers`)}
        </div>
        {group(
          `${op}.regrouping`,
          op === 'add' ? 'Reserva (vai um)' : 'Reserva (empresta)',
          radios(
            `${op}-regrouping`,
            [
              ['sem', 'Sem reserva'],
              ['com', 'Com reserva'],
              ['misturado', 'Misturado'],
            ],
            d.regrouping,
            (regrouping: Regrouping) => update({ regrouping }),
          ),
        )}
      </>
    );
  }

  function mult() {
    const d = draft.mult;
    const update = (patch: Partial<Draft['mult']>) => set('mult', { ...d, ...patch });
    return (
      <>
        {group(
          'mult.multiplier',
          'Tabuadas',
          numberChips(
            TABLES,
            'Tabuada do',
            d.tables,
            d.twoDigits,
            (tables) => update({ tables }),
            (twoDigits) => update({ twoDigits }),
          ),
          'personalize__group--chips',
        )}
        {group(
          'mult.multiplicand',
          'Número multiplicado',
          radios(
            'mult-multiplicand',
            [
              ['fatos', 'Fatos (2 a 10)'],
              [2, '2 algarismos'],
              [3, '3 algarismos'],
            ],
            d.multiplicand,
            (multiplicand) => update({ multiplicand }),
          ),
        )}
      </>
    );
  }

  function div() {
    const d = draft.div;
    const update = (patch: Partial<Draft['div']>) => set('div', { ...d, ...patch });
    return (
      <>
        {group(
          'div.divisor',
          'Dividir por',
          numberChips(
            ONE_DIGIT_DIVISORS,
            'Divisor',
            d.divisors,
            d.twoDigits,
            (divisors) => update({ divisors }),
            (twoDigits) => update({ twoDigits }),
          ),
          'personalize__group--chips',
        )}
        {group(
          'div.dividend',
          'Número dividido',
          radios(
            'div-dividend',
            [
              ['fatos', 'Fatos (até 10 vezes)'],
              [2, '2 algarismos'],
              [3, '3 algarismos'],
              [4, '4 algarismos'],
            ],
            d.dividend,
            (dividend) => update({ dividend }),
          ),
        )}
        {group(
          'div.remainders',
          'Resto',
          radios(
            'div-remainders',
            [
              ['exata', 'Só exatas'],
              ['resto', 'Com resto'],
              ['misturado', 'Misturado'],
            ],
            d.remainders,
            (remainders) => update({ remainders }),
          ),
        )}
      </>
    );
  }

  const sections: Record<Operation, () => ReactNode> = {
    add: () => addSub('add'),
    sub: () => addSub('sub'),
    mult,
    div,
  };
  const titleId = `${id}-title`;
  const titleHint = `${id}-title-hint`;

  return (
    <fieldset className="personalize" disabled={disabled}>
      <legend className="visually-hidden">Personalizar</legend>
      {operations.length === 0 && <p className="personalize__note">Marque pelo menos uma operação.</p>}
      {operations.map((op) => (
        <fieldset
          key={op}
          className="personalize__operation"
          data-control={op}
          aria-describedby={messagesOf(op).length ? errorId(op) : undefined}
        >
          <legend>
            <span className="choice__sign" aria-hidden="true">
              {OPERATION_NAMES[op].sign}
            </span>
            {OPERATION_NAMES[op].label}
          </legend>
          {errorOf(op)}
          {sections[op]()}
        </fieldset>
      ))}

      <fieldset className="personalize__operation">
        <legend>Folha</legend>
        {group(
          'format',
          'Formato',
          FORMATS.map((format) => (
            <Choice
              key={format}
              type="radio"
              name={`${id}-format`}
              card
              checked={draft.format === format}
              onChange={() => set('format', format)}
            >
              <span className="personalize__format-name">{FORMAT_NAMES[format]}</span>
              <span className="personalize__sample" aria-hidden="true">
                {FORMAT_SAMPLES[format]}
              </span>
            </Choice>
          )),
          'personalize__group--formats',
        )}
        {group(
          'count',
          draft.format === 'problemas' ? 'Quantos problemas' : 'Quantas contas',
          allowedCountsOf(draft, operations).map((n) => (
            <Choice
              key={n}
              type="radio"
              chip
              name={`${id}-count`}
              checked={count === n}
              onChange={() => set('count', n)}
            >
              {n}
              <span className="visually-hidden">
                {draft.format === 'problemas' ? ' problemas' : ' contas'}
              </span>
            </Choice>
          )),
          'personalize__group--chips',
        )}
        <div className="personalize__group" data-control="size">
          <Choice
            type="checkbox"
            checked={draft.size === 'grande'}
            onChange={(checked) => set('size', checked ? 'grande' : 'normal')}
            {...described('size')}
          >
            Letra grande
          </Choice>
          {errorOf('size')}
        </div>
        <div className="personalize__group" data-control="title">
          <label htmlFor={titleId}>Título da folha (opcional)</label>
          <input
            id={titleId}
            type="text"
            maxLength={TITLE_MAX}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            {...(messagesOf('title').length
              ? { 'aria-describedby': `${titleHint} ${errorId('title')}`, 'aria-invalid': true }
              : { 'aria-describedby': titleHint })}
          />
          <p className="personalize__hint" id={titleHint}>
            Uma linha sua no alto da folha, até {TITLE_MAX} caracteres.
          </p>
          {errorOf('title')}
        </div>
      </fieldset>

      {sentence && (
        <p className="personalize__summary" aria-live="polite">
          <strong>Esta página terá:</strong> <span data-testid="sheet-sentence">{sentence}</span>
        </p>
      )}
    </fieldset>
  );
}

/** A checkbox or radio with its label, at least 44 px high (a chip: 44 px square too; a card: the formats). */
function Choice({
  type,
  name,
  checked,
  disabled,
  onChange,
  chip,
  card,
  children,
  ...rest
}: {
  type: 'checkbox' | 'radio';
  name?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  chip?: boolean;
  card?: boolean;
  children: ReactNode;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const className = ['option', chip && 'option--chip', card && 'option--card'].filter(Boolean).join(' ');
  return (
    <label className={className}>
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        {...rest}
      />
      <span className="option__text">{children}</span>
    </label>
  );
}
