import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ErrorCode, loginWithLink, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { linkVerifier } from '../../session/linkSecret';
import { LinkPasswordFields, passwordOf } from '../account/LinkPasswordForm';
import { redirectAfterSignIn } from '../account/session';
import { finishLinkSignIn, LinkSignInScreen, type LinkSignIn } from '../account/SessionSwitch';
import '../account/account.css';

/**
 * The link was asked for by another browser (or by nobody's browser: an attacker's own link sent around). The
 * server named the account in `prompt`; only its password signs in.
 */
type Confirm = { step: 'confirm'; prompt: string };
type Data = LinkSignIn | Confirm;

/**
 * /entrar/<code>: the sign-in link emailed to an owner whose account is past the ceiling of failed
 * sign-ins. The code is redeemed with a POST (single use, 15 minutes), with the secret of this browser: the one that
 * asked for the link goes straight in, any other is shown the account and asked for its password. The owner
 * lands where a sign-in lands (admins on the statistics). A browser signed in to another account is asked first.
 */
export async function loader(args: LoaderFunctionArgs): Promise<Data | Response> {
  const code = args.params.signInCode;
  if (!code) return { step: 'refused', message: Msg.signInLinkMissing };
  const verifier = linkVerifier();
  return redeem(args, { code, ...(verifier ? { verifier } : {}) });
}

/** The password typed for a link of another browser: refused (the form says why) or signed in. */
export async function action(args: ActionFunctionArgs): Promise<Data | { wrong: string } | Response> {
  const typed = passwordOf(await args.request.formData());
  if (!typed.ok) return { wrong: typed.message };
  const answer = await redeem(args, { code: args.params.signInCode!, password: typed.password });
  // Anything but the link's end (a wrong password, too many tries): asked again, the link still works.
  if ('step' in answer && answer.step === 'confirm') return { wrong: answer.prompt };
  return answer;
}

/** Whatever it is answered, the account's name comes from the server: the session's, or the masked one. */
async function redeem(
  args: Pick<LoaderFunctionArgs, 'context' | 'request'>,
  body: { code: string; verifier?: string; password?: string },
): Promise<Data | Response> {
  const result = await api(loginWithLink, { body, signal: args.request.signal });
  if (result.status === 'SUCCESS' && result.payload) {
    const session = result.payload;
    return finishLinkSignIn(args, session, () => redirectAfterSignIn(session));
  }
  if (
    result.code === ErrorCode.INVALID_TOKEN ||
    (!body.password && result.code !== ErrorCode.CONFIRMATION_REQUIRED)
  )
    return { step: 'refused', message: result.message || Msg.signInLinkInvalid };
  return { step: 'confirm', prompt: result.message };
}

export default function SignInLink() {
  const loaded = useLoaderData<typeof loader>() as Data;
  const acted = useActionData<typeof action>() as Data | { wrong: string } | undefined;
  const sending = useNavigation().state !== 'idle';
  const data = acted && 'step' in acted ? acted : loaded;
  if (data.step !== 'confirm') return <LinkSignInScreen title="Entrar com link" data={data} to="byRole" />;
  return (
    <Page title="Entrar com link" className="account-page">
      <Form method="post" noValidate>
        <LinkPasswordFields
          prompt={data.prompt}
          error={acted && 'wrong' in acted ? acted.wrong : undefined}
          sending={sending}
          button={Msg.signInLinkConfirmButton}
        />
      </Form>
    </Page>
  );
}
