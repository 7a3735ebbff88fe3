import type { InputHTMLAttributes } from 'react';
import { useActionData, useNavigation } from 'react-router';
import type { FieldErrors } from './forms';

/**
 * The kit of the account forms (sign-in, sign-up, passwords, Meus Dados): a labelled field with its error, the
 * form's outcome under the fields, its submit button, and the hook that reads the route action's answer.
 */

/** A labelled input with its validation message underneath, wired for screen readers. */
export function Field({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's outcome under its fields: a success as a status, a refusal as an alert; hidden while it is sent again. */
export function FormMessage({
  message,
  ok = false,
  hidden = false,
}: {
  message: string | null | undefined;
  ok?: boolean | undefined;
  hidden?: boolean;
}) {
  if (!message || hidden) return null;
  return (
    <p role={ok ? 'status' : 'alert'} className={ok ? 'alert alert--success' : 'alert alert--error'}>
      {message}
    </p>
  );
}

/** The form's full-width submit button, off while it is sent, saying so. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="button button--block" disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * The route action's answer, whether the form is being sent, and its fields' errors. `busy`: 'sending' only while
 * the form is posted (a screen whose loader reloads after it keeps its message meanwhile), 'untilIdle' until the
 * navigation that follows is done too.
 */
export function useFormAction<R>(busy: 'sending' | 'untilIdle' = 'untilIdle') {
  const result = useActionData() as R | undefined;
  const state = useNavigation().state;
  const submitting = busy === 'sending' ? state === 'submitting' : state !== 'idle';
  const errors: FieldErrors = (result as { fieldErrors?: FieldErrors } | undefined)?.fieldErrors ?? {};
  return { result, submitting, errors };
}
