import { useId, useRef, useState } from 'react';
import { Msg } from '@app/contracts';
import { setPreviewCaption } from '../classSet';
import { PreviewView, usePreview } from '../PageThumbnail';
import { turmaSetSummary } from './turmaSet';
import './turmaSet.css';

/**
 * The generated page's preview, and a button that opens it large: a modal dialog with the whole sheet as big as
 * the screen allows (a phone's whole width), and 'Aproximar' for the sheet at print size, panned (a problem's words
 * as large as on paper); Esc, the close button or a click outside it closes it.
 */
export function BuilderPreview({
  code,
  versions,
  turmaName,
}: {
  code: string;
  versions: number;
  /** A set made for a turma: its name. */
  turmaName?: string | undefined;
}) {
  const preview = usePreview(code);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [zoomed, setZoomed] = useState(false);
  return (
    <>
      <div className="preview-frame">
        <PreviewView
          preview={preview}
          alt={
            versions > 1 ? `Pré-visualização da versão 1 de ${versions}` : 'Pré-visualização da página gerada'
          }
        />
        {preview.state === 'ready' && (
          <>
            <button type="button" className="preview-zoom" onClick={() => dialog.current?.showModal()}>
              <span aria-hidden="true">⤢</span> {Msg.previewEnlarge}
            </button>
            <dialog
              ref={dialog}
              className={zoomed ? 'preview-dialog preview-dialog--zoomed' : 'preview-dialog'}
              aria-labelledby={titleId}
              onClose={() => setZoomed(false)}
              onClick={(event) => {
                if (event.target === event.currentTarget) event.currentTarget.close();
              }}
            >
              <div className="preview-dialog__bar">
                <h2 id={titleId}>{Msg.previewDialogTitle}</h2>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-pressed={zoomed}
                  onClick={() => setZoomed(!zoomed)}
                >
                  {zoomed ? Msg.previewZoomOut : Msg.previewZoomIn}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => dialog.current?.close()}
                >
                  {Msg.previewClose}
                </button>
              </div>
              <div className="preview-dialog__scroll">
                <img
                  className="preview-dialog__image"
                  src={preview.url}
                  alt="Página gerada em tamanho grande"
                />
              </div>
            </dialog>
          </>
        )}
      </div>
      {/* A class set previews its first version and says how many follow (and, made for a turma, for whom). */}
      {versions > 1 && <p className="set-caption">{setPreviewCaption(versions)}</p>}
      {versions > 1 && turmaName && (
        <p className="set-caption set-caption--turma">{turmaSetSummary(versions, turmaName)}</p>
      )}
    </>
  );
}
