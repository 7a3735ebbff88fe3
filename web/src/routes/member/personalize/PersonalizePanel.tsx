import { useId, type ReactNode } from 'react';
import {
  describeSheet,
  exercisePages,
  FORMAT_NAMES,
  MAX_CHOICES,
  MAX_DIGITS,
  MEANINGS,
  meaningOps,
  ONE_DIGIT_DIVISORS,
  ORDERED_FACTS,
  ORDERED_TABLES,
  TABLES,
  TITLE_MAX,
  type Meaning,
  type Operation,
  type Regrouping,
  type SheetFormat,
} from './generator';
import {
  allowedCountsOf,
  countOf,
  formatOf,
  isOrdered,
  notFacts,
  orderedLimit,
  shownMeanings,
  toCustom,
  type AddSubDraft,
  type Control,
  type Draft,
  type PanelProblem,
} from './draft';
import './personalize.css';

const OPERATION_NAMES: Readonly<Record<Operation, { label: string; sign: string; of: string }>> = {
  add: { label: 'Adição', sign: '+', of: 'da Adição' },
  sub: { label: 'Subtração', sign: '−', of: 'da Subtração' },
  mult: { label: 'Multiplicação', sign: '×', of: 'da Multiplicação' },
  div: { label: 'Divisão', sign: '÷', of: 'da Divisão' },
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
/** The formats of facts: the tabuada em ordem is one of them, and bigger contas are refused in them. */
const LINE_FORMATS: readonly SheetFormat[] = ['linha', 'lacuna'];

const DIGIT_CHOICES = Array.from({ length: MAX_DIGITS }, (_, i) => i + 1);
const digitsWord = (n: number) => (n === 1 ? '1 algarismo' : `${n} algarismos`);
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** "× 1 a × 10", never broken after a sign. */
const ONE_TO_TEN = `×\u00a01 a ×\u00a0${ORDERED_FACTS}`;
/** "a", "a e b", "a, b e c". */
const andList = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)!}`;

export interface PersonalizePanelProps {
  /** The checked operations, in the order + − × ÷. */
  operations: readonly Operation[];
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** What keeps the page from being drawn, each beside its control (the server's refusal among them). */
  problems: readonly PanelProblem[];
  /** Editing locked (a page generated) or generating. */
  disabled: boolean;
  /** Whether the page comes with its gabarito (it takes as many sheets of paper as the page). */
  answers: boolean;
}

/**
 * "Personalizar" (issue 25): per checked operation the size of the numbers, the reserva, the tabuadas (or the
 * tabuada em ordem) or divisors; then the format, the meanings of situações-problema, how many, the size and a title;
 * and the sentence of what the page will practise. Every control names its problem (aria-describedby), and no
 * control is narrower than a finger (44 px). What `checkCustom` refuses is kept from being clicked where the panel
 * can (the tabuada em ordem offers only its formats, its count, at most the tabuadas a page holds), and said beside
 * its control where it cannot.
 */
export default function PersonalizePanel({
  operations,
  draft,
  onChange,
  problems,
  disabled,
  answers,
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
  const custom = toCustom(draft, operations);
  const sentence = operations.length ? describeSheet(operations, custom) : null;
  const count = countOf(draft, operations);
  const ordered = isOrdered(draft, operations);
  const format = formatOf(draft, operations);

  /**
   * A fieldset of one control: its legend, its choices, a hint under them (tied to the group) and its problems.
   */
  const group = (
    control: Control,
    legend: ReactNode,
    children: ReactNode,
    {
      className = '',
      hint,
      warning = false,
    }: { className?: string; hint?: ReactNode; warning?: boolean } = {},
  ) => {
    const hintId = `${id}-${control.replace('.', '-')}-hint`;
    const describedBy = [hint ? hintId : null, messagesOf(control).length ? errorId(control) : null]
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
        {errorOf(control)}
      </fieldset>
    );
  };

  /** One radio a value: the options of a control ("Sem reserva", "2 algarismos", …); a third item disables one. */
  function radios<V extends string | number>(
    name: string,
    options: ReadonlyArray<readonly [V, string, boolean?]>,
    current: V,
    choose: (value: V) => void,
  ) {
    return options.map(([value, label, off]) => (
      <Choice
        key={value}
        type="radio"
        name={`${id}-${name}`}
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
  function numberChips(
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
    // The tabuada em ordem: 1 to 10, ten contas each, as many as a page holds; the tabuada do 1 is its own.
    const limit = orderedLimit({ format, size: draft.size });
    const alone = operations.length === 1;
    const chooseMultiplicand = (multiplicand: Draft['mult']['multiplicand']) =>
      update(
        multiplicand === 'ordem' ? { multiplicand, tables: d.tables.slice(0, limit) } : { multiplicand },
      );
    return (
      <>
        {group(
          'mult.multiplier',
          'Tabuadas',
          numberChips(
            ordered ? ORDERED_TABLES : TABLES,
            'Tabuada do',
            ordered ? d.tables : d.tables.filter((n) => n !== 1),
            ordered ? null : d.twoDigits,
            (tables) => update({ tables }),
            (twoDigits) => update({ twoDigits }),
            ordered && d.tables.length >= limit,
          ),
          {
            className: 'personalize__group--chips',
            hint: ordered
              ? `Em ordem, cada tabuada de ${ONE_TO_TEN}: até ${limit} ${limit === 1 ? 'tabuada' : 'tabuadas'} por página${
                  draft.size === 'grande' ? ' com letra grande' : ''
                }.`
              : undefined,
          },
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
              ['ordem', `Tabuada em ordem (${ONE_TO_TEN})`, !alone && !ordered],
            ],
            d.multiplicand,
            chooseMultiplicand,
          ),
          {
            hint:
              !alone && !ordered
                ? 'A tabuada em ordem é só de multiplicação: para escolhê-la, desmarque as outras operações.'
                : undefined,
          },
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
          { className: 'personalize__group--chips' },
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
  const countNoun = format === 'problemas' ? 'problemas' : 'contas';
  const sheets = exercisePages(custom);
  // Fatos em linha and número que falta are for facts: the settings that are not are said beside their controls
  // above, and here, where she chose the format, why Gerar página waits.
  const notFactsOps = LINE_FORMATS.includes(format) ? notFacts(operations, custom) : [];
  const formatHint = ordered
    ? 'A tabuada em ordem é em linha ou com o número que falta.'
    : notFactsOps.length
      ? `“${FORMAT_NAMES[format]}” é só de fatos (contas de cabeça): mude os números ${andList(
          notFactsOps.map((op) => OPERATION_NAMES[op].of),
        )}, como indicado acima, ou escolha outro formato.`
      : undefined;

  function meanings() {
    const shown = shownMeanings(operations);
    const toggle = (meaning: Meaning, checked: boolean) =>
      set(
        'meanings',
        checked ? [...draft.meanings, meaning] : draft.meanings.filter((other) => other !== meaning),
      );
    return group(
      'meanings',
      'Significados',
      shown.map((meaning) => {
        const exampleId = `${id}-meaning-${meaning}`;
        const signs = meaningOps(meaning).filter((op) => operations.includes(op));
        return (
          <Choice
            key={meaning}
            type="checkbox"
            card
            checked={draft.meanings.includes(meaning)}
            onChange={(checked) => toggle(meaning, checked)}
            aria-describedby={exampleId}
          >
            <span className="personalize__meaning">
              {operations.length > 1 && meaning !== 'duas-etapas' && (
                <span className="personalize__meaning-signs" aria-hidden="true">
                  {signs.map((op) => OPERATION_NAMES[op].sign).join(' ')}{' '}
                </span>
              )}
              {MEANINGS[meaning].label}
            </span>
            <span className="personalize__sample personalize__example" id={exampleId} aria-hidden="true">
              {MEANINGS[meaning].example}
            </span>
          </Choice>
        );
      }),
      {
        className: 'personalize__group--meanings',
        hint: 'Os tipos de problema da página, cada um com um exemplo. “Duas etapas” tem duas contas no mesmo problema.',
      },
    );
  }

  function counts() {
    if (ordered)
      return (
        <div className="personalize__group" data-control="count">
          <p className="personalize__label">Quantas contas</p>
          <p className="personalize__fixed" aria-live="polite">
            {count} contas: {ORDERED_FACTS} por tabuada, de {ONE_TO_TEN}.
          </p>
          {errorOf('count')}
        </div>
      );
    return group(
      'count',
      format === 'problemas' ? 'Quantos problemas' : 'Quantas contas',
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
          <span className="visually-hidden"> {countNoun}</span>
        </Choice>
      )),
      {
        className: 'personalize__group--chips',
        // More problems than a sheet of paper holds continue on a second one (and the gabarito likewise).
        hint:
          sheets > 1
            ? `${count} problemas: ${sheets} folhas${answers ? ` (e o gabarito em ${sheets})` : ''}.`
            : undefined,
      },
    );
  }

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
          (ordered ? LINE_FORMATS : FORMATS).map((choice) => (
            <Choice
              key={choice}
              type="radio"
              name={`${id}-format`}
              card
              checked={format === choice}
              onChange={() => set('format', choice)}
            >
              <span className="personalize__format-name">{FORMAT_NAMES[choice]}</span>
              <span className="personalize__sample" aria-hidden="true">
                {FORMAT_SAMPLES[choice]}
              </span>
            </Choice>
          )),
          { className: 'personalize__group--formats', hint: formatHint, warning: notFactsOps.length > 0 },
        )}
        {format === 'problemas' && operations.length > 0 && meanings()}
        {counts()}
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
