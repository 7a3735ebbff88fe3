import { useId, useState } from 'react';
import type { TurmaProgress } from '@app/contracts';
import { formatDate } from '@app/contracts/format';
import {
  DEFAULT_PERIOD,
  PERIODS,
  evolutionText,
  olderText,
  overcome,
  periodSince,
  periodText,
  scoreCell,
  sheetDay,
  trendText,
  type Period,
} from './progress';
import { useTurmaProgress } from './useTurmaProgress';

/**
 * "Progresso no período": the turma's sheets corrected in a period (a bimestre, a trimestre…), a column each, with
 * each child's score and how it went, then each child's mistakes sheet by sheet: which stay, which are behind them.
 */
export function ProgressSection({ turmaId }: { turmaId: string }) {
  const selectId = useId();
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const [now] = useState(() => new Date());
  const since = periodSince(period, now);
  const { value, retry } = useTurmaProgress(turmaId, since);
  return (
    <section className="report-section report-progress" aria-labelledby="report-progress-title">
      <h2 id="report-progress-title">Progresso no período</h2>
      <div className="report-progress__period">
        <label htmlFor={selectId}>Período</label>
        <select id={selectId} value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
        <span className="report-progress__since">{periodText(since)}</span>
      </div>
      {value.state === 'loading' && (
        <p className="report__none" role="status">
          Carregando o progresso…
        </p>
      )}
      {value.state === 'failed' && (
        <p className="alert alert--error" role="alert">
          {value.message}{' '}
          <button type="button" className="button button--secondary" onClick={retry}>
            Tentar de novo
          </button>
        </p>
      )}
      {value.state === 'ready' && <ProgressBody progress={value.progress} />}
    </section>
  );
}

/** With one sheet in the period, its mistakes are the report's own ("Por aluno"): there is no "over time" yet. */
export const ONE_SHEET =
  'Com uma só folha corrigida no período, os erros são os de "Por aluno"; a evolução aparece a partir da segunda.';

function ProgressBody({ progress }: { progress: TurmaProgress }) {
  const { sheets, children } = progress;
  if (sheets.length === 0)
    return <p className="report__none">Nenhuma folha da turma {progress.turma} foi corrigida no período.</p>;
  const older = olderText(progress);
  const withTrends = children.filter((c) => c.trends.length > 0);
  return (
    <>
      <p>
        Acertos de cada criança nas folhas da turma {progress.turma} corrigidas no período, da mais antiga à
        mais recente.{older ? ` ${older}` : ''}
      </p>
      <div className="report-progress__scroll" tabIndex={0} aria-label="Tabela de acertos por folha">
        <table className="report-progress__table">
          <thead>
            <tr>
              <th scope="col">Criança</th>
              {sheets.map((sheet) => (
                <th key={sheet.code} scope="col">
                  <abbr title={`${sheet.title}, comprada em ${formatDate(sheet.boughtAt)}`}>
                    {sheetDay(sheet.boughtAt)}
                  </abbr>
                </th>
              ))}
              <th scope="col">Evolução</th>
            </tr>
          </thead>
          <tbody>
            {children.map((child, i) => (
              <tr key={i}>
                <th scope="row">{child.name}</th>
                {child.scores.map((score, j) => (
                  <td key={sheets[j]!.code}>{scoreCell(score)}</td>
                ))}
                <td>{evolutionText(child.scores)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="report-progress__subtitle">Erros ao longo do período</h3>
      {sheets.length === 1 ? (
        <p className="report__none">{ONE_SHEET}</p>
      ) : withTrends.length === 0 ? (
        <p className="report__none">Nenhum erro sistemático nas folhas do período.</p>
      ) : (
        <ul className="report-progress__trends">
          {withTrends.map((child, i) => (
            <li key={i}>
              <strong>{child.name}</strong>
              <ul>
                {child.trends.map((trend) => (
                  <li
                    key={trend.name}
                    className={overcome(trend) ? 'report-progress__trend--overcome' : undefined}
                  >
                    {trendText(trend, sheets)}
                    {overcome(trend) && <span className="report-progress__tag"> Superado.</span>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
