import {
  Form,
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { getUser, Msg, updateUser, UpdateUserBody } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { globalActions } from '../../session/globalState';
import { saveFullname } from '../../session/storage';
import { globalStoreContext } from '../../session/store';
import { Field, FormMessage, SubmitButton, useFormAction } from '../account/FormKit';
import { readForm, validate, type FieldErrors } from '../account/forms';
import { DeleteAccount } from './DeleteAccount';
import { ExportMyData } from './ExportMyData';
import '../account/account.css';
import './member-data.css';

/** The signed-in user; a 401 signs out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const result = await api(getUser, { signal: request.signal });
  if (result.httpStatus === 401) throw redirect(paths.logout);
  if (result.status !== 'SUCCESS' || !result.payload) throw new Error(result.message || Msg.profileFailed);
  return result.payload;
}

type Result = { ok: boolean; message?: string; fieldErrors?: FieldErrors };

/** The form posts {fullname, email}; only the name goes to the server (the email is shown, not changed here). */
export async function action({ request, context }: ActionFunctionArgs): Promise<Result | Response> {
  const values = readForm(await request.formData(), ['fullname', 'email']);
  const body = validate(UpdateUserBody, { fullname: values.fullname });
  if (!body.ok) return { ok: false, fieldErrors: body.fieldErrors };
  const result = await api(updateUser, { body: body.data });
  if (result.httpStatus === 401) return redirect(paths.logout);
  if (result.status !== 'SUCCESS' || !result.payload)
    return { ok: false, message: result.message || Msg.profileFailed };
  saveFullname(result.payload.fullname);
  context.get(globalStoreContext).dispatch(globalActions.refreshUserData());
  return { ok: true, message: result.message || Msg.profileUpdated };
}

export default function MyData() {
  const user = useLoaderData<typeof loader>();
  const { result, submitting, errors } = useFormAction<Result>('sending');
  return (
    <Page title="Meus Dados" className="account-page account-page--member">
      <Form method="post" noValidate>
        <Field name="email" label="Email" type="email" value={user.email} readOnly />
        <Field
          name="fullname"
          label="Nome completo"
          autoComplete="name"
          defaultValue={user.fullname}
          key={user.fullname}
          error={errors.fullname}
        />
        <FormMessage message={result?.message} ok={result?.ok} hidden={submitting} />
        <SubmitButton busy={submitting} label="Atualizar" busyLabel="Atualizando..." />
      </Form>
      <div className="account-links">
        <Link to={paths.changePassword}>Alterar senha</Link>
      </div>
      <ExportMyData />
      <DeleteAccount user={user} />
    </Page>
  );
}
