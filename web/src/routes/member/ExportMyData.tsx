import { useState } from 'react';
import { useNavigate } from 'react-router';
import { exportMyData, Msg } from '@app/contracts';
import { formatFileDate } from '@app/contracts/format';
import { api, saveBlob } from '../../api/client';
import { paths } from '../../paths';
import { MemberDataSection } from './MemberDataSection';

type State =
  { state: 'idle' } | { state: 'exporting' } | { state: 'done' } | { state: 'failed'; message: string };

/** `meus-dados-DD-MM-YYYY.json`, dated in São Paulo time. */
export const exportFileName = (at: Date) => `meus-dados-${formatFileDate(at.toISOString())}.json`;

/** Meus Dados: download everything the site holds about the member as a JSON file (the LGPD's right of access). */
export function ExportMyData() {
  const [status, setStatus] = useState<State>({ state: 'idle' });
  const navigate = useNavigate();

  async function download() {
    setStatus({ state: 'exporting' });
    try {
      const result = await api(exportMyData);
      if (result.httpStatus === 401) return void navigate(paths.logout);
      if (result.status !== 'SUCCESS' || !result.payload) {
        setStatus({ state: 'failed', message: result.message || Msg.myDataExportFailed });
        return;
      }
      const json = JSON.stringify(result.payload, null, 2);
      saveBlob(new Blob([json], { type: 'application/json' }), exportFileName(new Date()));
      setStatus({ state: 'done' });
    } catch {
      setStatus({ state: 'failed', message: Msg.myDataExportFailed });
    }
  }

  return (
    <MemberDataSection id="export-my-data" title={Msg.myDataExportTitle} intro={Msg.myDataExportIntro}>
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={() => void download()}
        disabled={status.state === 'exporting'}
      >
        {status.state === 'exporting' ? Msg.myDataExporting : Msg.myDataExportButton}
      </button>
      {status.state === 'done' && (
        <p role="status" className="alert alert--success">
          {Msg.myDataExported}
        </p>
      )}
      {status.state === 'failed' && (
        <p role="alert" className="alert alert--error">
          {status.message}
        </p>
      )}
    </MemberDataSection>
  );
}
