import { Form, Link, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { changePassword, ChangePasswordBody, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { saveSession } from '../../session/storage';
import { Field } from '../account/Field';
import { readForm, validate, type FieldErrors } from '../account/forms';
import '../account/account.css';

const FIELDS = ['oldPassword', 'newPassword', 'newPasswordConfirmation'] as const;
type Result = { ok: boolean; message?: string; fieldErrors?: FieldErrors };

export async function action({ request }: ActionFunctionArgs): Promise<Result | Response> {
  const body = validate(ChangePasswordBody, readForm(await request.formData(), FIELDS));
  if (!body.ok) return { ok: false, fieldErrors: body.fieldErrors };
  const result = await api(changePassword, { body: body.data });
  if (result.httpStatus === 401) return redirect(paths.logout);
  if (result.status !== 'SUCCESS') return { ok: false, message: result.message || Msg.changePasswordFailed };
  // The change ends every older session, this one included: keep the fresh one the server answered.
  if (result.payload) saveSession(result.payload);
  return { ok: true, message: Msg.changePasswordSuccess };
}

export default function ChangePassword() {
  const result = useActionData<typeof action>() as Result | undefined;
  const submitting = useNavigation().state === 'submitting';
  const errors = result?.fieldErrors ?? {};
  return (
    <Page title="Alterar Senha" className="account-page account-page--member">
      {/* A new form after a success, so the password fields start empty again. */}
      <Form method="post" noValidate key={result?.ok ? 'changed' : 'editing'}>
        <Field
          name="oldPassword"
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          error={errors.oldPassword}
        />
        <Field
          name="newPassword"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <Field
          name="newPasswordConfirmation"
          label="Confirmação da nova senha"
          type="password"
          autoComplete="new-password"
          error={errors.newPasswordConfirmation}
        />
        {result?.message && !submitting && (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={result.ok ? 'alert alert--success' : 'alert alert--error'}
          >
            {result.message}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? 'Alterando...' : 'Alterar senha'}
        </button>
      </Form>
      <div className="account-links">
        <Link to={paths.myData}>Voltar para Meus Dados</Link>
      </div>
    </Page>
  );
}
