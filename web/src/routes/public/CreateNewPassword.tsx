import {
  Form,
  Link,
  redirect,
  useLoaderData,
  useParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { z } from 'zod';
import {
  checkRecoveryToken,
  confirmationField,
  createNewPassword,
  matching,
  Msg,
  recoveryNewPasswordField,
} from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { Field, FormMessage, SubmitButton, useFormAction } from '../account/FormKit';
import { readForm, validate, type FieldErrors } from '../account/forms';
import { forgetSession } from '../account/session';
import '../account/account.css';

/** The form's own field names, password and confirmPassword, sent to the API as newPassword and newPasswordConfirmation. */
const NewPasswordForm = matching(
  z.object({ password: recoveryNewPasswordField, confirmPassword: confirmationField }),
  'password',
  'confirmPassword',
);

/**
 * Checks the link before showing the form; a missing token signs out. The answer names the account the link
 * sets a password for (a link someone else sent says whose it is; the email partly masked).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const recoveryToken = params.recoveryToken;
  if (!recoveryToken) throw redirect(paths.logout);
  forgetSession(context);
  const { status, message, payload } = await api(checkRecoveryToken, {
    body: { recoveryToken },
    signal: request.signal,
  });
  return { status, message, account: payload?.email ?? null };
}

type Result = { fieldErrors?: FieldErrors; message?: string };

export async function action({ request }: ActionFunctionArgs): Promise<Result | Response> {
  const form = await request.formData();
  const values = readForm(form, ['password', 'confirmPassword', 'recoveryToken']);
  const body = validate(NewPasswordForm, values);
  if (!body.ok) return { fieldErrors: body.fieldErrors };
  const result = await api(createNewPassword, {
    body: {
      recoveryToken: values.recoveryToken,
      newPassword: body.data.password,
      newPasswordConfirmation: body.data.confirmPassword,
    },
  });
  if (result.status !== 'SUCCESS') return { message: result.message || Msg.newPasswordFailed };
  return redirect(paths.createNewPasswordSuccess);
}

export default function CreateNewPassword() {
  const check = useLoaderData<typeof loader>();
  const { recoveryToken } = useParams();
  const { result, submitting, errors } = useFormAction<Result>();

  if (check.status === 'ERROR') {
    return (
      <Page title="Link de recuperação inválido" className="account-page">
        <div role="alert" className="alert alert--error">
          <p>{Msg.recoveryLinkInvalid}</p>
          <p>{Msg.recoveryLinkHint}</p>
        </div>
        <div className="actions">
          <Link to={paths.forgotPassword} className="button">
            Solicitar novo link
          </Link>
        </div>
      </Page>
    );
  }

  return (
    <Page title="Criar Nova Senha" className="account-page">
      {check.account && <p className="account-hint">{Msg.linkAccount(check.account)}</p>}
      <Form method="post" noValidate>
        <input type="hidden" name="recoveryToken" value={recoveryToken} />
        <Field
          name="password"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          error={errors.password}
        />
        <Field
          name="confirmPassword"
          label="Confirmação de senha"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <FormMessage message={result?.message} hidden={submitting} />
        <SubmitButton busy={submitting} label="Criar nova senha" busyLabel="Salvando..." />
      </Form>
    </Page>
  );
}
