import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loginWithLink, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { redirectAfterSignIn } from '../account/session';
import { finishLinkSignIn, LinkSignInScreen, type LinkSignIn } from '../account/SessionSwitch';
import '../account/account.css';

/**
 * /entrar/<code> (issue 23): the sign-in link emailed to an owner whose account is past the ceiling of failed
 * sign-ins. The code is redeemed with a POST (single use, 15 minutes); the owner lands where a sign-in lands (admins on
 * the statistics). A browser signed in to another account is asked first.
 */
export async function loader(args: LoaderFunctionArgs): Promise<LinkSignIn | Response> {
  const code = args.params.signInCode;
  if (!code) return { step: 'refused', message: Msg.signInLinkMissing };
  const result = await api(loginWithLink, { body: { code }, signal: args.request.signal });
  if (result.status !== 'SUCCESS' || !result.payload)
    return { step: 'refused', message: result.message || Msg.signInLinkInvalid };
  const session = result.payload;
  return finishLinkSignIn(args, session, () => redirectAfterSignIn(session.token));
}

export default function SignInLink() {
  return (
    <LinkSignInScreen
      title="Entrar com link"
      data={useLoaderData<typeof loader>() as LinkSignIn}
      to="byRole"
    />
  );
}
