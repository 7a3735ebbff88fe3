import type { CorrectionSheet } from '@app/contracts';
import { describeFound, type Diagnosis } from '@app/diagnosis';
import { childOf, contasText, rowLabel, unbroken } from './sheetText';

/**
 * Below the grid, sheet by sheet: each mistake found as a sentence with the child's own contas as evidence, then the
 * slips ("erro de cálculo") and the wrong answers nothing explains ("não identificado").
 */
export function DiagnosisDetails({
  sheets,
  diagnoses,
}: {
  sheets: readonly CorrectionSheet[];
  diagnoses: readonly Diagnosis[];
}) {
  const shown = sheets
    .map((sheet, i) => ({ sheet, d: diagnoses[i]! }))
    .filter(({ d }) => d.mistakes.length + d.slips.length + d.unexplained.length > 0);
  return (
    <section className="correction-details" aria-labelledby="correction-details-title">
      <h2 id="correction-details-title">Diagnóstico das folhas</h2>
      {shown.length === 0 ? (
        <p className="correction-details__none">
          Nenhum erro até agora. Os erros sistemáticos aparecem aqui quando se repetem em pelo menos duas
          contas.
        </p>
      ) : (
        shown.map(({ sheet, d }) => (
          <article key={sheet.n} className="correction-details__sheet">
            <h3>{rowLabel(sheet)}</h3>
            <FoundList sheet={sheet} diagnosis={d} />
          </article>
        ))
      )}
    </section>
  );
}

/**
 * A sheet's diagnosis as a list: each mistake in a sentence with the child's contas, the slips, the unexplained;
 * `none` (when given) says so first when no systematic mistake is found.
 */
export function FoundList({
  sheet,
  diagnosis: d,
  none,
}: {
  sheet: CorrectionSheet;
  diagnosis: Diagnosis;
  none?: string;
}) {
  return (
    <ul>
      {none !== undefined && d.mistakes.length === 0 && <li>{none}</li>}
      {d.mistakes.map((found, i) => (
        <li key={`m${i}`}>
          <strong>{found.name}.</strong> {unbroken(describeFound(found, childOf(sheet)))}.{' '}
          <span className="correction-details__evidence">Contas: {contasText(found.evidence)}.</span>
        </li>
      ))}
      {d.slips.length > 0 && (
        <li>
          <strong>Erro de cálculo:</strong> {contasText(d.slips)}.
        </li>
      )}
      {d.unexplained.length > 0 && (
        <li>
          <strong>Não identificado:</strong> {contasText(d.unexplained)}.
        </li>
      )}
    </ul>
  );
}
