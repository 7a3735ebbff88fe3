import { useEffect, useState } from 'react';
import { Form, Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ErrorCode, googleFormPost, login, LoginBody, Msg, resendActivation } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { ACCOUNT_DELETED_QUERY } from '../account/accountDeleted';
import { Field, FormMessage, SubmitButton, useFormAction } from '../account/FormKit';
import { readForm, validate, type FieldErrors } from '../account/forms';
import { GoogleSignIn, loadClientConfig } from '../account/GoogleSignIn';
import { LinkRequest, type LinkRequestAnswer } from '../account/LinkRequest';
import { forgetSession, redirectAfterSignIn, signIn } from '../account/session';
import { linkNonce } from '../../session/linkSecret';
import '../account/account.css';
import { rememberReturn } from '../account/returnAfterSignIn';
import { MORE_EXERCISES_REASON } from './loginReason';

export async function loader({ request, context }: LoaderFunctionArgs) {
  forgetSession(context);
  // The gateway sends a refused Google sign-in (redirect mode) back here, without detail.
  const query = new URL(request.url).searchParams;
  const googleFailed = query.get('erro') === googleFormPost.failureQuery.erro;
  // Meus Dados sends a member here once their account is deleted.
  const accountDeleted = query.get('conta') === ACCOUNT_DELETED_QUERY.conta;
  const forMoreExercises = query.get('motivo') === MORE_EXERCISES_REASON;
  // A gabarito sent the visitor here to sign in with the buyer's account: go back there afterwards.
  rememberReturn(query);
  return { ...(await loadClientConfig()), googleFailed, accountDeleted, forMoreExercises };
}

type Result = {
  fieldErrors?: FieldErrors;
  message?: string;
  email: string;
  /** The password was right but the account is not active yet: offer a fresh activation link. */
  inactive?: boolean;
  /** Past the per-account ceiling of failed sign-ins: a sign-in link went to the email. */
  linkSent?: boolean;
};

export async function action({
  request,
  context,
}: ActionFunctionArgs): Promise<Result | LinkRequestAnswer | Response> {
  const form = await request.formData();
  if (form.get('intent') === 'resendActivation') return resend(String(form.get('email') ?? ''));
  const values = readForm(form, ['email', 'password']);
  const body = validate(LoginBody, values);
  if (!body.ok) return { fieldErrors: body.fieldErrors, email: values.email };
  // Past the ceiling, the emailed sign-in link goes straight in from this browser only.
  const result = await api(login, { body: { ...body.data, nonce: await linkNonce() } });
  if (result.status === 'SUCCESS' && !result.payload)
    return { message: result.message || Msg.signInLinkSent, email: values.email, linkSent: true };
  if (result.status !== 'SUCCESS' || !result.payload) {
    return {
      message: result.message || Msg.loginFailed,
      email: values.email,
      inactive: result.code === ErrorCode.ACCOUNT_INACTIVE,
    };
  }
  signIn(context, result.payload);
  return redirectAfterSignIn(result.payload);
}

/** 'Reenviar e-mail de ativação': the same answer whether or not the email has an account. */
async function resend(email: string): Promise<LinkRequestAnswer> {
  try {
    const result = await api(resendActivation, { body: { email } });
    return result.status === 'SUCCESS'
      ? { sent: true, message: result.message || Msg.resendActivationSent }
      : { sent: false, message: result.message || Msg.resendActivationFailed };
  } catch {
    return { sent: false, message: Msg.resendActivationFailed };
  }
}

export default function Login() {
  const config = useLoaderData<typeof loader>();
  const { result, submitting, errors } = useFormAction<Result>();
  const [inactiveEmail, setInactiveEmail] = useState<string | null>(null);
  // Kept while the member stays on the screen: the resend form lives outside the sign-in form.
  useEffect(() => {
    if (result) setInactiveEmail(result.inactive ? result.email : null);
  }, [result]);
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
        <FormMessage message={result?.message} ok={result?.linkSent} hidden={submitting} />
        <SubmitButton busy={submitting} label="Entrar" busyLabel="Entrando..." />
      </Form>
      {inactiveEmail && !submitting && (
        <LinkRequest
          intent="resendActivation"
          fields={{ email: inactiveEmail }}
          label={Msg.resendActivationButton}
          sendingLabel={Msg.resendActivationSending}
          className="account-resend"
          buttonClassName="button button--secondary button--block"
        />
      )}
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
