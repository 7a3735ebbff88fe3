import { Link, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Page } from '../../components/Page';
import { getUser, Msg, type SignInSession } from '@app/contracts';
import { api } from '../../api/client';
import { paths } from '../../paths';
import { useGlobalDispatch } from '../../session/GlobalStateProvider';
import { globalActions } from '../../session/globalState';
import { getStoredToken, saveSession } from '../../session/storage';
import { landingFor, signIn } from './session';

export interface Account {
  email: string;
  fullname: string;
}

/**
 * The account this browser is signed in to, as the server names it for the stored token (not what storage says);
 * null when there is no session or the server no longer accepts it.
 */
export async function currentAccount(signal?: AbortSignal): Promise<Account | null> {
  if (!getStoredToken()) return null;
  const result = await api(getUser, signal ? { signal } : {});
  if (result.status !== 'SUCCESS' || !result.payload) return null;
  return { email: result.payload.email, fullname: result.payload.fullname };
}

/**
 * Whether taking `next` would replace another account's session: then the screen asks first (a link never
 * replaces a session silently). The same account signing in again replaces nothing.
 */
export const replacesAnother = (current: Account | null, next: Account): current is Account =>
  current !== null && current.email.toLowerCase() !== next.email.toLowerCase();

/** Stores a session the user chose and tells the header and the sidebar; then goes to `to`. */
export function useAdoptSession() {
  const dispatch = useGlobalDispatch();
  const navigate = useNavigate();
  return (session: SignInSession, to: 'exercises' | 'byRole') => {
    saveSession(session);
    dispatch(globalActions.setLoggedIn(true));
    dispatch(globalActions.refreshUserData());
    void navigate(to === 'byRole' ? landingFor(session) : paths.exercises);
  };
}

/**
 * 'Você está conectado como …': a link (Google's return, an activation, an emailed sign-in link) would sign this
 * browser in to another account. Nothing changes until the user chooses: leave the current account for the new one,
 * or keep the current one.
 */
export function SessionSwitch({
  current,
  next,
  onContinue,
  onKeep,
}: {
  current: Account;
  next: Account;
  onContinue: () => void;
  onKeep: () => void;
}) {
  return (
    <section className="alert session-switch" aria-labelledby="session-switch-title">
      <h2 id="session-switch-title">{Msg.sessionSwitchTitle}</h2>
      <p>{Msg.sessionSwitchCurrent(current.fullname, current.email)}</p>
      <p>{Msg.sessionSwitchNext(next.email)}</p>
      <div className="session-switch__actions">
        <button type="button" className="button button--block" onClick={onKeep}>
          {Msg.sessionSwitchKeep(current.email)}
        </button>
        <button type="button" className="button button--secondary button--block" onClick={onContinue}>
          {Msg.sessionSwitchContinue(next.email)}
        </button>
      </div>
    </section>
  );
}

/** What a link that signs in (Google's return, an emailed sign-in link) shows when it does not go straight in. */
export type LinkSignIn =
  { step: 'refused'; message: string } | { step: 'ask'; current: Account; next: SignInSession };

/**
 * The end of a link's sign-in: the session the server answered is stored at once, unless it would replace another
 * account's session, in which case the screen asks first ('ask'). `landing` is where a sign-in goes.
 */
export async function finishLinkSignIn(
  { context, request }: Pick<LoaderFunctionArgs, 'context' | 'request'>,
  session: SignInSession,
  landing: () => Response | Promise<Response>,
): Promise<LinkSignIn | Response> {
  const current = await currentAccount(request.signal);
  if (replacesAnother(current, session)) return { step: 'ask', current, next: session };
  signIn(context, session);
  return landing();
}

/** The screen of a link that did not sign in at once: why it was refused, or the question of SessionSwitch. */
export function LinkSignInScreen({
  title,
  data,
  to,
}: {
  title: string;
  data: LinkSignIn;
  to: 'exercises' | 'byRole';
}) {
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  return (
    <Page title={title} className="account-page">
      {data.step === 'refused' ? (
        <>
          <p role="alert" className="alert alert--error">
            {data.message}
          </p>
          <Link to={paths.login}>Ir para a página de login</Link>
        </>
      ) : (
        <SessionSwitch
          current={data.current}
          next={data.next}
          onContinue={() => adopt(data.next, to)}
          onKeep={() => void navigate(paths.exercises)}
        />
      )}
    </Page>
  );
}
