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

export const loginPasswordField = required(Msg.passwordRequired).min(6, Msg.passwordMin).max(200);
export const signupFullnameField = z
  .string({ error: Msg.fullnameRequired })
  .trim()
  .min(1, Msg.fullnameRequired)
  .min(6, Msg.fullnameMin)
  .max(120);
export const confirmationField = required(Msg.confirmationRequired);
export const recoveryNewPasswordField = required(Msg.passwordRequired)
  .min(6, Msg.newPasswordRecoveryMin)
  .max(200);
export const profileFullnameField = z
  .string({ error: Msg.profileNameRequired })
  .trim()
  .min(1, Msg.profileNameRequired)
  .min(3, Msg.profileNameMin)
  .max(120);
export const oldPasswordField = required(Msg.oldPasswordRequired).max(200);
export const newPasswordField = required(Msg.newPasswordRequired).min(6, Msg.newPasswordMin).max(200);

/** Adds the "equal to" rule of spec §5 as an error on the confirmation field. */
export function matching<T extends z.ZodObject>(schema: T, field: string, confirmation: string) {
  return schema.refine((v: Record<string, unknown>) => v[field] === v[confirmation], {
    message: Msg.passwordsDiffer,
    path: [confirmation],
  });
}
