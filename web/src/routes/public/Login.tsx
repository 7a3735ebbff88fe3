import { useEffect, useState } from 'react';
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ErrorCode, googleFormPost, login, LoginBody, Msg, resendActivation } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { ACCOUNT_DELETED_QUERY } from '../account/accountDeleted';
import { Field } from '../account/Field';
import { readForm, validate, type FieldErrors } from '../account/forms';
import { GoogleSignIn, loadClientConfig } from '../account/GoogleSignIn';
import { forgetSession, redirectAfterSignIn, signIn } from '../account/session';
import '../account/account.css';
import { MORE_EXERCISES_REASON } from './loginReason';

export async function loader({ request, context }: LoaderFunctionArgs) {
  forgetSession(context);
  // The gateway sends a refused Google sign-in (redirect mode) back here, without detail.
  const query = new URL(request.url).searchParams;
  const googleFailed = query.get('erro') === googleFormPost.failureQuery.erro;
  // Meus Dados sends a member here once their account is deleted.
  const accountDeleted = query.get('conta') === ACCOUNT_DELETED_QUERY.conta;
  const forMoreExercises = query.get('motivo') === MORE_EXERCISES_REASON;
  return { ...(await loadClientConfig()), googleFailed, accountDeleted, forMoreExercises };
}

type Result = {
  fieldErrors?: FieldErrors;
  message?: string;
  email: string;
  /** The password was right but the account is not active yet: offer a fresh activation link (issue 28). */
  inactive?: boolean;
};

/** What 'Reenviar e-mail de ativação' answers: the same text whether or not the email has an account. */
type Resent = { resent: boolean; message: string };

export async function action({ request, context }: ActionFunctionArgs): Promise<Result | Resent | Response> {
  const form = await request.formData();
  if (form.get('intent') === 'resendActivation') return resend(String(form.get('email') ?? ''));
  const values = readForm(form, ['email', 'password']);
  const body = validate(LoginBody, values);
  if (!body.ok) return { fieldErrors: body.fieldErrors, email: values.email };
  const result = await api(login, { body: body.data });
  if (result.status !== 'SUCCESS' || !result.payload) {
    return {
      message: result.message || Msg.loginFailed,
      email: values.email,
      inactive: result.code === ErrorCode.ACCOUNT_INACTIVE,
    };
  }
  signIn(context, result.payload);
  return redirectAfterSignIn(result.payload.token);
}

async function resend(email: string): Promise<Resent> {
  try {
    const result = await api(resendActivation, { body: { email } });
    return result.status === 'SUCCESS'
      ? { resent: true, message: result.message || Msg.resendActivationSent }
      : { resent: false, message: result.message || Msg.resendActivationFailed };
  } catch {
    return { resent: false, message: Msg.resendActivationFailed };
  }
}

/** Under 'Sua conta ainda não foi ativada…': a fresh activation link for the email just typed. */
function ResendActivation({ email }: { email: string }) {
  const fetcher = useFetcher<Resent>();
  const sending = fetcher.state !== 'idle';
  const answer = fetcher.data;
  return (
    <fetcher.Form method="post" className="account-resend">
      <input type="hidden" name="intent" value="resendActivation" />
      <input type="hidden" name="email" value={email} />
      {answer && !sending ? (
        <p role="status" className={answer.resent ? 'alert alert--success' : 'alert alert--error'}>
          {answer.message}
        </p>
      ) : (
        <button type="submit" className="button button--secondary button--block" disabled={sending}>
          {sending ? Msg.resendActivationSending : Msg.resendActivationButton}
        </button>
      )}
    </fetcher.Form>
  );
}

export default function Login() {
  const config = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const [inactiveEmail, setInactiveEmail] = useState<string | null>(null);
  // Kept while the member stays on the screen: the resend form lives outside the sign-in form.
  useEffect(() => {
    if (result) setInactiveEmail(result.inactive ? result.email : null);
  }, [result]);
  const submitting = useNavigation().state !== 'idle';
  const errors = result?.fieldErrors ?? {};
  return (
    <Page title="Entrar" className="account-page">
      {config.accountDeleted && !result && (
        <p role="status" className="alert alert--success">
          {Msg.accountDeleted}
        </p>
      )}
      {config.forMoreExercises && (
        <p role="status" className="alert">
          {Msg.signInForMoreExercises}
        </p>
      )}
      <Form method="post" noValidate>
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={result?.email}
          error={errors.email}
        />
        <Field
          name="password"
          label="Senha"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        {result?.message && !submitting && (
          <p role="alert" className="alert alert--error">
            {result.message}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? 'Entrando...' : 'Entrar'}
        </button>
      </Form>
      {inactiveEmail && !submitting && <ResendActivation email={inactiveEmail} />}
      <div className="account-divider">ou</div>
      {config.googleFailed && !result && (
        <p role="alert" className="alert alert--error">
          {Msg.googleFailed}
        </p>
      )}
      <GoogleSignIn config={config} />
      <div className="account-links">
        <Link to={paths.forgotPassword}>Esqueci minha senha</Link>
        <span>
          Ainda não tem uma conta? <Link to={paths.signup}>Cadastre-se</Link>
        </span>
      </div>
    </Page>
  );
}
