import { setProgressText, type SetProgressValue } from './classSet';

/**
 * The printing of a class set while it is bought: 'Gerando versão 12 de 30', then 'Montando o arquivo…',
 * as words and as a bar that a screen reader reads (role progressbar, the versions done of the total).
 */
export function SetProgressBar({ progress }: { progress: SetProgressValue }) {
  const text = setProgressText(progress);
  const done = Math.min(progress.done, progress.total);
  // The last stretch of the bar is the assembly: full only with the file made.
  const percent = progress.ready ? 100 : Math.round((done / progress.total) * 95);
  return (
    <div className="set-progress" data-message>
      <p className="set-progress__text" aria-hidden="true">
        <span className="spinner spinner--small" aria-hidden="true" />
        {text}
      </p>
      <div
        className="set-progress__track"
        role="progressbar"
        aria-label="Progresso do conjunto"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={done}
        aria-valuetext={text}
      >
        <div className="set-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
