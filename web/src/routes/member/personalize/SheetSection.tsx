import {
  exercisePages,
  FORMAT_NAMES,
  MEANINGS,
  meaningOps,
  ORDERED_FACTS,
  TITLE_MAX,
  type Meaning,
  type SheetFormat,
} from '@app/generator/options';
import { Choice } from './Choice';
import { allowedCountsOf, countOf, formatOf, isOrdered, reaisOps, shownMeanings, toCustom } from './draft';
import { notFacts } from './problems';
import { andList, ONE_TO_TEN, OPERATION_NAMES } from './names';
import { ControlError, described, errorId, Group, messagesOf, type SectionProps } from './panelKit';

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

/** The sheet: its format, the meanings of situações-problema, how many, the size and a title. */
export function SheetSection(props: SectionProps & { answers: boolean }) {
  const { kit, draft, set, operations } = props;
  const format = formatOf(draft, operations);
  const titleId = `${kit.id}-title`;
  const titleHint = `${kit.id}-title-hint`;
  return (
    <fieldset className="personalize__operation">
      <legend>Folha</legend>
      <FormatGroup {...props} />
      {format === 'problemas' && operations.length > 0 && <MeaningsGroup {...props} />}
      <CountGroup {...props} />
      <div className="personalize__group" data-control="size">
        <Choice
          type="checkbox"
          checked={draft.size === 'grande'}
          onChange={(checked) => set('size', checked ? 'grande' : 'normal')}
          {...described(kit, 'size')}
        >
          Letra grande
        </Choice>
        <ControlError kit={kit} control="size" />
      </div>
      <div className="personalize__group" data-control="title">
        <label htmlFor={titleId}>Título da folha (opcional)</label>
        <input
          id={titleId}
          type="text"
          maxLength={TITLE_MAX}
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          {...(messagesOf(kit, 'title').length
            ? { 'aria-describedby': `${titleHint} ${errorId(kit, 'title')}`, 'aria-invalid': true }
            : { 'aria-describedby': titleHint })}
        />
        <p className="personalize__hint" id={titleHint}>
          Uma linha sua no alto da folha, até {TITLE_MAX} caracteres.
        </p>
        <ControlError kit={kit} control="title" />
      </div>
    </fieldset>
  );
}

function FormatGroup({ kit, draft, set, operations }: SectionProps) {
  const format = formatOf(draft, operations);
  const ordered = isOrdered(draft, operations);
  // Fatos em linha and número que falta are for facts: the settings that are not are said beside their controls
  // above, and here, where she chose the format, why Gerar página waits.
  const notFactsOps = LINE_FORMATS.includes(format) ? notFacts(operations, toCustom(draft, operations)) : [];
  const formatHint = ordered
    ? 'A tabuada em ordem é em linha ou com o número que falta.'
    : notFactsOps.length
      ? `“${FORMAT_NAMES[format]}” é só de fatos (contas de cabeça): mude os números ${andList(
          notFactsOps.map((op) => OPERATION_NAMES[op].of),
        )}, como indicado acima, ou escolha outro formato.`
      : undefined;
  return (
    <Group
      kit={kit}
      control="format"
      legend="Formato"
      className="personalize__group--formats"
      hint={formatHint}
      warning={notFactsOps.length > 0}
    >
      {(ordered ? LINE_FORMATS : FORMATS).map((choice) => (
        <Choice
          key={choice}
          type="radio"
          name={`${kit.id}-format`}
          card
          checked={format === choice}
          onChange={() => set('format', choice)}
        >
          <span className="personalize__format-name">{FORMAT_NAMES[choice]}</span>
          <span className="personalize__sample" aria-hidden="true">
            {FORMAT_SAMPLES[choice]}
          </span>
        </Choice>
      ))}
    </Group>
  );
}

function MeaningsGroup({ kit, draft, set, operations }: SectionProps) {
  const shown = shownMeanings(
    operations,
    reaisOps((op) => draft[op].casas, operations),
  );
  const toggle = (meaning: Meaning, checked: boolean) =>
    set(
      'meanings',
      checked ? [...draft.meanings, meaning] : draft.meanings.filter((other) => other !== meaning),
    );
  return (
    <Group
      kit={kit}
      control="meanings"
      legend="Significados"
      className="personalize__group--meanings"
      hint="Os tipos de problema da página, cada um com um exemplo. “Duas etapas” tem duas contas no mesmo problema."
    >
      {shown.map((meaning) => {
        const exampleId = `${kit.id}-meaning-${meaning}`;
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
      })}
    </Group>
  );
}

function CountGroup({ kit, draft, set, operations, answers }: SectionProps & { answers: boolean }) {
  const count = countOf(draft, operations);
  const format = formatOf(draft, operations);
  if (isOrdered(draft, operations))
    return (
      <div className="personalize__group" data-control="count">
        <p className="personalize__label">Quantas contas</p>
        <p className="personalize__fixed" aria-live="polite">
          {count} contas: {ORDERED_FACTS} por tabuada, de {ONE_TO_TEN}.
        </p>
        <ControlError kit={kit} control="count" />
      </div>
    );
  const countNoun = format === 'problemas' ? 'problemas' : 'contas';
  const sheets = exercisePages(toCustom(draft, operations));
  return (
    <Group
      kit={kit}
      control="count"
      legend={format === 'problemas' ? 'Quantos problemas' : 'Quantas contas'}
      className="personalize__group--chips"
      // More problems than a sheet of paper holds continue on a second one (and the gabarito likewise).
      hint={
        sheets > 1
          ? `${count} problemas: ${sheets} folhas${answers ? ` (e o gabarito em ${sheets})` : ''}.`
          : undefined
      }
    >
      {allowedCountsOf(draft, operations).map((n) => (
        <Choice
          key={n}
          type="radio"
          chip
          name={`${kit.id}-count`}
          checked={count === n}
          onChange={() => set('count', n)}
        >
          {n}
          <span className="visually-hidden"> {countNoun}</span>
        </Choice>
      ))}
    </Group>
  );
}
