import { useEffect, useState } from 'react';
import { STUDENT_NAME_MAX } from '@app/contracts';
import { childLabel, moveChild, removeChild, renameChild, type DraftChild } from './editor';

type Control = 'name' | 'up' | 'down' | 'remove';

/** The id of a child's field or button: `${prefix}-${child id}-${control}` (the form finds a child's field by it). */
export const controlId = (prefix: string, childId: string, control: Control) =>
  `${prefix}-${childId}-${control}`;

/**
 * 'Editar': the turma's children in order, each a field to rename it, ↑ ↓ to move it and 'Remover'. The list's order
 * is the turma's. After a move the cursor stays on the button pressed, in the child's new place; after a removal it
 * goes to the next child's field (else the one before, else `afterId`, the field after the list), so a keyboard
 * never loses its place.
 */
export function StudentList({
  idPrefix,
  items,
  onChange,
  invalidIndex,
  errorId,
  afterId,
}: {
  idPrefix: string;
  items: DraftChild[];
  onChange: (items: DraftChild[]) => void;
  /** The child a refusal is about (aria-invalid, described by the refusal), or null. */
  invalidIndex: number | null;
  errorId: string;
  afterId: string;
}) {
  // The element to focus once the list has been drawn again.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const move = (index: number, delta: -1 | 1) => {
    const to = index + delta;
    if (to < 0 || to >= items.length) return;
    onChange(moveChild(items, index, delta));
    setFocusId(controlId(idPrefix, items[index]!.id, delta < 0 ? 'up' : 'down'));
  };
  const remove = (index: number) => {
    const next = items[index + 1] ?? items[index - 1];
    onChange(removeChild(items, index));
    setFocusId(next ? controlId(idPrefix, next.id, 'name') : afterId);
  };

  return (
    <ol className="turma-students">
      {items.map((child, index) => (
        <StudentRow
          key={child.id}
          id={(control) => controlId(idPrefix, child.id, control)}
          child={child}
          index={index}
          last={index === items.length - 1}
          invalid={invalidIndex === index}
          errorId={errorId}
          onRename={(name) => onChange(renameChild(items, index, name))}
          onMove={(delta) => move(index, delta)}
          onRemove={() => remove(index)}
        />
      ))}
    </ol>
  );
}

function StudentRow(props: {
  id: (control: Control) => string;
  child: DraftChild;
  index: number;
  last: boolean;
  invalid: boolean;
  errorId: string;
  onRename: (name: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { id, child, index, invalid } = props;
  const label = childLabel(child, index);
  return (
    <li className="turma-student">
      <span className="turma-student__place" aria-hidden="true">
        {index + 1}.
      </span>
      <input
        id={id('name')}
        type="text"
        className="turma-student__name"
        aria-label={`Nome do aluno ${index + 1}`}
        value={child.name}
        maxLength={STUDENT_NAME_MAX}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? props.errorId : undefined}
        onChange={(e) => props.onRename(e.target.value)}
      />
      <span className="turma-student__buttons">
        <MoveButton
          id={id('up')}
          label={`Subir ${label}`}
          title="Subir"
          symbol="↑"
          atEdge={index === 0}
          onClick={() => props.onMove(-1)}
        />
        <MoveButton
          id={id('down')}
          label={`Descer ${label}`}
          title="Descer"
          symbol="↓"
          atEdge={props.last}
          onClick={() => props.onMove(1)}
        />
        <button
          id={id('remove')}
          type="button"
          className="button button--secondary button--compact turma-student__remove"
          aria-label={`Remover ${label}`}
          onClick={props.onRemove}
        >
          Remover
        </button>
      </span>
    </li>
  );
}

/**
 * ↑ or ↓. At the list's edge it says it cannot move (aria-disabled) but keeps its place in the tab order, so the
 * cursor that just moved a child to the top is not thrown out of the list.
 */
function MoveButton(props: {
  id: string;
  label: string;
  title: string;
  symbol: string;
  atEdge: boolean;
  onClick: () => void;
}) {
  return (
    <button
      id={props.id}
      type="button"
      className="button button--secondary button--compact turma-student__move"
      aria-label={props.label}
      title={props.title}
      aria-disabled={props.atEdge || undefined}
      onClick={props.onClick}
    >
      <span aria-hidden="true">{props.symbol}</span>
    </button>
  );
}
