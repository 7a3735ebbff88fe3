import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { decodeCodeFragment, Msg, redeemGoogleCode } from '@app/contracts';
import { api } from '../../api/client';
import { paths } from '../../paths';
import { takeGoogleVerifier } from '../../session/googleRedirect';
import { takeReturn } from '../account/returnAfterSignIn';
import { finishLinkSignIn, LinkSignInScreen, type LinkSignIn } from '../account/SessionSwitch';
import '../account/account.css';

/**
 * The end of a Google sign-in in redirect mode: the gateway answered Google's form post with a 303 to
 * /login/google#code=… (a fragment, so the code never reaches a server or a log). The fragment is removed from the
 * address bar and the history at once; the code is redeemed with a same-origin POST together with the secret this tab
 * kept before going to Google (session/googleRedirect.ts). A link this tab did not start (someone else's code, or a
 * session in the fragment) signs nobody in and leaves any stored session as it was. The session answered
 * is the server's (its name and email); it replaces another account's session only if the user says so. Then the
 * user goes to the exercises, or back to the gabarito that asked for the sign-in.
 */
export async function loader(args: LoaderFunctionArgs): Promise<LinkSignIn | Response> {
  // The router strips the fragment from the loader's request; the document's address still has it.
  const fragment = decodeCodeFragment(window.location.hash);
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  const verifier = takeGoogleVerifier();
  if (!fragment || !verifier) return { step: 'refused', message: Msg.googleNotStartedHere };
  const result = await api(redeemGoogleCode, {
    body: { code: fragment.code, verifier },
    signal: args.request.signal,
  });
  if (result.status !== 'SUCCESS' || !result.payload)
    return { step: 'refused', message: result.message || Msg.googleFailed };
  return finishLinkSignIn(args, result.payload, () => redirect(takeReturn() ?? paths.exercises));
}

export default function LoginGoogle() {
  return (
    <LinkSignInScreen
      title="Entrar com Google"
      data={useLoaderData<typeof loader>() as LinkSignIn}
      to="exercises"
    />
  );
}
