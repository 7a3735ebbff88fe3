import { redirect, type ActionFunctionArgs } from 'react-router';
import { LoginGoogleBody, loginGoogle, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { paths } from '../../paths';
import { signIn } from '../account/session';

/** Only the Google sign-in posts here; visiting the address shows the login page. */
export function loader() {
  return redirect(paths.login);
}

/** Posts the Google credential; success goes to the exercises (spec §4), a failure back to the button. */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = LoginGoogleBody.safeParse({ credential: (await request.formData()).get('credential') });
  if (!body.success) return { message: Msg.googleFailed };
  const result = await api(loginGoogle, { body: body.data });
  if (result.status !== 'SUCCESS' || !result.payload) return { message: result.message || Msg.googleFailed };
  signIn(context, result.payload);
  return redirect(paths.exercises);
}
