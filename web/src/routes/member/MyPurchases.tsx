import { useState } from 'react';
import {
  Link,
  generatePath,
  redirect,
  useLoaderData,
  useNavigate,
  type LoaderFunctionArgs,
} from 'react-router';
import { getMyPages } from '@app/contracts';
import { formatDate } from '@app/contracts/format';
import { ApiError, api } from '../../api/client';
import { LevelBadge } from '../../components/LevelBadge';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { downloadBoughtPage, downloadBoughtSet } from './boughtPage';
import { setPrintingGuide, versionsCount } from './classSet';
import type { GenerateAgainState } from './ArithmeticExercises';
import { PageThumbnail } from './PageThumbnail';
import './pages.css';

/** The loader fetches the user's bought pages; a 401 signs the user out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const result = await api(getMyPages, { signal: request.signal });
  if (result.httpStatus === 401) throw redirect(paths.logout);
  if (result.status !== 'SUCCESS' || !result.payload) throw new ApiError(result.message, result.httpStatus);
  return result.payload;
}

export default function MyPurchases() {
  const pages = useLoaderData<typeof loader>();
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  /** A page's PDF, or a class set's one file (by the set's own code). */
  async function download(page: (typeof pages)[number]) {
    const { code, set } = page;
    setError(null);
    setDownloading(code);
    try {
      setError(await (set ? downloadBoughtSet(set.code, set.versions) : downloadBoughtPage(code)));
    } finally {
      setDownloading(null);
    }
  }

  return (
    <Page title="Minhas Compras">
      {pages.length === 0 ? (
        <p className="lead">
          Você ainda não comprou nenhuma página.{' '}
          <Link to={paths.exercises}>Gere sua primeira página de exercícios.</Link>
        </p>
      ) : (
        <p className="lead">Clique em uma página para baixar o PDF.</p>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <ul className="purchases">
        {pages.map((page, index) => (
          <PurchaseCard
            key={page.code}
            page={page}
            index={index}
            downloading={downloading === page.code}
            onDownload={() => void download(page)}
          />
        ))}
      </ul>
    </Page>
  );
}

type BoughtPage = Awaited<ReturnType<typeof loader>>[number];

/**
 * One bought page, or one class set as one card (its first version's preview and title, its count) and one file;
 * and "Gerar outra igual": the builder with its options (its custom ones included), generating a new page.
 */
function PurchaseCard({
  page,
  index,
  downloading,
  onDownload,
}: {
  page: BoughtPage;
  index: number;
  downloading: boolean;
  onDownload: () => void;
}) {
  const navigate = useNavigate();
  const created = formatDate(page.created_at);
  const set = page.set;
  const what = set ? `o conjunto de ${versionsCount(set.versions)}` : 'a página';
  return (
    <li className={set ? 'purchases__set' : undefined}>
      <button
        type="button"
        className="purchase"
        onClick={onDownload}
        disabled={downloading}
        aria-label={`Baixar ${what} ${page.title}, de ${created} (${index + 1})`}
      >
        <span className={set ? 'purchase__thumb purchase__thumb--set' : 'purchase__thumb'}>
          <PageThumbnail
            code={page.code}
            alt={
              set
                ? `Versão 1 do conjunto de ${versionsCount(set.versions)} de ${created}`
                : `Página de exercícios de ${created}`
            }
          />
        </span>
        {/* Its name (the teacher's title, else what it practises) and its level, then its code and the day. */}
        <span className="purchase__title">{page.title}</span>
        <span className="purchase__meta">
          <LevelBadge level={page.level} custom={page.options.custom !== undefined} />
          {/* Beside the badge, not over the sheet (its corner holds the QR code). */}
          {set && <span className="purchase__count">{versionsCount(set.versions)}</span>}
          <span className="purchase__date">{downloading ? 'Baixando…' : created}</span>
        </span>
        <code className="purchase__code">{page.code}</code>
      </button>
      <button
        type="button"
        className="button button--secondary button--compact purchase__again"
        aria-label={`Gerar outra igual ${set ? 'ao conjunto' : 'à página'} ${page.title}, de ${created} (${index + 1})`}
        onClick={() =>
          void navigate(paths.exercises, {
            state: (set
              ? { again: page.options, versions: set.versions }
              : { again: page.options }) satisfies GenerateAgainState,
          })
        }
      >
        Gerar outra igual
      </button>
      {/* Correção rápida: a set by its own code (every version in one grid), a page by its code. */}
      <Link
        className="button button--secondary button--compact purchase__correct"
        to={generatePath(paths.correction, { code: set ? set.code : page.code })}
        aria-label={`Corrigir ${set ? 'o conjunto' : 'a página'} ${page.title}, de ${created} (${index + 1})`}
      >
        Corrigir
      </Link>
      {set && <p className="purchase__guide">{setPrintingGuide(set.versions, page.options)}</p>}
    </li>
  );
}
