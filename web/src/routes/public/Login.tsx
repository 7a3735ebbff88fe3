import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { googleFormPost, login, LoginBody, Msg } from '@app/contracts';
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

type Result = { fieldErrors?: FieldErrors; message?: string; email: string };

export async function action({ request, context }: ActionFunctionArgs): Promise<Result | Response> {
  const values = readForm(await request.formData(), ['email', 'password']);
  const body = validate(LoginBody, values);
  if (!body.ok) return { fieldErrors: body.fieldErrors, email: values.email };
  const result = await api(login, { body: body.data });
  if (result.status !== 'SUCCESS' || !result.payload) {
    return { message: result.message || Msg.loginFailed, email: values.email };
  }
  signIn(context, result.payload);
  return redirectAfterSignIn(result.payload.token);
}

export default function Login() {
  const config = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
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
