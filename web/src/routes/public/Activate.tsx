import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { activateUser, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { useGlobalDispatch } from '../../session/GlobalStateProvider';
import { globalActions } from '../../session/globalState';
import { saveSession, type StoredSession } from '../../session/storage';
import {
  currentAccount,
  replacesAnother,
  SessionSwitch,
  useAdoptSession,
  type Account,
} from '../account/SessionSwitch';
import '../account/account.css';

/** Spec §9: activation waits 1 s before the call and 1 s before the redirect. */
const WAIT_MS = 1000;

type State =
  | { step: 'pending' }
  | { step: 'success'; email: string }
  /** Activated, but this browser is signed in to another account: nothing changes until the user chooses. */
  | { step: 'ask'; current: Account; next: StoredSession }
  | { step: 'error'; message: string };

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * /ativar/<code> (spec §4 and §9): activates the account and signs in to it, naming its email. When this browser is
 * signed in to another account the screen asks first (issue 23: a link never replaces a session silently).
 */
export default function Activate() {
  const { activationCode } = useParams();
  const navigate = useNavigate();
  const dispatch = useGlobalDispatch();
  const adopt = useAdoptSession();
  const [state, setState] = useState<State>(
    activationCode ? { step: 'pending' } : { step: 'error', message: Msg.activationMissing },
  );

  useEffect(() => {
    if (!activationCode) return;
    const abort = new AbortController();
    const { signal } = abort;
    void (async () => {
      try {
        await wait(WAIT_MS, signal);
        const result = await api(activateUser, { body: { activationCode }, signal });
        if (result.status !== 'SUCCESS' || !result.payload) {
          setState({ step: 'error', message: result.message || Msg.activationFailed });
          return;
        }
        const current = await currentAccount(signal);
        if (replacesAnother(current, result.payload)) {
          setState({ step: 'ask', current, next: result.payload });
          return;
        }
        saveSession(result.payload);
        setState({ step: 'success', email: result.payload.email });
        await wait(WAIT_MS, signal);
        dispatch(globalActions.refreshUserData());
        dispatch(globalActions.setLoggedIn(true));
        void navigate(paths.exercises);
      } catch {
        if (!signal.aborted) setState({ step: 'error', message: Msg.activationThrown });
      }
    })();
    return () => abort.abort();
  }, [activationCode, dispatch, navigate]);

  return (
    <Page title="Ativação da Conta" className="account-page">
      <div className="account-status" aria-live="polite">
        {state.step === 'pending' && <p>Processando seu código de ativação...</p>}
        {state.step === 'success' && (
          <div role="status" className="alert alert--success">
            <p>
              <strong>{Msg.activationSuccess}</strong>
            </p>
            <p>{Msg.linkAccount(state.email)}</p>
            <p>{Msg.activationRedirect}</p>
          </div>
        )}
        {state.step === 'ask' && (
          <>
            <div role="status" className="alert alert--success">
              <p>
                <strong>{Msg.activationSuccess}</strong>
              </p>
              <p>{Msg.linkAccount(state.next.email)}</p>
            </div>
            <SessionSwitch
              current={state.current}
              next={state.next}
              onContinue={() => void adopt(state.next, 'exercises')}
              onKeep={() => void navigate(paths.exercises)}
            />
          </>
        )}
        {state.step === 'error' && (
          <>
            <p role="alert" className="alert alert--error">
              {state.message}
            </p>
            <Link to={paths.login}>Ir para a página de login</Link>
          </>
        )}
      </div>
    </Page>
  );
}
