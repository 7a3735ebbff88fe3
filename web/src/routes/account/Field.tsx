import type { InputHTMLAttributes } from 'react';

/** A labelled input with its validation message underneath, wired for screen readers. */
export function Field({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
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
