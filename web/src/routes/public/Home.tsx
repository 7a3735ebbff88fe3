import { useState } from 'react';
import { Link } from 'react-router';
import { Msg } from '@app/contracts/messages';
import { saveBlob } from '../../api/client';
import { paths } from '../../paths';
import { useGlobalDispatch, useGlobalState } from '../../session/GlobalStateProvider';
import { globalActions } from '../../session/globalState';
import { markFreeSampleDownloaded } from '../../session/storage';
import { LevelBadge, levels } from '../../components/LevelBadge';
import './Home.css';

/** The 12 free samples (four a level), built into /samples/ at build time: `matematica_{facil,medio,dificil}_{1..4}`. */
const samples = levels.flatMap((level) =>
  [1, 2, 3, 4].map((n) => ({ id: `matematica_${level.slug}_${n}`, level, n })),
);
const sampleIds: ReadonlySet<string> = new Set(samples.map((s) => s.id));

/** Fetches a sample PDF and hands it to the browser; answers the error to show, if any. */
async function downloadSample(id: string): Promise<string | null> {
  if (!sampleIds.has(id)) return Msg.fileNotFound;
  let response: Response;
  try {
    response = await fetch(`/samples/${id}.pdf`);
  } catch {
    return Msg.fileDownloadFailed;
  }
  if (response.status === 404) return Msg.fileNotFound;
  if (!response.ok) return Msg.fileDownloadFailed;
  try {
    saveBlob(await response.blob(), `${id}.pdf`);
  } catch {
    return Msg.fileDownloadFailed;
  }
  return null;
}

export default function Home() {
  const { isLoggedIn, downloadFree } = useGlobalState();
  const dispatch = useGlobalDispatch();
  const [error, setError] = useState<string | null>(null);

  async function download(id: string) {
    setError(null);
    const failure = await downloadSample(id);
    if (failure) return setError(failure);
    markFreeSampleDownloaded();
    dispatch(globalActions.setDownloadFree(true));
  }

  return (
    <div className="home">
      <title>Exercícios de Matemática · Educação para o Futuro</title>
      <HomeSidebar isLoggedIn={isLoggedIn} downloadFree={downloadFree} />

      <section className="home__main card" aria-labelledby="free-downloads">
        <p className="info-bar">Apenas 0,50 cada página</p>
        <h2 id="free-downloads">Downloads gratuitos</h2>
        <p
          className={downloadFree ? 'home__prompt' : 'home__prompt home__prompt--pulsing'}
          data-testid="download-prompt"
        >
          Clique em uma imagem para baixar o PDF
        </p>
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <ul className="samples">
          {samples.map(({ id, level, n }) => (
            <li key={id}>
              <button
                type="button"
                className="sample"
                onClick={() => void download(id)}
                aria-label={`Baixar exercício ${level.name} ${n}`}
              >
                <img
                  src={`/samples/${id}.png`}
                  alt={`Folha de exercícios ${level.name} ${n}`}
                  width={397}
                  height={562}
                  loading="lazy"
                />
                <LevelBadge level={level.value} />
              </button>
            </li>
          ))}
        </ul>
        <p className="home__more">
          {/* A visitor is sent to sign in first, with a word on why (guards.ts); signed in, the builder opens. */}
          <Link to={paths.exercises} className="button">
            Adquira mais exercícios
          </Link>
        </p>
      </section>
    </div>
  );
}

/** Who the site is for, and the way in: to Minha Área when signed in, else sign-up (and sign-in). */
function HomeSidebar({ isLoggedIn, downloadFree }: { isLoggedIn: boolean; downloadFree: boolean }) {
  return (
    <aside className="home__sidebar card">
      <h1 className="home__headline">Educação para o Futuro</h1>
      <p className="lead">
        Folhas de exercícios de aritmética prontas para imprimir, do 1º ao 5º ano, com gabarito.
      </p>
      {isLoggedIn ? (
        <Link to={paths.exercises} className="button button--block">
          Ir para Minha Área
        </Link>
      ) : (
        <>
          <Link
            to={paths.signup}
            className={
              downloadFree
                ? 'button button--accent button--block home__cta home__cta--animated'
                : 'button button--accent button--block home__cta'
            }
          >
            Cadastre-se agora
          </Link>
          <p className="home__login">
            <Link to={paths.login}>Já possui uma conta? Entre aqui</Link>
          </p>
        </>
      )}
    </aside>
  );
}
