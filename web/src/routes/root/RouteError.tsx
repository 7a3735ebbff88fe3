import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../api/client';
import { ProblemPage } from '../../components/ProblemPage';
import { NotFound } from './NotFound';

/** The router's error screen: a thrown 404 is a missing page, anything else a friendly failure with its detail. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound detail={describeError(error)} />;
  return (
    <ProblemPage
      art="Ops!"
      title="Algo deu errado"
      text="Não foi possível carregar esta página. Verifique sua conexão e tente novamente em instantes."
      detail={describeError(error)}
      actions={
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          Tentar novamente
        </button>
      }
    />
  );
}

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' && error.data ? ` (${error.data})` : '';
    return `${error.status} ${error.statusText}${data}`.trim();
  }
  if (error instanceof ApiError && error.httpStatus > 0) return `${error.message} (HTTP ${error.httpStatus})`;
  if (error instanceof Error) return error.message;
  return String(error);
}
