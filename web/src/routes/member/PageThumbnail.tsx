import { useEffect, useState } from 'react';
import pRetry, { AbortError } from 'p-retry';
import { thumb } from '@app/contracts';
import { askAgainBackoff } from '../../api/askAgain';
import { ApiError, apiBlob } from '../../api/client';

export type Preview =
  { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string };

/** A 503: the page is still being rendered (or a service is briefly away); worth asking again. */
class NotYet extends Error {}

/**
 * The PNG preview of one of the user's pages, as an object URL. It needs the session header, so it is fetched rather
 * than linked. While the worker is still rendering, the server answers 503 after a short wait, and the preview asks
 * again, backing off (askAgainBackoff) so that a server that answers 503 at once is not hammered.
 */
export function usePreview(code: string): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setPreview({ state: 'loading' });
    void (async () => {
      try {
        const blob = await pRetry(
          async () => {
            const answer = await apiBlob(thumb, { query: { code }, signal: controller.signal });
            if (answer.ok) return answer.blob;
            if (answer.httpStatus === 503) throw new NotYet(answer.message);
            throw new AbortError(answer.message);
          },
          {
            ...askAgainBackoff,
            signal: controller.signal,
            // Also a network failure (ApiError with status 0): the connection may come back.
            shouldRetry: ({ error }) => error instanceof NotYet || error instanceof ApiError,
          },
        );
        url = URL.createObjectURL(blob);
        setPreview({ state: 'ready', url });
      } catch (error) {
        if (!controller.signal.aborted) setPreview({ state: 'failed', message: (error as Error).message });
      }
    })();
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [code]);
  return preview;
}

/** The preview of a page (Minhas Compras, the builder): the image, or why not yet. */
export function PageThumbnail({ code, alt }: { code: string; alt: string }) {
  return <PreviewView preview={usePreview(code)} alt={alt} />;
}

export function PreviewView({ preview, alt }: { preview: Preview; alt: string }) {
  if (preview.state === 'ready') return <img className="page-thumb" src={preview.url} alt={alt} />;
  if (preview.state === 'failed') {
    return (
      <div className="page-thumb page-thumb--empty" role="alert">
        {preview.message}
      </div>
    );
  }
  return (
    <div className="page-thumb page-thumb--empty" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      Gerando pré-visualização…
    </div>
  );
}
