import { useNavigate } from 'react-router';
import { getUser, Msg, validateTokenAdmin } from '@app/contracts';
import { api } from '../../api/client';
import { paths } from '../../paths';
import { useGlobalDispatch } from '../../session/GlobalStateProvider';
import { globalActions } from '../../session/globalState';
import { getStoredToken, saveSession, type StoredSession } from '../../session/storage';

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
 * Whether taking `next` would replace another account's session: then the screen asks first (issue 23: a link never
 * replaces a session silently). The same account signing in again replaces nothing.
 */
export const replacesAnother = (current: Account | null, next: Account): current is Account =>
  current !== null && current.email.toLowerCase() !== next.email.toLowerCase();

/** Stores a session the user chose (spec §4) and tells the header and the sidebar; then goes to `to`. */
export function useAdoptSession() {
  const dispatch = useGlobalDispatch();
  const navigate = useNavigate();
  return async (session: StoredSession, to: 'exercises' | 'byRole') => {
    saveSession(session);
    dispatch(globalActions.setLoggedIn(true));
    dispatch(globalActions.refreshUserData());
    let target: string = paths.exercises;
    if (to === 'byRole') {
      const admin = await api(validateTokenAdmin, { query: { token: session.token } });
      if (admin.status === 'SUCCESS') target = paths.adminStats;
    }
    void navigate(target);
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
