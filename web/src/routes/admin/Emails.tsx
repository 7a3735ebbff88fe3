import { useState } from 'react';
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { getEmailSettings, Msg, sendTestEmail, setEmailSettings } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { mustSucceed } from './load';
import './admin.css';

export async function loader({ request }: LoaderFunctionArgs) {
  return mustSucceed(await api(getEmailSettings, { signal: request.signal })).payload!;
}

/** Saves the settings; a non-SUCCESS answer comes back to the form with the server's message. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const result = await api(setEmailSettings, {
    body: { sendEmailAtRegistration: form.get('sendEmailAtRegistration') === 'on' },
  });
  return result.status === 'SUCCESS'
    ? { saved: true, message: Msg.emailSettingsSaved }
    : { saved: false, message: result.message };
}

type TestEmail = { state: 'idle' } | { state: 'sending' } | { state: 'done'; text: string; failed: boolean };

function TestEmailButton() {
  const [testEmail, setTestEmail] = useState<TestEmail>({ state: 'idle' });
  const send = async () => {
    setTestEmail({ state: 'sending' });
    try {
      const result = await api(sendTestEmail);
      setTestEmail(
        result.status === 'SUCCESS'
          ? { state: 'done', text: result.payload ?? result.message, failed: false }
          : { state: 'done', text: `ERRO: ${result.message}`, failed: true },
      );
    } catch (error) {
      setTestEmail({ state: 'done', text: `ERRO: ${(error as Error).message}`, failed: true });
    }
  };
  return (
    <section className="admin-section" aria-labelledby="test-email-title">
      <h2 id="test-email-title">Email de teste</h2>
      <p>Envia um email de teste para o seu endereço, para conferir se o envio de emails está funcionando.</p>
      <button
        type="button"
        className="button"
        onClick={() => void send()}
        disabled={testEmail.state === 'sending'}
      >
        Enviar email de teste
      </button>
      <div role="status" aria-live="polite">
        {testEmail.state === 'sending' && <p className="alert">{Msg.testEmailSending}</p>}
        {testEmail.state === 'done' && (
          <p className={testEmail.failed ? 'alert alert--error' : 'alert alert--success'}>{testEmail.text}</p>
        )}
      </div>
    </section>
  );
}

export default function Emails() {
  const settings = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const saving = useNavigation().state === 'submitting';
  return (
    <Page title="Emails">
      <TestEmailButton />
      <section className="admin-section" aria-labelledby="settings-title">
        <h2 id="settings-title">Configurações</h2>
        <Form method="post">
          <label className="admin-checkbox">
            <input
              key={String(settings.sendEmailAtRegistration)}
              type="checkbox"
              name="sendEmailAtRegistration"
              defaultChecked={settings.sendEmailAtRegistration}
            />
            Enviar email quando algum usuário se registrar
          </label>
          {result && !saving && (
            <p role="status" className={result.saved ? 'alert alert--success' : 'alert alert--error'}>
              {result.message}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="button" disabled={saving}>
              Salvar
            </button>
          </div>
        </Form>
      </section>
    </Page>
  );
}
