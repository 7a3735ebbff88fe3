import { Outlet, ScrollRestoration, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { startupRoutes } from '@app/contracts/route-refs';
import { ApiError, api } from '../../api/client';
import { AppShell } from '../../components/AppShell';
import { loadCompany } from '../../company';
import { RouteError } from './RouteError';

/**
 * Every route sits under this one; it first loads the environment names for the banner, and alongside
 * them who runs the site and its support channels (footer, legal and support pages).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ httpStatus, ...env }, company] = await Promise.all([
    api(startupRoutes.getEnv, { signal: request.signal }),
    loadCompany(),
  ]);
  if (httpStatus !== 200)
    throw new ApiError(`Falha ao carregar o ambiente (HTTP ${httpStatus}).`, httpStatus);
  return { env, company };
}

/** The environment does not change while the app is open, so submissions need not reload it. */
export const shouldRevalidate = () => false;

export function RootLayout() {
  const { env } = useLoaderData<typeof loader>();
  return (
    <AppShell env={env}>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}

/** Shown while the first navigation loads. */
export function BootScreen() {
  return (
    <AppShell>
      <p className="loading">Carregando…</p>
    </AppShell>
  );
}

/** Errors of the root loader itself: there is no environment to show, the rest of the frame still works. */
export function RootErrorBoundary() {
  return (
    <AppShell>
      <RouteError />
    </AppShell>
  );
}
