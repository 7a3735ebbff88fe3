import { useEffect, useState } from 'react';
import { Form, Link, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Msg, recoverPassword, RecoverPasswordBody } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { Field, FormMessage, SubmitButton, useFormAction } from '../account/FormKit';
import { readForm, validate, type FieldErrors } from '../account/forms';
import { forgetSession } from '../account/session';
import '../account/account.css';

/** After a successful request the button waits this long before another can be sent (no flood of emails). */
const RESEND_WAIT_SECONDS = 10;

export function loader({ context }: LoaderFunctionArgs) {
  forgetSession(context);
  return null;
}

type Result = { sentAt?: number; message: string; fieldErrors?: FieldErrors; email: string };

export async function action({ request }: ActionFunctionArgs): Promise<Result> {
  const values = readForm(await request.formData(), ['email']);
  const body = validate(RecoverPasswordBody, values);
  if (!body.ok) return { fieldErrors: body.fieldErrors, message: '', email: values.email };
  const result = await api(recoverPassword, { body: body.data });
  return result.status === 'SUCCESS'
    ? { sentAt: Date.now(), message: result.message || Msg.recoverySent, email: values.email }
    : { message: result.message || Msg.recoveryFailed, email: values.email };
}

function useCountdown(startedAt: number | undefined): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!startedAt) return;
    setLeft(RESEND_WAIT_SECONDS);
    const timer = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) clearInterval(timer);
        return Math.max(0, n - 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return left;
}

export default function ForgotPassword() {
  const { result, submitting, errors } = useFormAction<Result>();
  const waiting = useCountdown(result?.sentAt);
  const countdown = `Aguarde (${waiting}s) para enviar novamente`;
  return (
    <Page title="Esqueci minha senha" className="account-page">
      <p className="lead">
        Informe o email da sua conta e enviaremos um link para você criar uma nova senha.
      </p>
      <Form method="post" noValidate>
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={result?.email}
          error={errors.email}
        />
        <FormMessage message={result?.message} ok={Boolean(result?.sentAt)} hidden={submitting} />
        <SubmitButton
          busy={submitting}
          disabled={waiting > 0}
          label={waiting > 0 ? countdown : 'Enviar'}
          busyLabel={waiting > 0 ? countdown : 'Enviando...'}
        />
      </Form>
      <div className="account-links">
        <Link to={paths.login}>Voltar para o login</Link>
      </div>
    </Page>
  );
}
