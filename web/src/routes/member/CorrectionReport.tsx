import { useMemo, useState } from 'react';
import { Link, generatePath, useLoaderData } from 'react-router';
import type { Correction as CorrectionData } from '@app/contracts';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { CorrectionRefused, loader } from './Correction';
import { FoundList } from './correction/DiagnosisDetails';
import { mergeCells } from './correction/merge';
import { ProgressSection } from './correction/ProgressSection';
import { ReforcoPanel } from './correction/ReforcoPanel';
import { SKILL_BELOW_LABEL, skillCountText, skillLines } from './correction/skills';
import {
  averageText,
  barShare,
  childScoreText,
  classReport,
  correctedText,
  countText,
  dateText,
  namesText,
  type ChildReport,
  type ClassReport,
} from './correction/report';
import { localCellStore } from './correction/saveQueue';
import { rowLabel } from './correction/sheetText';
import './correction/report.css';

/** The same answer as Correção rápida's: the sheets and their cells; a 401 signs out, a refusal is shown. */
export { loader };

const TITLE = 'Relatório da turma';

/**
 * "Relatório da turma": the correction summed up for the coordinator, to read on screen or print (A4, black on
 * white, report.css): the class's average, each mistake with the children who show it, each child's score and
 * mistakes with the child's own contas, the sheets not corrected yet, and for a set made for a turma the turma's
 * progress over the period.
 */
export default function CorrectionReportScreen() {
  const data = useLoaderData<typeof loader>();
  if (!data.correction) return <CorrectionRefused title={TITLE} message={data.message} />;
  return <ReportBody key={data.correction.code} correction={data.correction} />;
}

function ReportBody({ correction }: { correction: CorrectionData }) {
  // What the grid shows: the server's cells, and over them those this browser typed later and has still to send.
  const [cells] = useState(() => mergeCells(correction.cells, localCellStore(correction.code).read()).cells);
  const [today] = useState(() => Date.now());
  const report = useMemo(() => classReport(correction.sheets, cells), [correction.sheets, cells]);
  return (
    <Page title={TITLE} className="report">
      <p className="lead report__title">{correction.title}</p>
      <ul className="report__facts">
        <li>{dateText(today)}</li>
        <li>{correctedText(report)}</li>
        <li>{averageText(report) ?? 'Nenhuma folha corrigida ainda.'}</li>
      </ul>
      <div className="report__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          Imprimir relatório
        </button>
        <Link
          to={generatePath(paths.correction, { code: correction.code })}
          className="button button--secondary"
        >
          Voltar à correção
        </Link>
      </div>
      <ByMistake report={report} />
      <BySkill report={report} />
      <ByChild report={report} />
      {correction.turmaId && <ProgressSection turmaId={correction.turmaId} />}
      <ReforcoPanel code={correction.code} report={report} />
    </Page>
  );
}

/** "Por erro": each mistake with how many children show it (in words and as a bar) and who. */
function ByMistake({ report }: { report: ClassReport }) {
  const of = report.corrected.length;
  return (
    <section className="report-section" aria-labelledby="report-errors-title">
      <h2 id="report-errors-title">Por erro</h2>
      {report.errors.length === 0 ? (
        <p className="report__none">
          {of === 0 ? 'Nenhuma folha corrigida ainda.' : 'Nenhum erro nas folhas corrigidas.'}
        </p>
      ) : (
        <ul className="report-errors">
          {report.errors.map((line) => (
            <li key={line.name} className={`report-error report-error--${line.kind}`}>
              <span className="report-error__name">{line.name}</span>{' '}
              <span className="report-error__count">
                {/* The bar repeats the count written beside it: only the words are read out. */}
                <span className="report-bar" aria-hidden="true">
                  <span className="report-bar__fill" style={{ width: `${barShare(line, of)}%` }} />
                </span>
                <strong>{countText(line, of)}:</strong>
              </span>{' '}
              <span className="report-error__who">{namesText(line.children)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Por habilidade da BNCC": each skill the sheets print, how many children reached it (words and a bar), who not. */
function BySkill({ report }: { report: ClassReport }) {
  const lines = skillLines(report);
  if (lines.length === 0) return null;
  return (
    <section className="report-section" aria-labelledby="report-skills-title">
      <h2 id="report-skills-title">Por habilidade da BNCC</h2>
      <ul className="report-errors">
        {lines.map((line) => (
          <li key={line.code} className="report-error report-error--skill">
            <span className="report-error__name">
              {line.code} · {line.what}
            </span>{' '}
            <span className="report-error__count">
              <span className="report-bar" aria-hidden="true">
                <span
                  className="report-bar__fill"
                  style={{ width: `${Math.round((100 * line.reached.length) / line.of)}%` }}
                />
              </span>
              <strong>{skillCountText(line)}</strong>
            </span>{' '}
            {line.below.length > 0 && (
              <span className="report-error__who">
                {SKILL_BELOW_LABEL} {namesText(line.below)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Por aluno": a block per child corrected, then the sheets with nothing typed. */
function ByChild({ report }: { report: ClassReport }) {
  return (
    <section className="report-section" aria-labelledby="report-children-title">
      <h2 id="report-children-title">Por aluno</h2>
      {report.corrected.map((child) => (
        <ChildBlock key={child.sheet.n} child={child} />
      ))}
      {report.pending.length > 0 && (
        <article className="report-child report-child--pending" aria-labelledby="report-pending-title">
          <h3 id="report-pending-title">Ainda não corrigido</h3>
          <ul>
            {report.pending.map((sheet) => (
              <li key={sheet.n}>{rowLabel(sheet)}</li>
            ))}
          </ul>
        </article>
      )}
    </section>
  );
}

function ChildBlock({ child }: { child: ChildReport }) {
  const id = `report-child-${child.sheet.n}`;
  return (
    <article className="report-child" aria-labelledby={id}>
      <h3 id={id}>{rowLabel(child.sheet)}</h3>
      <p className="report-child__score">{childScoreText(child.score)}</p>
      <FoundList sheet={child.sheet} diagnosis={child.diagnosis} none="Nenhum erro sistemático." />
    </article>
  );
}
