import { useId, useRef } from 'react';
import { Msg } from '@app/contracts';
import { setPreviewCaption } from '../classSet';
import { PreviewView, usePreview } from '../PageThumbnail';

/**
 * The generated page's preview, and a button that opens it large: a modal dialog with the image as big as
 * the screen allows; Esc, the close button or a click outside it closes it.
 */
export function BuilderPreview({ code, versions }: { code: string; versions: number }) {
  const preview = usePreview(code);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
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
              className="preview-dialog"
              aria-labelledby={titleId}
              onClick={(event) => {
                if (event.target === event.currentTarget) event.currentTarget.close();
              }}
            >
              <div className="preview-dialog__bar">
                <h2 id={titleId}>{Msg.previewDialogTitle}</h2>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => dialog.current?.close()}
                >
                  {Msg.previewClose}
                </button>
              </div>
              <img
                className="preview-dialog__image"
                src={preview.url}
                alt="Página gerada em tamanho grande"
              />
            </dialog>
          </>
        )}
      </div>
      {/* A class set previews its first version and says how many follow. */}
      {versions > 1 && <p className="set-caption">{setPreviewCaption(versions)}</p>}
    </>
  );
}
