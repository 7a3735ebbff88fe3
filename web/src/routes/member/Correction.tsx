import { useEffect, useId, useMemo } from 'react';
import {
  Link,
  generatePath,
  redirect,
  useLoaderData,
  useParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { getCorrection, Msg, type Correction as CorrectionData } from '@app/contracts';
import { asksRemainder, diagnoseSheet, markOf, scoreOf } from '@app/diagnosis';
import { ApiError, api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { CorrectionGrid, type RowView } from './correction/CorrectionGrid';
import { DiagnosisDetails } from './correction/DiagnosisDetails';
import type { QueueStatus } from './correction/saveQueue';
import {
  cellsShowConta,
  decimalHelp,
  inputLabel,
  rowDiagnosis,
  scoreText,
  summaryText,
} from './correction/sheetText';
import { cellKey } from './correction/typed';
import { useCorrectionCells } from './correction/useCorrectionCells';
import { PhotoCorrection } from './correction/photo/PhotoCorrection';
import './correction/correction.css';

/** The status line under the summary: what became of what was typed. */
export const SAVE_STATUS = {
  saved: 'Todas as respostas salvas.',
  saving: 'Salvando…',
  offline: 'Sem conexão: as respostas ficam guardadas neste navegador e serão enviadas assim que possível.',
} as const;

/** The sheets of a bought page or class set and what was typed so far; a 401 signs out, a refusal is shown. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const result = await api(getCorrection, { query: { code: params.code ?? '' }, signal: request.signal });
  if (result.httpStatus === 401) throw redirect(paths.logout);
  if (result.status === 'SUCCESS' && result.payload) return { correction: result.payload };
  if (result.httpStatus >= 500) throw new ApiError(result.message, result.httpStatus);
  return { message: result.message || Msg.correctionNotFound };
}

/**
 * Correção rápida: the teacher types what each child wrote on a printed sheet (a bought page, or each version of a
 * class set) and sees at once each answer right or wrong, each child's score and the systematic mistake behind the
 * wrong answers. Every change is saved as it is typed (kept in the browser until the server has it).
 */
export default function CorrectionScreen() {
  const data = useLoaderData<typeof loader>();
  if (!data.correction) return <CorrectionRefused title="Correção rápida" message={data.message} />;
  return <CorrectionBody key={data.correction.code} correction={data.correction} />;
}

/** A sheet that cannot be corrected (not a bought one of the member's): the server's message, and the way back. */
export function CorrectionRefused({ title, message }: { title: string; message: string }) {
  return (
    <Page title={title}>
      <p className="alert alert--error" role="alert">
        {message}
      </p>
      <p>
        <Link to={paths.myPurchases}>Voltar para Minhas Compras</Link>
      </p>
    </Page>
  );
}

function CorrectionBody({ correction }: { correction: CorrectionData }) {
  const invalidMessageId = useId();
  const { cells, status, textIn, edit, markBlank, invalid, refusal, putFromPhoto, confirmPhoto, answer } =
    useCorrectionCells(correction);
  const { sheets } = correction;
  useOpenedSheet(sheets);

  const rows = useMemo(
    () =>
      sheets.map((sheet) => {
        const typed = sheet.problems.map((_, i) => cells.get(cellKey(sheet.n, i)));
        return {
          marks: sheet.problems.map((p, i) => markOf(p, typed[i])),
          score: scoreOf(sheet.problems, typed),
          diagnosis: diagnoseSheet(sheet.problems, typed),
        };
      }),
    [cells, sheets],
  );
  const views: RowView[] = rows.map((r) => ({
    marks: r.marks,
    score: scoreText(r.score),
    diagnosis: rowDiagnosis(r.diagnosis),
  }));
  const firstInvalid = sheets
    .flatMap((sheet) => sheet.problems.map((_, col) => ({ sheet, col })))
    .find(({ sheet, col }) => invalid(sheet.n, col));

  return (
    <Page title="Correção rápida" className="correction">
      <p className="lead correction__title">{correction.title}</p>
      <p className="correction__help">
        Digite o que cada aluno escreveu. <kbd>Enter</kbd> ou <kbd>Tab</kbd> vai para a próxima conta,{' '}
        <kbd>↑</kbd> <kbd>↓</kbd> para a mesma conta de outro aluno; <kbd>-</kbd> marca “em branco”.
        {sheets.some((sheet) => sheet.problems.some(asksRemainder)) &&
          ' Na divisão, o resto pode ficar vazio quando a conta é exata.'}
        {decimalHelp(sheets)}
      </p>
      <p className="correction__summary">{summaryText(rows.map((r) => r.score))}</p>
      <p className="correction__report">
        <Link to={generatePath(paths.correctionReport, { code: correction.code })}>
          Ver relatório para imprimir
        </Link>
      </p>
      <SaveStatusLine status={status} />
      <PhotoCorrection
        correction={correction}
        putFromPhoto={putFromPhoto}
        confirmPhoto={confirmPhoto}
        answer={answer}
        unconfirmed={[...new Set([...cells.values()].filter((c) => c.photo).map((c) => c.version))].sort(
          (a, b) => a - b,
        )}
      />
      {firstInvalid && (
        <p className="alert alert--error correction__invalid" role="alert" id={invalidMessageId}>
          {inputLabel(firstInvalid.sheet, firstInvalid.col, 'result')}:{' '}
          {refusal(firstInvalid.sheet.n, firstInvalid.col)}
        </p>
      )}
      <CorrectionGrid
        sheets={sheets}
        rows={views}
        showConta={cellsShowConta(sheets)}
        textIn={textIn}
        invalid={invalid}
        invalidMessageId={invalidMessageId}
        onEdit={edit}
        onBlank={markBlank}
        isBlank={(version, problem) => cells.get(cellKey(version, problem))?.blank === true}
        isPhoto={(version, problem) => cells.get(cellKey(version, problem))?.photo === true}
      />
      <DiagnosisDetails sheets={sheets} diagnoses={rows.map((r) => r.diagnosis)} />
      <p>
        <Link to={paths.myPurchases}>Voltar para Minhas Compras</Link>
      </p>
    </Page>
  );
}

/** 'Todas as respostas salvas.', 'Salvando…' or 'Sem conexão…' (role=status); a refusal as an alert. */
function SaveStatusLine({ status }: { status: QueueStatus }) {
  const text = status.offline ? SAVE_STATUS.offline : status.saving ? SAVE_STATUS.saving : SAVE_STATUS.saved;
  return (
    <>
      <p
        role="status"
        className={status.offline ? 'correction__status correction__status--offline' : 'correction__status'}
      >
        {text}
      </p>
      {status.refused && (
        <p className="alert alert--error" role="alert">
          {status.refused}
        </p>
      )}
    </>
  );
}

/**
 * A version's own code (its sheet's QR code, through the gabarito's 'Corrigir esta folha') opens its set: that
 * child's first answer takes the focus, in view, so the teacher types that sheet from her phone.
 */
function useOpenedSheet(sheets: CorrectionData['sheets']) {
  const asked = useParams().code;
  useEffect(() => {
    const sheet = sheets.find((s) => s.code === asked);
    if (!sheet || sheets.length < 2) return;
    const label = inputLabel(sheet, 0, 'result');
    const input = [...document.querySelectorAll('input')].find((i) => i.getAttribute('aria-label') === label);
    input?.scrollIntoView({ block: 'center' });
    input?.focus({ preventScroll: true });
  }, [asked, sheets]);
}
