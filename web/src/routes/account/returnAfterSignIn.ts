/**
 * Where a sign-in goes back to: the gabarito a sheet's QR code opened, which shows its answers only to
 * the account that bought the page. `/login?voltar=/gabarito/<code>` keeps the address for this tab, so it also
 * survives Google's sign-in in redirect mode (which leaves the site and comes back to /login/google). Only a
 * gabarito address is kept: the parameter never sends anyone elsewhere.
 */
const KEY = 'voltarAposEntrar';
export const RETURN_QUERY = 'voltar';
const RETURNABLE = /^\/gabarito\/[A-Za-z0-9_-]{1,64}$/;

/** The sign-in address that comes back to `path` afterwards. */
export const signInReturningTo = (path: string) => `/login?${RETURN_QUERY}=${encodeURIComponent(path)}`;

/** Called by the login screen's loader: remembers a returnable `voltar`, forgets any older one otherwise. */
export function rememberReturn(query: URLSearchParams): void {
  try {
    const path = query.get(RETURN_QUERY);
    if (path && RETURNABLE.test(path)) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the sign-in goes to its usual place.
  }
}

/** After a sign-in: the remembered address (once), or null for the usual place. */
export function takeReturn(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && RETURNABLE.test(path) ? path : null;
  } catch {
    return null;
  }
}
