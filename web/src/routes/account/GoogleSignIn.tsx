import { useEffect, useRef, useState, type RefObject } from 'react';
import { clientConfig } from '../../api/clientConfig';
import { paths } from '../../paths';
import { googleNonce } from '../../session/googleRedirect';

export type ClientConfig = Awaited<ReturnType<typeof loadClientConfig>>;

/** The Google settings of this deployment (real client id, or the local stand-in in development and tests). */
export async function loadClientConfig() {
  const { googleClientId, devProvidersUrl } = await clientConfig();
  return { googleClientId, devProvidersUrl };
}

/** The message the stand-in's popup posts back, as Google Identity Services' popup does. */
interface DevCredentialMessage {
  type: 'dev-google-credential';
  credential: string;
}

interface GoogleIdentityServices {
  accounts: {
    id: {
      initialize(
        options:
          | {
              client_id: string;
              /** 'redirect': Google posts the credential as a form to login_uri (with its g_csrf_token cookie). */
              ux_mode: 'redirect';
              login_uri: string;
              /** Copied into the ID token: binds the sign-in to this tab (session/googleRedirect.ts). */
              nonce: string;
              locale?: string;
            }
          | {
              client_id: string;
              /** 'popup': Google hands the credential to the callback (a confirmation, not a sign-in). */
              ux_mode: 'popup';
              callback: (response: { credential: string }) => void;
              locale?: string;
            },
      ): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdentityServices;
  }
}

const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';

/**
 * 'Entrar com Google'. Sign-in goes through Google's redirect mode, as Google documents it: the button carries a
 * `nonce`, the SHA-256 of a secret this tab keeps (session/googleRedirect.ts); Google posts the credential (with its
 * g_csrf_token cookie and field) as a form to `login_uri` = /login/google on this site; the gateway checks the CSRF
 * token, gets a one-time code bound to the nonce from auth and sends the browser to /login/google#code=…, where this
 * tab redeems it with its secret (routes/public/LoginGoogle.ts), or to /login?erro=google (a session never travels in a
 * link). With the local stand-in (development and tests) the button goes to its sign-in page (it asks an
 * email and a name), which plays Google's part of the redirect.
 * With `onCredential` it signs nobody in: Google (or the stand-in's popup) hands the credential to it, to confirm an
 * action such as deleting the account.
 */
export function GoogleSignIn({
  config,
  onCredential,
}: {
  config: ClientConfig;
  onCredential?: (credential: string) => void;
}) {
  const [leaving, setLeaving] = useState(false);
  // Stable identity for the listeners below without re-subscribing on every render.
  const onCredentialRef = useRef(onCredential);
  onCredentialRef.current = onCredential;
  const popup = onCredential !== undefined;

  const devOrigin = config.devProvidersUrl ? new URL(config.devProvidersUrl).origin : null;
  useStandInCredential(devOrigin, popup, onCredentialRef);
  const clientId = devOrigin ? null : config.googleClientId;
  const buttonRef = useGoogleButton(clientId, popup, onCredentialRef);

  if (!devOrigin && !clientId) return null;
  const openStandIn = async () => {
    if (popup) {
      window.open(
        `${config.devProvidersUrl}/__dev/google/signin?origin=${encodeURIComponent(window.location.origin)}`,
        'google-dev-signin',
        'width=440,height=560',
      );
      return;
    }
    setLeaving(true);
    const loginUri = `${window.location.origin}${paths.loginGoogle}`;
    const query = new URLSearchParams({ login_uri: loginUri, nonce: await googleNonce() });
    window.location.assign(`${config.devProvidersUrl}/__dev/google/signin?${query}`);
  };
  return (
    <div className="google-signin">
      {devOrigin ? (
        <button
          type="button"
          className="button button--secondary button--block google-signin__dev"
          disabled={leaving}
          onClick={() => void openStandIn()}
        >
          <GoogleLogo />
          Entrar com Google (desenvolvimento)
        </button>
      ) : (
        <div ref={buttonRef} />
      )}
    </div>
  );
}

/** The local stand-in's popup hands its credential to this window by a message from its origin. */
function useStandInCredential(
  devOrigin: string | null,
  popup: boolean,
  onCredentialRef: RefObject<((credential: string) => void) | undefined>,
) {
  useEffect(() => {
    if (!devOrigin || !popup) return;
    const onMessage = (event: MessageEvent<DevCredentialMessage>) => {
      if (event.origin !== devOrigin || event.data?.type !== 'dev-google-credential') return;
      onCredentialRef.current?.(event.data.credential);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [devOrigin, popup, onCredentialRef]);
}

/** Google's own button, drawn by its script into the answered element (redirect mode, or a popup to confirm). */
function useGoogleButton(
  clientId: string | null | undefined,
  popup: boolean,
  onCredentialRef: RefObject<((credential: string) => void) | undefined>,
) {
  const buttonRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    const render = async () => {
      if (!window.google || !buttonRef.current) return;
      const nonce = popup ? null : await googleNonce();
      if (cancelled) return;
      window.google.accounts.id.initialize(
        nonce === null
          ? {
              client_id: clientId,
              ux_mode: 'popup',
              callback: ({ credential }) => onCredentialRef.current?.(credential),
              locale: 'pt-BR',
            }
          : {
              client_id: clientId,
              ux_mode: 'redirect',
              login_uri: `${window.location.origin}${paths.loginGoogle}`,
              nonce,
              locale: 'pt-BR',
            },
      );
      window.google.accounts.id.renderButton(buttonRef.current, {
        type: 'standard',
        theme: 'outline',
        size: 'large',
        text: 'signin_with',
        shape: 'pill',
        locale: 'pt-BR',
      });
    };
    if (window.google) {
      void render();
    } else {
      const script = document.createElement('script');
      script.src = GIS_SCRIPT;
      script.async = true;
      script.onload = () => void render();
      document.head.append(script);
    }
    return () => {
      cancelled = true;
    };
  }, [clientId, popup, onCredentialRef]);

  return buttonRef;
}

function GoogleLogo() {
  return (
    <svg className="google-signin__logo" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
