import { useEffect, useState } from 'react';
import { thumb } from '@app/contracts';
import { apiBlob } from '../../api/client';

type Preview = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string };

/**
 * The PNG preview of one of the user's pages. It needs the session header, so it is fetched rather than linked.
 * While the worker is still rendering, the server answers 503 after a short wait, and the preview asks again.
 */
export function PageThumbnail({ code, alt }: { code: string; alt: string }) {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setPreview({ state: 'loading' });
    void (async () => {
      try {
        for (;;) {
          const answer = await apiBlob(thumb, { query: { code }, signal: controller.signal });
          if (answer.ok) {
            url = URL.createObjectURL(answer.blob);
            return setPreview({ state: 'ready', url });
          }
          if (answer.httpStatus !== 503) return setPreview({ state: 'failed', message: answer.message });
        }
      } catch (error) {
        if (!controller.signal.aborted) setPreview({ state: 'failed', message: (error as Error).message });
      }
    })();
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [code]);

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
