import { Form, Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { createUser, CreateUserBody, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { Field, FormMessage, SubmitButton, useFormAction } from '../account/FormKit';
import { readForm, validate, type FieldErrors } from '../account/forms';
import { GoogleSignIn, loadClientConfig } from '../account/GoogleSignIn';
import { forgetSession } from '../account/session';
import { linkNonce } from '../../session/linkSecret';
import '../account/account.css';

export async function loader({ context }: LoaderFunctionArgs) {
  forgetSession(context);
  return loadClientConfig();
}

const FIELDS = ['fullname', 'email', 'password', 'passwordConfirmation'] as const;
type Result =
  | { done: true; email: string }
  | {
      done: false;
      fieldErrors?: FieldErrors;
      message?: string;
      values: Record<(typeof FIELDS)[number], string>;
    };

export async function action({ request }: ActionFunctionArgs): Promise<Result> {
  const values = readForm(await request.formData(), FIELDS);
  const body = validate(CreateUserBody, values);
  if (!body.ok) return { done: false, fieldErrors: body.fieldErrors, values };
  // The activation link then goes straight in from this browser, and asks for the password anywhere else.
  const result = await api(createUser, { body: { ...body.data, nonce: await linkNonce() } });
  if (result.status !== 'SUCCESS')
    return { done: false, message: result.message || Msg.signupFailed, values };
  return { done: true, email: result.payload?.email ?? body.data.email };
}

export default function Signup() {
  const config = useLoaderData<typeof loader>();
  const { result, submitting, errors } = useFormAction<Result>();

  if (result?.done) {
    return (
      <Page title="Cadastro" className="account-page">
        <div role="status" className="alert alert--success">
          <p>{Msg.signupSuccess(result.email)}</p>
        </div>
        <p className="account-hint">
          Não recebeu o email? Verifique também a pasta de spam ou lixo eletrônico.
        </p>
        <div className="account-links">
          <Link to={paths.login}>Ir para a página de login</Link>
        </div>
      </Page>
    );
  }

  const values = result?.values;
  return (
    <Page title="Cadastro" className="account-page">
      <Form method="post" noValidate>
        <Field
          name="fullname"
          label="Nome completo"
          autoComplete="name"
          defaultValue={values?.fullname}
          error={errors.fullname}
        />
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
        />
        <Field
          name="password"
          label="Senha"
          type="password"
          autoComplete="new-password"
          error={errors.password}
        />
        <Field
          name="passwordConfirmation"
          label="Confirmação de senha"
          type="password"
          autoComplete="new-password"
          error={errors.passwordConfirmation}
        />
        <FormMessage message={result?.message} hidden={submitting} />
        <p className="account-agreement">
          Ao criar sua conta, você concorda com os <Link to={paths.terms}>Termos de Uso</Link> e a{' '}
          <Link to={paths.privacy}>Política de Privacidade</Link>.
        </p>
        <SubmitButton busy={submitting} label="Cadastrar" busyLabel="Cadastrando..." />
      </Form>
      <div className="account-divider">ou</div>
      <GoogleSignIn config={config} />
      <div className="account-links">
        <span>
          Já possui uma conta? <Link to={paths.login}>Entre aqui</Link>
        </span>
      </div>
    </Page>
  );
}
