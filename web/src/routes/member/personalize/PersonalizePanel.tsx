import { useId } from 'react';
import { describeSheet, type Operation } from '@app/generator/options';
import { toCustom, type Draft } from './draft';
import type { PanelProblem } from './problems';
import { OPERATION_NAMES } from './names';
import { AddSubSection, DivSection, MultSection } from './operationSections';
import { ControlError, errorId, messagesOf, type PanelKit, type SectionProps } from './panelKit';
import { SheetSection } from './SheetSection';
import './personalize.css';

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

/** Each checked operation's own settings. */
function OperationSection(props: SectionProps & { op: Operation }) {
  switch (props.op) {
    case 'add':
    case 'sub':
      return <AddSubSection {...props} op={props.op} />;
    case 'mult':
      return <MultSection {...props} />;
    case 'div':
      return <DivSection {...props} />;
  }
}

/**
 * "Personalizar": per checked operation its numbers (naturais, decimals or reais), their size, the reserva, the
 * tabuadas (or the tabuada em ordem) or divisors; then the format, the meanings of situações-problema, how many, the
 * size and a title; and the sentence of what the page will practise. Every control names its problem
 * (aria-describedby), and no control is narrower than a finger (44 px). What `checkCustom` refuses is kept from being
 * clicked where the panel can (the tabuada em ordem offers only its formats, its count, at most the tabuadas a page
 * holds, naturais only; a division with decimals is exact), and said beside its control where it cannot.
 */
export default function PersonalizePanel({
  operations,
  draft,
  onChange,
  problems,
  disabled,
  answers,
}: PersonalizePanelProps) {
  const kit: PanelKit = { id: useId(), problems };
  const set: SectionProps['set'] = (key, value) => onChange({ ...draft, [key]: value });
  const section = { kit, draft, set, operations };
  const sentence = operations.length ? describeSheet(operations, toCustom(draft, operations)) : null;
  return (
    <fieldset className="personalize" disabled={disabled}>
      <legend className="visually-hidden">Personalizar</legend>
      {operations.length === 0 && <p className="personalize__note">Marque pelo menos uma operação.</p>}
      {operations.map((op) => (
        <fieldset
          key={op}
          className="personalize__operation"
          data-control={op}
          aria-describedby={messagesOf(kit, op).length ? errorId(kit, op) : undefined}
        >
          <legend>
            <span className="choice__sign" aria-hidden="true">
              {OPERATION_NAMES[op].sign}
            </span>
            {OPERATION_NAMES[op].label}
          </legend>
          <ControlError kit={kit} control={op} />
          <OperationSection {...section} op={op} />
        </fieldset>
      ))}

      <SheetSection {...section} answers={answers} />

      {sentence && (
        <p className="personalize__summary" aria-live="polite">
          <strong>Esta página terá:</strong> <span data-testid="sheet-sentence">{sentence}</span>
        </p>
      )}
    </fieldset>
  );
}
