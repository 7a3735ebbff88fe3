import { useId, type KeyboardEvent } from 'react';
import type { CorrectionSheet } from '@app/contracts';
import { asksRemainder, type Mark } from '@app/diagnosis';
import { moveFor, type GridShape, type Pos } from './gridNav';
import { columnHeader, contaLabel, inputLabel, MARK_TEXT, rowLabel } from './sheetText';
import { readingOf, type Part } from './typed';

/** What the grid shows of a row beside its inputs: each problem's mark, the score, the mistakes' names. */
export interface RowView {
  marks: Mark[];
  score: string;
  diagnosis: string[];
}

export interface GridProps {
  sheets: readonly CorrectionSheet[];
  rows: readonly RowView[];
  /** The cells show their own conta (a set's versions differ). */
  showConta: boolean;
  textIn: (version: number, problem: number, part: Part) => string;
  invalid: (version: number, problem: number) => boolean;
  /** The id of the message an invalid input points to. */
  invalidMessageId: string;
  onEdit: (version: number, problem: number, part: Part, text: string) => void;
  onBlank: (version: number, problem: number) => void;
  /** Whether a cell is em branco (its resto is passed by Enter and Tab). */
  isBlank: (version: number, problem: number) => boolean;
  /** Whether a cell was read from a photo and not yet confirmed ("lido da foto"). */
  isPhoto: (version: number, problem: number) => boolean;
}

const shapeOf = (sheets: readonly CorrectionSheet[]): GridShape =>
  sheets.map((s) => s.problems.map(asksRemainder));

/**
 * The correction grid: a row per sheet, a column per problem, then the row's score and diagnosis. The first column
 * and the header stay in view while the grid scrolls (a class of 30 by 20 problems, a phone's width).
 */
export function CorrectionGrid(props: GridProps) {
  const prefix = useId();
  const { sheets } = props;
  const columns = Math.max(...sheets.map((s) => s.problems.length));
  const shape = shapeOf(sheets);
  const idOf = (pos: Pos) => `${prefix}-${pos.row}-${pos.col}-${pos.part}`;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, pos: Pos) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === '-') {
      event.preventDefault();
      props.onBlank(sheets[pos.row]!.n, pos.col);
      return;
    }
    const to = moveFor(shape, pos, event, (row, col) => props.isBlank(sheets[row]!.n, col));
    if (!to) return;
    event.preventDefault();
    const input = document.getElementById(idOf(to)) as HTMLInputElement | null;
    input?.focus();
    input?.select();
  }

  return (
    <div className="correction__scroll" role="region" aria-label="Respostas dos alunos" tabIndex={-1}>
      <table className="correction-grid">
        <thead>
          <tr>
            <th scope="col" className="correction-grid__corner">
              Aluno
            </th>
            {Array.from({ length: columns }, (_, col) => (
              <th scope="col" key={col}>
                {columnHeader(sheets, col)}
              </th>
            ))}
            <th scope="col" className="correction-grid__score">
              Acertos
            </th>
            <th scope="col" className="correction-grid__diagnosis">
              Diagnóstico
            </th>
          </tr>
        </thead>
        <tbody>
          {sheets.map((sheet, row) => (
            <tr key={sheet.n}>
              <th scope="row">{rowLabel(sheet)}</th>
              {Array.from({ length: columns }, (_, col) => (
                <CellInputs key={col} {...props} row={row} col={col} idOf={idOf} onKeyDown={onKeyDown} />
              ))}
              <td className="correction-grid__score">{props.rows[row]!.score}</td>
              <td className="correction-grid__diagnosis">
                {props.rows[row]!.diagnosis.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One problem of one sheet: its input (a division's two), its conta when the cells show it, its mark. */
function CellInputs(
  props: GridProps & {
    row: number;
    col: number;
    idOf: (pos: Pos) => string;
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>, pos: Pos) => void;
  },
) {
  const { row, col } = props;
  const sheet = props.sheets[row]!;
  const problem = sheet.problems[col];
  if (!problem) return <td className="cell cell--none" />;
  const bad = props.invalid(sheet.n, col);
  const mark = props.rows[row]!.marks[col]!;
  const photo = props.isPhoto(sheet.n, col);
  const input = (part: Part) => (
    <input
      id={props.idOf({ row, col, part })}
      className={`cell__input cell__input--${part}`}
      type="text"
      inputMode={part === 'result' && readingOf(problem) ? 'decimal' : 'numeric'}
      autoComplete="off"
      spellCheck={false}
      aria-label={inputLabel(sheet, col, part)}
      aria-invalid={bad || undefined}
      aria-describedby={bad ? props.invalidMessageId : undefined}
      value={props.textIn(sheet.n, col, part)}
      onChange={(e) => props.onEdit(sheet.n, col, part, e.currentTarget.value)}
      onKeyDown={(e) => props.onKeyDown(e, { row, col, part })}
      onFocus={(e) => e.currentTarget.select()}
    />
  );
  return (
    <td className={`cell cell--${bad ? 'invalid' : mark}${photo ? ' cell--photo' : ''}`}>
      {props.showConta && !problem.word && <span className="cell__conta">{contaLabel(problem)}</span>}
      <span className="cell__inputs">
        {input('result')}
        {asksRemainder(problem) && (
          <>
            <span className="cell__r" aria-hidden="true">
              r
            </span>
            {input('remainder')}
          </>
        )}
      </span>
      <span className="cell__mark">{bad ? '⚠ inválido' : MARK_TEXT[mark]}</span>
      {photo && <span className="cell__photo">lido da foto</span>}
    </td>
  );
}
