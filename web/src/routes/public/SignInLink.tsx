import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { loginWithLink, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import type { StoredSession } from '../../session/storage';
import { redirectAfterSignIn, signIn } from '../account/session';
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
 * /entrar/<code> (issue 23): the sign-in link emailed to an owner whose account is past the ceiling of failed
 * sign-ins. The code is redeemed with a POST (single use, 15 minutes); the owner lands where a sign-in lands (admins on
 * the statistics). A browser signed in to another account is asked first.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs): Promise<Data | Response> {
  const code = params.signInCode;
  if (!code) return { step: 'refused', message: Msg.signInLinkMissing };
  const result = await api(loginWithLink, { body: { code }, signal: request.signal });
  if (result.status !== 'SUCCESS' || !result.payload)
    return { step: 'refused', message: result.message || Msg.signInLinkInvalid };
  const current = await currentAccount(request.signal);
  if (replacesAnother(current, result.payload)) return { step: 'ask', current, next: result.payload };
  signIn(context, result.payload);
  return redirectAfterSignIn(result.payload.token);
}

export default function SignInLink() {
  const data = useLoaderData<typeof loader>() as Data;
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  return (
    <Page title="Entrar com link" className="account-page">
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
          onContinue={() => void adopt(data.next, 'byRole')}
          onKeep={() => void navigate(paths.exercises)}
        />
      )}
    </Page>
  );
}
