import {
  Form,
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { changePassword, ChangePasswordBody, getUser, Msg, requestPasswordSetup } from '@app/contracts';
import { ApiError, api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { globalActions } from '../../session/globalState';
import { saveSession } from '../../session/storage';
import { globalStoreContext } from '../../session/store';
import { Field, FormMessage, SubmitButton, useFormAction } from '../account/FormKit';
import { LinkRequest, type LinkRequestAnswer } from '../account/LinkRequest';
import { readForm, validate, type FieldErrors } from '../account/forms';
import '../account/account.css';

const FIELDS = ['oldPassword', 'newPassword', 'newPasswordConfirmation'] as const;
type Result = { ok: boolean; message?: string; fieldErrors?: FieldErrors };

/** Whether the account has a password to confirm: a Google account may have none. */
export async function loader({ request }: LoaderFunctionArgs) {
  const result = await api(getUser, { signal: request.signal });
  if (result.httpStatus === 401) throw redirect(paths.logout);
  if (result.status !== 'SUCCESS' || !result.payload) throw new ApiError(result.message, result.httpStatus);
  const { email, fromGoogle, hasPassword } = result.payload;
  return { email, fromGoogle, hasPassword };
}

export async function action({
  request,
  context,
}: ActionFunctionArgs): Promise<Result | LinkRequestAnswer | Response> {
  const form = await request.formData();
  if (form.get('intent') === 'passwordSetup') return askForPasswordSetup();
  const body = validate(ChangePasswordBody, readForm(form, FIELDS));
  if (!body.ok) return { ok: false, fieldErrors: body.fieldErrors };
  const result = await api(changePassword, { body: body.data });
  if (result.httpStatus === 401) return redirect(paths.logout);
  if (result.status !== 'SUCCESS') return { ok: false, message: result.message || Msg.changePasswordFailed };
  // The change ends every older session, this one included: keep the fresh one the server answered (and let the
  // member's live stream reconnect with it).
  if (result.payload) {
    saveSession(result.payload);
    context.get(globalStoreContext).dispatch(globalActions.refreshUserData());
  }
  return { ok: true, message: Msg.changePasswordSuccess };
}

async function askForPasswordSetup(): Promise<LinkRequestAnswer | Response> {
  try {
    const result = await api(requestPasswordSetup);
    if (result.httpStatus === 401) return redirect(paths.logout);
    return result.status === 'SUCCESS'
      ? { sent: true, message: result.message }
      : { sent: false, message: result.message || Msg.passwordSetupFailed };
  } catch {
    return { sent: false, message: Msg.passwordSetupFailed };
  }
}

export default function ChangePassword() {
  const account = useLoaderData<typeof loader>();
  const { result, submitting, errors } = useFormAction<Result>('sending');
  return (
    <Page title="Alterar Senha" className="account-page account-page--member">
      {!account.hasPassword ? (
        // A Google account that never had a password: no current password to ask for. The member may keep signing
        // in with Google, or ask for an emailed link that creates one (the email confirms: a session alone cannot).
        <LinkRequest
          intent="passwordSetup"
          label={Msg.passwordSetupButton}
          sendingLabel={Msg.passwordSetupSending}
          className="password-setup"
        >
          <p className="lead">{Msg.passwordSetupIntro(account.email)}</p>
        </LinkRequest>
      ) : (
        // A new form after a success, so the password fields start empty again.
        <Form method="post" noValidate key={result?.ok ? 'changed' : 'editing'}>
          {account.fromGoogle && <p className="lead">{Msg.googleAccountHasPassword}</p>}
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
          <FormMessage message={result?.message} ok={result?.ok} hidden={submitting} />
          <SubmitButton busy={submitting} label="Alterar senha" busyLabel="Alterando..." />
        </Form>
      )}
      <div className="account-links">
        <Link to={paths.myData}>Voltar para Meus Dados</Link>
      </div>
    </Page>
  );
}
