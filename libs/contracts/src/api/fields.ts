import { z } from 'zod';
import { Msg } from '../messages.js';

/** Field rules of spec §5 with their exact messages. Forms on the web and route bodies on the server share them. */
const required = (message: string) => z.string({ error: message }).min(1, message);

export const emailField = z
  .string({ error: Msg.emailRequired })
  .trim()
  .min(1, Msg.emailRequired)
  .pipe(z.email({ error: Msg.emailInvalid }))
  .transform((e) => e.toLowerCase());

/**
 * Characters no name may hold: the C0 controls (NUL included, which Postgres refuses in text), DEL, the C1 controls,
 * and the bidirectional marks, embeddings, overrides and isolates that reorder what a reader sees (an admin reading
 * the users table, a sheet's footer).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function hasControlCharacters(text: string): boolean {
  CONTROL_CHARACTERS.lastIndex = 0;
  return CONTROL_CHARACTERS.test(text);
}

/** A name from elsewhere (Google) cleaned instead of refused: controls dropped, runs of spaces made one. */
export function cleanName(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
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

/** Adds the "equal to" rule of spec §5 as an error on the confirmation field. */
export function matching<T extends z.ZodObject>(schema: T, field: string, confirmation: string) {
  return schema.refine((v: Record<string, unknown>) => v[field] === v[confirmation], {
    message: Msg.passwordsDiffer,
    path: [confirmation],
  });
}
