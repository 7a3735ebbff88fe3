import { z } from 'zod';
import { Msg } from '../messages.js';

/** The forms' field rules with their exact messages. Forms on the web and route bodies on the server share them. */
const required = (message: string) => z.string({ error: message }).min(1, message);

/** The longest an email address can be (RFC 5321's path less its brackets); the column holds no more. */
export const EMAIL_MAX_LENGTH = 254;

export const emailField = z
  .string({ error: Msg.emailRequired })
  .trim()
  .min(1, Msg.emailRequired)
  // Longer is not an address (the form says 'Email inválido'), and would not fit the column (it answered 500).
  .max(EMAIL_MAX_LENGTH, Msg.emailInvalid)
  .pipe(z.email({ error: Msg.emailInvalid }))
  .transform((e) => e.toLowerCase());

/**
 * Characters no name or title may hold, because they hide or reorder what a reader sees (an admin reading the users
 * table, a printed sheet): the controls (C0 with NUL, which Postgres refuses in text, DEL, C1), the format characters
 * (Unicode Cf: the bidirectional marks, embeddings, overrides and isolates; the zero-width spaces and joiners, the word
 * joiner, the byte order mark, the soft hyphen), the line and paragraph separators, lone surrogates, and the Hangul
 * fillers that print as blank letters.
 */
const HIDDEN_OR_REORDERING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u115f\u1160\u3164\uffa0]/gu;

export function hasControlCharacters(text: string): boolean {
  HIDDEN_OR_REORDERING.lastIndex = 0;
  return HIDDEN_OR_REORDERING.test(text);
}

/** A name from elsewhere (Google) cleaned instead of refused: controls dropped, runs of spaces made one. */
export function cleanName(text: string): string {
  return text.replace(HIDDEN_OR_REORDERING, ' ').replace(/\s+/g, ' ').trim();
}

/** A person's name: trimmed, required, at least `min` characters, at most 120, no control or bidi characters. */
const nameField = (requiredMessage: string, min: number, minMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .min(min, minMessage)
    .max(120)
    .refine((v) => !hasControlCharacters(v), Msg.nameInvalidCharacters);

export const loginPasswordField = required(Msg.passwordRequired).min(6, Msg.passwordMin).max(200);
export const signupFullnameField = nameField(Msg.fullnameRequired, 6, Msg.fullnameMin);
export const confirmationField = required(Msg.confirmationRequired);
export const recoveryNewPasswordField = required(Msg.passwordRequired)
  .min(6, Msg.newPasswordRecoveryMin)
  .max(200);
export const profileFullnameField = nameField(Msg.profileNameRequired, 3, Msg.profileNameMin);
export const oldPasswordField = required(Msg.oldPasswordRequired).max(200);
export const newPasswordField = required(Msg.newPasswordRequired).min(6, Msg.newPasswordMin).max(200);

/** Adds the "equal to" rule (password and its confirmation) as an error on the confirmation field. */
export function matching<T extends z.ZodObject>(schema: T, field: string, confirmation: string) {
  return schema.refine((v: Record<string, unknown>) => v[field] === v[confirmation], {
    message: Msg.passwordsDiffer,
    path: [confirmation],
  });
}
