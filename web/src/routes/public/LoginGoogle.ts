import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { decodeSessionFragment, LoginGoogleBody, loginGoogle, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { paths } from '../../paths';
import { takeReturn } from '../account/returnAfterSignIn';
import { signIn } from '../account/session';

/**
 * The end of a Google sign-in in redirect mode: the gateway answered Google's form post with a 303 to
 * /login/google#token=…&email=…&fullname=… (a fragment, so the session never reaches a server or a log). The
 * fragment is removed from the address bar and the history at once, the session is stored like every sign-in, and
 * the user goes to the exercises (spec §4), or back to the gabarito that asked for the sign-in (issue 24). Without a session in the fragment this address shows the login page.
 */
export function loader({ context }: LoaderFunctionArgs) {
  // The router strips the fragment from the loader's request; the document's address still has it.
  const session = decodeSessionFragment(window.location.hash);
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  if (!session) return redirect(paths.login);
  signIn(context, session);
  return redirect(takeReturn() ?? paths.exercises);
}

/** The development stand-in's popup posts its credential here; success goes to the exercises (spec §4). */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = LoginGoogleBody.safeParse({ credential: (await request.formData()).get('credential') });
  if (!body.success) return { message: Msg.googleFailed };
  const result = await api(loginGoogle, { body: body.data });
  if (result.status !== 'SUCCESS' || !result.payload) return { message: result.message || Msg.googleFailed };
  signIn(context, result.payload);
  return redirect(takeReturn() ?? paths.exercises);
}
