import { Form, Link, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { adminChangePassword, ErrorCode, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { saveSession } from '../../session/storage';
import { Field } from '../account/FormKit';
import './admin.css';

type Result = { ok: true } | { ok: false; fieldError?: string; detail?: string; signInAgain?: boolean };

/** The form asks only that the field be filled; the server's own rules come back as the failure's detail. */
export async function action({ request }: ActionFunctionArgs): Promise<Result | Response> {
  const newPassword = String((await request.formData()).get('newPassword') ?? '');
  if (!newPassword) return { ok: false, fieldError: Msg.newPasswordRequired };
  const result = await api(adminChangePassword, { body: { newPassword } });
  if (result.httpStatus === 401) return redirect(paths.logout);
  // A session older than 10 minutes may not change the password: the admin signs in again first.
  if (result.status !== 'SUCCESS')
    return { ok: false, detail: result.message, signInAgain: result.code === ErrorCode.REAUTH_REQUIRED };
  // The change ends every older session, this one included: keep the fresh one the server answered.
  if (result.payload) saveSession(result.payload);
  return { ok: true };
}

export default function AdminChangePassword() {
  const result = useActionData<typeof action>() as Result | undefined;
  const submitting = useNavigation().state === 'submitting';
  const fieldError = result && !result.ok ? result.fieldError : undefined;
  return (
    <Page title="Alterar Senha" className="admin-narrow">
      {/* A new form after a success, so the field starts empty again. */}
      <Form method="post" noValidate key={result?.ok ? 'changed' : 'editing'}>
        <Field
          name="newPassword"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          required
          error={fieldError}
        />
        {result && !submitting && result.ok && (
          <p className="alert alert--success">{Msg.adminPasswordSuccess}</p>
        )}
        {result && !submitting && !result.ok && !fieldError && (
          <div role="alert" className="alert alert--error">
            <p>{Msg.adminPasswordFailed}</p>
            {result.detail && result.detail !== Msg.adminPasswordFailed && (
              <p className="admin-alert-detail">{result.detail}</p>
            )}
            {result.signInAgain && (
              <p>
                <Link to={paths.logout}>Entrar novamente</Link>
              </p>
            )}
          </div>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={submitting}>
            Alterar
          </button>
        </div>
      </Form>
    </Page>
  );
}
