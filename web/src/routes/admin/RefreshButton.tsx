import { useRevalidator } from 'react-router';

/** Reloads the screen's data through its loader (a failure shows the error screen, like the first load). */
export function RefreshButton() {
  const revalidator = useRevalidator();
  const busy = revalidator.state === 'loading';
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={() => void revalidator.revalidate()}
      disabled={busy}
    >
      {busy ? 'Atualizando...' : 'Atualizar'}
    </button>
  );
}
