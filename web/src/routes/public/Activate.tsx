import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { activateUser, ErrorCode, Msg, type SignInSession } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { useGlobalDispatch } from '../../session/GlobalStateProvider';
import { globalActions } from '../../session/globalState';
import { linkVerifier } from '../../session/linkSecret';
import { saveSession } from '../../session/storage';
import { LinkPasswordFields, passwordOf } from '../account/LinkPasswordForm';
import {
  currentAccount,
  replacesAnother,
  SessionSwitch,
  useAdoptSession,
  type Account,
} from '../account/SessionSwitch';
import '../account/account.css';

/** Activation waits 1 s before the call and 1 s before the redirect, so the member can read each step. */
const WAIT_MS = 1000;

type State =
  | { step: 'pending' }
  | { step: 'success'; email: string }
  /** Activated, but this browser is signed in to another account: nothing changes until the user chooses. */
  | { step: 'ask'; current: Account; next: SignInSession }
  /**
   * This browser did not make the sign-up. The server named the account (`prompt`); it activates only with
   * the password chosen at that sign-up. `wrong`: why the last password was refused.
   */
  | { step: 'confirm'; prompt: string; wrong?: string; sending?: boolean }
  | { step: 'error'; message: string };

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** The activation's steps: the first attempt after a second, and the password asked where the link needs it. */
function useActivation() {
  const { activationCode } = useParams();
  const navigate = useNavigate();
  const dispatch = useGlobalDispatch();
  const adopt = useAdoptSession();
  const [state, setState] = useState<State>(
    activationCode ? { step: 'pending' } : { step: 'error', message: Msg.activationMissing },
  );
  const screen = useRef<AbortController | null>(null);

  /**
   * Tries the code with a proof (the browser's secret, or a typed password) and goes on from the answer; a failure to
   * reach the server is said as a thrown error (Msg.activationThrown).
   */
  const attempt = useCallback(
    async (proof: { verifier?: string; password?: string }, signal: AbortSignal) => {
      const signInAs = async (session: SignInSession) => {
        const current = await currentAccount(signal);
        if (replacesAnother(current, session)) {
          setState({ step: 'ask', current, next: session });
          return;
        }
        saveSession(session);
        setState({ step: 'success', email: session.email });
        await wait(WAIT_MS, signal);
        dispatch(globalActions.refreshUserData());
        dispatch(globalActions.setLoggedIn(true));
        void navigate(paths.exercises);
      };
      try {
        const result = await api(activateUser, {
          body: { activationCode: activationCode!, ...proof },
          signal,
        });
        if (result.status === 'SUCCESS' && result.payload) return await signInAs(result.payload);
        if (result.code === ErrorCode.CONFIRMATION_REQUIRED) {
          setState({ step: 'confirm', prompt: result.message });
          return;
        }
        // A wrong or refused password: asked again, the link still works.
        if (proof.password !== undefined && result.code !== ErrorCode.INVALID_TOKEN) {
          setState((s) => (s.step === 'confirm' ? { ...s, sending: false, wrong: result.message } : s));
          return;
        }
        setState({ step: 'error', message: result.message || Msg.activationFailed });
      } catch {
        if (!signal.aborted) setState({ step: 'error', message: Msg.activationThrown });
      }
    },
    [activationCode, dispatch, navigate],
  );

  useEffect(() => {
    if (!activationCode) return;
    const abort = new AbortController();
    screen.current = abort;
    const verifier = linkVerifier();
    void wait(WAIT_MS, abort.signal).then(
      () => attempt(verifier ? { verifier } : {}, abort.signal),
      () => undefined,
    );
    return () => abort.abort();
  }, [activationCode, attempt]);

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = passwordOf(new FormData(event.currentTarget));
    if (!typed.ok) {
      setState((s) => (s.step === 'confirm' ? { ...s, wrong: typed.message } : s));
      return;
    }
    setState((s) => (s.step === 'confirm' ? { ...s, sending: true, wrong: undefined } : s));
    void attempt({ password: typed.password }, screen.current!.signal);
  };

  return { state, confirm, adopt, navigate };
}

/**
 * /ativar/<code>: activates the account and signs in to it, naming its email. In the browser that
 * signed up (its kept secret, session/linkSecret.ts) it goes straight through; anywhere else the server names the
 * account and the screen asks for its password before anything is signed in (someone else's link opened
 * signed out). When this browser is signed in to another account the screen asks first (a link never replaces a
 * session silently).
 */
export default function Activate() {
  const { state, confirm, adopt, navigate } = useActivation();
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
        {state.step === 'confirm' && (
          <form onSubmit={confirm} noValidate>
            <LinkPasswordFields
              prompt={state.prompt}
              error={state.wrong}
              sending={state.sending === true}
              button={Msg.activationConfirmButton}
            />
          </form>
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
              onContinue={() => adopt(state.next, 'exercises')}
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
