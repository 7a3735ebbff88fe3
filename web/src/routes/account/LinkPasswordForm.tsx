import { z } from 'zod';
import { loginPasswordField, Msg } from '@app/contracts';
import { Field, FormMessage, SubmitButton } from './FormKit';
import { validate } from './forms';

const PasswordOnly = z.object({ password: loginPasswordField });

/** The password typed in the form, held to a sign-in's rules (and their messages), or why it is refused. */
export function passwordOf(form: FormData): { ok: true; password: string } | { ok: false; message: string } {
  const checked = validate(PasswordOnly, { password: String(form.get('password') ?? '') });
  if (checked.ok) return { ok: true, password: checked.data.password };
  return { ok: false, message: checked.fieldErrors.password ?? Msg.passwordRequired };
}

/**
 * An emailed link (activation, sign-in) opened in a browser that did not ask for it. The server's `prompt`
 * names the account (its email partly masked); nothing is signed in until its password is typed here. The caller
 * puts these fields in its form (a plain one, or the router's).
 */
export function LinkPasswordFields({
  prompt,
  error,
  sending,
  button,
}: {
  prompt: string;
  error?: string | undefined;
  sending: boolean;
  button: string;
}) {
  return (
    <>
      <p className="alert">{prompt}</p>
      <Field name="password" label="Senha" type="password" autoComplete="current-password" />
      <FormMessage message={error} hidden={sending} />
      <SubmitButton busy={sending} label={button} busyLabel={button} />
    </>
  );
}
