import { z } from 'zod';
import { envelope } from '../../envelope.js';
import { Msg } from '../../messages.js';
import {
  BillingDataExport,
  ClassroomDataExport,
  PagesDataExport,
  PublicUser,
  Role,
} from '../../messaging.js';
import {
  confirmationField,
  emailField,
  loginPasswordField,
  matching,
  newPasswordField,
  oldPasswordField,
  profileFullnameField,
  recoveryNewPasswordField,
  signupFullnameField,
} from '../fields.js';
import { defineRoute } from '../route.js';

/** The routes auth answers: accounts, sessions, passwords and the member's own records (export, deletion). */

/**
 * The answer of every sign-in: what the browser stores (token, email, fullname) and the account's `role`, so that
 * the SPA sends an admin to the statistics and a member to the builder without asking validateTokenAdmin (a member
 * would be answered 403). The role only chooses where the screen goes: every admin route and screen is authorised by
 * the server (the admin guard asks validateTokenAdmin before it shows one).
 */
export const SignInSession = z.object({
  token: z.string(),
  email: z.string(),
  fullname: z.string(),
  role: Role,
});
export type SignInSession = z.infer<typeof SignInSession>;

const tokenQuery = z.object({ token: z.string().min(1).max(4096) });

/**
 * The SHA-256 (base64url) of a secret the browser keeps (web/src/session/linkSecret.ts), sent with a request
 * that may email a link (sign-up, sign-in past the ceiling). The link then signs in at once only where that secret is
 * (its `verifier`); opened anywhere else, it names its account and asks for the password.
 */
const browserNonce = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .optional();

export const LoginBody = z.object({ email: emailField, password: loginPasswordField, nonce: browserNonce });
export const login = defineRoute({
  owner: 'auth',
  rateLimited: true,
  method: 'POST',
  path: '/api/login',
  access: 'public',
  summary:
    'Sign in with email and password; past the per-account ceiling from a new address, SUCCESS with a null payload: a sign-in link went to the email',
  body: LoginBody,
  response: envelope(SignInSession),
});

export const LoginGoogleBody = z.object({
  credential: z.string({ error: Msg.googleFailed }).min(1, Msg.googleFailed).max(8192),
});
export const loginGoogle = defineRoute({
  owner: 'auth',
  rateLimited: true,
  method: 'POST',
  path: '/api/login/google',
  access: 'public',
  summary: 'Sign in with a Google ID token',
  body: LoginGoogleBody,
  response: envelope(SignInSession),
});

/** A one-time secret of a link or a handoff: URL-safe, as the server makes them (32 random bytes, base64url). */
const oneTimeSecret = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(256, message)
    .regex(/^[A-Za-z0-9_-]+$/, message);

/**
 * Google's redirect mode: the gateway hands the verified credential here and gets a one-time code bound to
 * the credential's `nonce` (the SHA-256 of a secret the tab that started the sign-in keeps), instead of a session.
 */
export const LoginGoogleCodeBody = LoginGoogleBody;
export const loginGoogleCode = defineRoute({
  owner: 'auth',
  rateLimited: true,
  method: 'POST',
  path: '/api/login/google/code',
  access: 'public',
  summary:
    'Exchange a Google ID token carrying a nonce for a one-time sign-in code (2 minutes) bound to that nonce',
  body: LoginGoogleCodeBody,
  response: envelope(z.object({ code: z.string() })),
});

export const RedeemGoogleCodeBody = z.object({
  code: oneTimeSecret(Msg.googleFailed),
  /** The secret whose SHA-256 (base64url) was the credential's nonce: only the tab that started the sign-in has it. */
  verifier: oneTimeSecret(Msg.googleNotStartedHere),
});
export const redeemGoogleCode = defineRoute({
  owner: 'auth',
  rateLimited: true,
  method: 'POST',
  path: '/api/login/google/redeem',
  access: 'public',
  summary: 'Sign in with the one-time Google code and the secret of the tab that started the sign-in',
  body: RedeemGoogleCodeBody,
  response: envelope(SignInSession),
});

/**
 * How an emailed link's opener shows the account is theirs: the secret of the browser that asked for the
 * link (`verifier`), or the account's password. With neither (or a verifier of another browser) the answer is 403
 * CONFIRMATION_REQUIRED, its message naming the account (email partly masked); nothing is used up.
 */
const linkConfirmation = (invalidMessage: string) => ({
  verifier: oneTimeSecret(invalidMessage).optional(),
  password: loginPasswordField.optional(),
});

export const LoginWithLinkBody = z.object({
  code: oneTimeSecret(Msg.signInLinkInvalid),
  ...linkConfirmation(Msg.signInLinkInvalid),
});
export const loginWithLink = defineRoute({
  owner: 'auth',
  rateLimited: true,
  method: 'POST',
  path: '/api/login/link',
  access: 'public',
  summary:
    'Sign in with the emailed link offered past the per-account ceiling of failed sign-ins (single use, 15 minutes), confirmed by the secret of the browser that asked for it or by the password',
  body: LoginWithLinkBody,
  response: envelope(SignInSession),
});

export const CreateUserBody = matching(
  z.object({
    fullname: signupFullnameField,
    email: emailField,
    password: loginPasswordField,
    passwordConfirmation: confirmationField,
    nonce: browserNonce,
  }),
  'password',
  'passwordConfirmation',
);
export const createUser = defineRoute({
  owner: 'auth',
  spends: 'mail',
  rateLimited: true,
  method: 'POST',
  path: '/api/createUser',
  access: 'public',
  summary:
    'Sign up (the account stays inactive until the emailed link is opened); a sign-up again before activation replaces the pending password and name, and retires the older links',
  body: CreateUserBody,
  response: envelope(z.object({ email: z.string() })),
});

export const ActivateUserBody = z.object({
  activationCode: z.string({ error: Msg.activationMissing }).min(1, Msg.activationMissing).max(256),
  ...linkConfirmation(Msg.activationInvalid),
});
export const activateUser = defineRoute({
  owner: 'auth',
  rateLimited: true,
  method: 'POST',
  path: '/api/activateUser',
  access: 'public',
  summary:
    'Activate an account with the emailed code, confirmed by the secret of the browser that signed up or by the password chosen at sign-up',
  body: ActivateUserBody,
  response: envelope(SignInSession),
});

export const RecoverPasswordBody = z.object({ email: emailField });
export const recoverPassword = defineRoute({
  owner: 'auth',
  spends: 'mail',
  rateLimited: true,
  method: 'POST',
  path: '/api/recoverPassword',
  access: 'public',
  summary: 'Email a password recovery link (same answer whether or not the email exists)',
  body: RecoverPasswordBody,
  response: envelope(z.null()),
});

export const CheckRecoveryTokenBody = z.object({
  recoveryToken: z.string({ error: Msg.recoveryTokenInvalid }).min(1, Msg.recoveryTokenInvalid).max(256),
});
export const checkRecoveryToken = defineRoute({
  owner: 'auth',
  rateLimited: true,
  method: 'POST',
  path: '/api/checkRecoveryToken',
  access: 'public',
  summary:
    'Check a recovery token before showing the new-password form; answers the account it is for (email partly masked)',
  body: CheckRecoveryTokenBody,
  response: envelope(z.object({ email: z.string() })),
});

export const CreateNewPasswordBody = matching(
  z.object({
    recoveryToken: z.string({ error: Msg.recoveryTokenInvalid }).min(1, Msg.recoveryTokenInvalid).max(256),
    newPassword: recoveryNewPasswordField,
    newPasswordConfirmation: confirmationField,
  }),
  'newPassword',
  'newPasswordConfirmation',
);
export const createNewPassword = defineRoute({
  owner: 'auth',
  rateLimited: true,
  method: 'POST',
  path: '/api/createNewPassword',
  access: 'public',
  summary: 'Set a new password with a recovery token',
  body: CreateNewPasswordBody,
  response: envelope(z.null()),
});

export const UpdateUserBody = z.object({ fullname: profileFullnameField });
export const updateUser = defineRoute({
  owner: 'auth',
  method: 'POST',
  path: '/api/updateUser',
  access: 'user',
  summary: 'Update the full name',
  body: UpdateUserBody,
  response: envelope(PublicUser),
});

export const ChangePasswordBody = matching(
  z.object({
    oldPassword: oldPasswordField,
    newPassword: newPasswordField,
    newPasswordConfirmation: confirmationField,
  }),
  'newPassword',
  'newPasswordConfirmation',
);
export const changePassword = defineRoute({
  owner: 'auth',
  method: 'POST',
  path: '/api/changePassword',
  access: 'user',
  summary: 'Change the password (invalidates older sessions; answers a fresh token)',
  body: ChangePasswordBody,
  response: envelope(SignInSession.nullable()),
});

export const AdminChangePasswordBody = z.object({ newPassword: newPasswordField });
export const adminChangePassword = defineRoute({
  owner: 'auth',
  method: 'POST',
  path: '/api/admin/changePassword',
  access: 'admin',
  summary: "Change the admin's own password",
  body: AdminChangePasswordBody,
  response: envelope(SignInSession.nullable()),
});

export const logout = defineRoute({
  owner: 'auth',
  method: 'POST',
  path: '/api/logout',
  access: 'user',
  summary:
    "Sign out: ends every session of the account (the token's version moves on), on every gateway at once",
  response: envelope(z.null()),
});

/** The signed-in user as they see themselves: whether the account has a password (a Google account may not). */
export const MyUser = PublicUser.extend({ hasPassword: z.boolean() });
export type MyUser = z.infer<typeof MyUser>;
export const getUser = defineRoute({
  owner: 'auth',
  method: 'GET',
  path: '/api/getUser',
  access: 'user',
  summary: 'The signed-in user (with hasPassword: false for a Google account that never set a password)',
  response: envelope(MyUser),
});

export const ResendActivationBody = z.object({ email: emailField });
export const resendActivation = defineRoute({
  owner: 'auth',
  spends: 'mail',
  rateLimited: true,
  method: 'POST',
  path: '/api/resendActivation',
  access: 'public',
  summary:
    'Email a fresh activation link to a not-yet-active account (same answer whether or not the email has one; limited like recovery)',
  body: ResendActivationBody,
  response: envelope(z.null()),
});

export const requestPasswordSetup = defineRoute({
  owner: 'auth',
  spends: 'mail',
  method: 'POST',
  path: '/api/requestPasswordSetup',
  access: 'user',
  summary:
    'A Google account without a password: email its owner a single-use link (1 hour) to create one (the email confirms); limited like recovery',
  response: envelope(z.null()),
});

export const validateToken = defineRoute({
  owner: 'auth',
  method: 'GET',
  path: '/api/validateToken',
  access: 'public',
  summary: 'Is this token a valid session?',
  query: tokenQuery,
  response: envelope(z.null()),
});

export const validateTokenAdmin = defineRoute({
  owner: 'auth',
  method: 'GET',
  path: '/api/validateTokenAdmin',
  access: 'public',
  summary: 'Is this token a valid admin session?',
  query: tokenQuery,
  response: envelope(z.null()),
});

/** Everything the site holds about the signed-in member (LGPD art. 18), as the downloaded JSON file holds it. */
export const MyDataExport = z.object({
  exportedAt: z.string(),
  account: z.object({
    fullname: z.string(),
    email: z.string(),
    fromGoogle: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  purchases: PagesDataExport.shape.purchases,
  /** The member's saved builder settings, by name. */
  savedSheets: PagesDataExport.shape.savedSheets,
  /** The member's turmas with their children's names, in each turma's order. */
  turmas: ClassroomDataExport.shape.turmas,
  /** The answers typed for each corrected sheet. */
  corrections: ClassroomDataExport.shape.corrections,
  statement: BillingDataExport.shape.statement,
  statementHasOlder: z.boolean(),
  payments: BillingDataExport.shape.payments,
});
export type MyDataExport = z.infer<typeof MyDataExport>;

export const exportMyData = defineRoute({
  owner: 'auth',
  method: 'GET',
  path: '/api/exportMyData',
  access: 'user',
  summary:
    "Everything held about the signed-in user: account, purchases (with their page settings), statement and payments (auth composes billing's, pages' and classroom's parts)",
  response: envelope(MyDataExport),
});

/**
 * The member confirms with their password, or (an account created with Google) with a Google credential issued in
 * the last 10 minutes for the same Google account; exactly one of the two.
 */
export const DeleteMyAccountBody = z
  .object({
    password: z
      .string({ error: Msg.deleteAccountWrongPassword })
      .min(1, Msg.deleteAccountPasswordMissing)
      .max(200)
      .optional(),
    googleCredential: z
      .string({ error: Msg.deleteAccountGoogleFailed })
      .min(1, Msg.deleteAccountGoogleFailed)
      .max(8192)
      .optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.googleCredential === undefined), {
    message: Msg.deleteAccountConfirmationMissing,
  });
export const deleteMyAccount = defineRoute({
  owner: 'auth',
  method: 'POST',
  path: '/api/deleteMyAccount',
  access: 'user',
  summary:
    "Delete the signed-in member's account: personal data anonymised, every session ended, ledger and payment rows kept without personal data (not the admin's)",
  body: DeleteMyAccountBody,
  response: envelope(z.null()),
});
