import { Link, redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { decodeCodeFragment, Msg, redeemGoogleCode } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { takeGoogleVerifier } from '../../session/googleRedirect';
import type { StoredSession } from '../../session/storage';
import { signIn } from '../account/session';
import {
  currentAccount,
  replacesAnother,
  SessionSwitch,
  useAdoptSession,
  type Account,
} from '../account/SessionSwitch';
import '../account/account.css';

type Data = { step: 'refused'; message: string } | { step: 'ask'; current: Account; next: StoredSession };

/**
 * The end of a Google sign-in in redirect mode: the gateway answered Google's form post with a 303 to
 * /login/google#code=… (a fragment, so the code never reaches a server or a log). The fragment is removed from the
 * address bar and the history at once; the code is redeemed with a same-origin POST together with the secret this tab
 * kept before going to Google (session/googleRedirect.ts). A link this tab did not start (someone else's code, or a
 * session in the fragment) signs nobody in and leaves any stored session as it was (issue 23). The session answered
 * is the server's (its name and email); it replaces another account's session only if the user says so. Then the
 * user goes to the exercises (spec §4).
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data | Response> {
  // The router strips the fragment from the loader's request; the document's address still has it.
  const fragment = decodeCodeFragment(window.location.hash);
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  const verifier = takeGoogleVerifier();
  if (!fragment || !verifier) return { step: 'refused', message: Msg.googleNotStartedHere };
  const result = await api(redeemGoogleCode, {
    body: { code: fragment.code, verifier },
    signal: request.signal,
  });
  if (result.status !== 'SUCCESS' || !result.payload)
    return { step: 'refused', message: result.message || Msg.googleFailed };
  const current = await currentAccount(request.signal);
  if (replacesAnother(current, result.payload)) return { step: 'ask', current, next: result.payload };
  signIn(context, result.payload);
  return redirect(paths.exercises);
}

export default function LoginGoogle() {
  const data = useLoaderData<typeof loader>() as Data;
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  return (
    <Page title="Entrar com Google" className="account-page">
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
          onContinue={() => void adopt(data.next, 'exercises')}
          onKeep={() => void navigate(paths.exercises)}
        />
      )}
    </Page>
  );
}
