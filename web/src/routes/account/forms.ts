import type { z } from 'zod';

/**
 * Client-side validation of the account forms with the very schemas the server uses (@app/contracts), so a form
 * shows the same pt-BR messages before any call, and the server answers the same ones if it is reached anyway.
 */
export type FieldErrors = Partial<Record<string, string>>;

export type Validated<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, values: unknown): Validated<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

/** The named text fields of a submitted form (a missing field reads as empty, as a browser would send it). */
export function readForm<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '')])) as Record<K, string>;
}
