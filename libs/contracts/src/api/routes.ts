import { z } from 'zod';
import { CustomOptionsSchema } from '../custom-options.js';
import { envelope } from '../envelope.js';
import { Msg } from '../messages.js';
import {
  PageOptionsSchema,
  PageStats,
  PaymentStats,
  PublicUser,
  SET_VERSIONS_MAX,
  UserStats,
} from '../messaging.js';
import { defineRoute } from './route.js';
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
} from './fields.js';

/** Every /api route of spec §7 (plus the webhook and the admin log the issues add): paths, bodies, responses. */

const Session = z.object({ token: z.string(), email: z.string(), fullname: z.string() });
const Empty = z.null();
const tokenQuery = z.object({ token: z.string().min(1).max(4096) });
const pageCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

// ---------- gateway ----------
export const getEnv = defineRoute({
  owner: 'gateway',
  method: 'GET',
  path: '/api/env',
  access: 'public',
  summary: 'Environment names shown in the banner',
  response: z.object({ backendEnv: z.string(), dbEnv: z.string() }),
});

// ---------- auth ----------
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
  response: envelope(Session),
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
  response: envelope(Session),
});

/** A one-time secret of a link or a handoff: URL-safe, as the server makes them (32 random bytes, base64url). */
const oneTimeSecret = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(256, message)
    .regex(/^[A-Za-z0-9_-]+$/, message);

/**
 * Google's redirect mode (issue 23): the gateway hands the verified credential here and gets a one-time code bound to
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
  response: envelope(Session),
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
  response: envelope(Session),
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
  response: envelope(Session),
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
  response: envelope(Empty),
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
  response: envelope(Empty),
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
  response: envelope(Session.nullable()),
});

export const AdminChangePasswordBody = z.object({ newPassword: newPasswordField });
export const adminChangePassword = defineRoute({
  owner: 'auth',
  method: 'POST',
  path: '/api/admin/changePassword',
  access: 'admin',
  summary: "Change the admin's own password",
  body: AdminChangePasswordBody,
  response: envelope(Session.nullable()),
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
  response: envelope(Empty),
});

export const requestPasswordSetup = defineRoute({
  owner: 'auth',
  spends: 'mail',
  method: 'POST',
  path: '/api/requestPasswordSetup',
  access: 'user',
  summary:
    'A Google account without a password: email its owner a single-use link (1 hour) to create one (the email confirms); limited like recovery',
  response: envelope(Empty),
});

export const validateToken = defineRoute({
  owner: 'auth',
  method: 'GET',
  path: '/api/validateToken',
  access: 'public',
  summary: 'Is this token a valid session?',
  query: tokenQuery,
  response: envelope(Empty),
});

export const validateTokenAdmin = defineRoute({
  owner: 'auth',
  method: 'GET',
  path: '/api/validateTokenAdmin',
  access: 'public',
  summary: 'Is this token a valid admin session?',
  query: tokenQuery,
  response: envelope(Empty),
});

// ---------- billing ----------
export const getBalance = defineRoute({
  owner: 'billing',
  method: 'GET',
  path: '/api/getBalance',
  access: 'user',
  summary: 'Balance in reais',
  response: envelope(z.number()),
});

/** What a negative balance comes from: the latest refund or chargeback taken from the member's balance. */
export const BalanceDetails = z.object({
  balanceCents: z.number().int(),
  /** The newest reversal (refund or chargeback) of a top-up, or null when there never was one. */
  lastReversal: z
    .object({
      amountCents: z.number().int().positive(),
      reason: z.enum(['refund', 'chargeback']),
      at: z.string(),
    })
    .nullable(),
});
export type BalanceDetails = z.infer<typeof BalanceDetails>;
export const getBalanceDetails = defineRoute({
  owner: 'billing',
  method: 'GET',
  path: '/api/getBalanceDetails',
  access: 'user',
  summary:
    'The balance in cents and what took it below zero (the latest refund or chargeback), for the screens to explain it',
  response: envelope(BalanceDetails),
});

export const CreatePreferenceBody = z.object({
  amount: z
    .number({ error: Msg.invalidAmount })
    .int({ error: Msg.invalidAmount })
    .min(5, Msg.invalidAmount)
    .max(20, Msg.invalidAmount),
});
export const createPreference = defineRoute({
  owner: 'billing',
  spends: 'money',
  method: 'POST',
  path: '/api/createPreference',
  access: 'user',
  summary: 'Create a top-up and its Mercado Pago preference',
  body: CreatePreferenceBody,
  response: envelope(z.object({ id: z.string(), init_point: z.string() })),
});

export const ProcessPaymentBody = z.object({
  preferenceId: z.string().min(1).max(200),
  paymentId: z.union([z.string().regex(/^\d{1,30}$/), z.number().int().positive()]).transform(String),
});
/**
 * What became of the payment the payer came back with, so that the builder can say it (spec §2 /pagamento-sucesso).
 * approved: credited (by this call or already, e.g. by the webhook); pending: Pix, boleto or under review, credited
 * later by the webhook or the reconciler; rejected: refused, refunded or charged back; mismatch and not_found: not a
 * payment of a top-up of this user as asked.
 */
export const PaymentOutcome = z.enum(['approved', 'pending', 'rejected', 'mismatch', 'not_found']);
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;
/** The payload of processPayment's answer: on SUCCESS (approved) and on its ERROR answers (code PAYMENT_NOT_CREDITED). */
export const ProcessPaymentResult = z.object({
  outcome: PaymentOutcome,
  /** This call credited it (false when it was already credited, or is not credited). */
  credited: z.boolean(),
  /** The top-up's amount in reais when approved; null otherwise. */
  amount: z.number().nullable(),
  /** The balance in reais after the call. */
  balance: z.number(),
  /**
   * Approved, and an earlier return of the same payment was already answered approved: the screen says it was
   * already added rather than announcing it again (a reopened or repeated return link).
   */
  alreadyAdded: z.boolean().default(false),
});
export type ProcessPaymentResult = z.infer<typeof ProcessPaymentResult>;
export const processPayment = defineRoute({
  owner: 'billing',
  spends: 'money',
  method: 'POST',
  path: '/api/processPayment',
  access: 'user',
  summary:
    'Credit an approved Mercado Pago payment (exactly once); the payload tells the outcome, also on the 402/404/409/422 answers',
  body: ProcessPaymentBody,
  response: envelope(ProcessPaymentResult),
});

export const MercadoPagoWebhookBody = z
  .object({
    type: z.string().optional(),
    action: z.string().optional(),
    data: z.object({ id: z.union([z.string(), z.number()]) }).optional(),
  })
  .loose();
export const mercadoPagoWebhook = defineRoute({
  owner: 'billing',
  spends: 'money',
  method: 'POST',
  path: '/api/webhooks/mercadopago',
  access: 'public',
  summary: 'Mercado Pago notification (x-signature checked)',
  body: MercadoPagoWebhookBody,
  query: z.object({ 'data.id': z.string().optional(), type: z.string().optional() }).loose(),
  response: envelope(Empty),
});

// ---------- pages ----------
export const CreatePageBody = PageOptionsSchema.refine((o) => o.add || o.sub || o.mult || o.div, {
  message: Msg.selectOperation,
});
export const createPage = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/page',
  access: 'user',
  summary: 'Generate a page (answers its code; the PDF renders in the background)',
  body: CreatePageBody,
  response: envelope(z.string()),
});

export const PageCodeQuery = z.object({ code: pageCode });
export const downloadPage = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/page',
  access: 'user',
  summary: 'Download a bought page as PDF',
  query: PageCodeQuery,
  produces: 'application/pdf',
});

export const thumb = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/thumb',
  access: 'user',
  summary: "PNG preview of one of the user's pages",
  query: PageCodeQuery,
  produces: 'image/png',
});

export const BuyBody = z.object({ code: pageCode });
export const buy = defineRoute({
  owner: 'pages',
  spends: 'money',
  method: 'POST',
  path: '/api/buy',
  access: 'user',
  summary: 'Buy a page for R$ 0,50 (buying twice charges once)',
  body: BuyBody,
  response: envelope(z.object({ balance: z.number() })),
});

// Class sets, "Uma folha para cada aluno" (issue 26): N versions of the same options, each a page of its own (code,
// seed, QR), bought together for N × R$ 0,50 and downloaded as one file. One version is a single page (the routes above).
export const CreatePageSetBody = PageOptionsSchema.extend({
  versions: z
    .number({ message: Msg.setVersionsRange })
    .int({ message: Msg.setVersionsRange })
    .min(2, { message: Msg.setVersionsRange })
    .max(SET_VERSIONS_MAX, { message: Msg.setVersionsRange }),
}).refine((o) => o.add || o.sub || o.mult || o.div, { message: Msg.selectOperation });
export const PageSetCreated = z.object({
  /** The set's own code: buy, progress and download. */
  code: z.string(),
  /** Its versions' page codes in order ('Versão 1 de N' first): the preview shows the first. */
  codes: z.array(z.string()),
});
export const createPageSet = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/pageSet',
  access: 'user',
  summary:
    'Generate a class set of 2 to 40 versions (answers the set code and its versions; previews the first)',
  body: CreatePageSetBody,
  response: envelope(PageSetCreated),
});

export const SetCodeQuery = z.object({ code: pageCode });
export const SetProgress = z.object({
  /** Versions whose PDF is printed. */
  done: z.number().int(),
  total: z.number().int(),
  /** The set's one file is assembled. */
  ready: z.boolean(),
});
export const getSetProgress = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/setProgress',
  access: 'user',
  summary: "How far a set's printing is ('Gerando versão 12 de 30')",
  query: SetCodeQuery,
  response: envelope(SetProgress),
});

export const buySet = defineRoute({
  owner: 'pages',
  spends: 'money',
  method: 'POST',
  path: '/api/buySet',
  access: 'user',
  summary:
    'Buy a class set for N × R$ 0,50 in one debit (its price held before printing; buying twice charges once; 503 while it is printed; 409 while another set of the account prints)',
  body: BuyBody,
  response: envelope(z.object({ balance: z.number() })),
});

export const downloadSet = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/pageSet',
  access: 'user',
  summary: 'Download a bought class set as one PDF',
  query: SetCodeQuery,
  produces: 'application/pdf',
});

export const getMyPages = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/getMyPages',
  access: 'user',
  summary: 'Bought pages, newest first',
  // title (generator's sheetTitle: what it practises and its level) and level: issue 28, so Minhas Compras names it.
  response: envelope(
    z.array(
      z.object({
        code: z.string(),
        created_at: z.string(),
        title: z.string(),
        level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
        /** The page's settings (issue 25: "Gerar outra igual" opens the builder with them). */
        options: PageOptionsSchema,
        /**
         * A class set (issue 26) is one card: `code` is its first version's, `set` the set's own code (the whole file
         * downloads from it) and its versions' codes in order. Absent for a single page.
         */
        set: z
          .object({ code: z.string(), versions: z.number().int(), codes: z.array(z.string()) })
          .optional(),
      }),
    ),
  ),
});

// Saved configurations, "Minhas folhas salvas" (issue 25): a member names a builder's settings to start from later.
export const SAVED_SHEET_NAME_MAX = 40;
/** How many configurations a member may keep. */
export const SAVED_SHEETS_MAX = 50;
export const SavedSheet = z.object({
  id: z.string(),
  name: z.string(),
  options: PageOptionsSchema,
  createdAt: z.string(),
});
export const getSavedSheets = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/getSavedSheets',
  access: 'user',
  summary: "The member's saved builder settings, by name",
  response: envelope(z.array(SavedSheet)),
});
export const SaveSheetBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: Msg.savedSheetNameRequired })
    .max(SAVED_SHEET_NAME_MAX, { message: Msg.savedSheetNameTooLong })
    .regex(/^[^\p{Cc}]*$/u, { message: Msg.savedSheetNameRequired }),
  options: CreatePageBody,
});
export const saveSheet = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/saveSheet',
  access: 'user',
  summary: 'Save the builder settings under a name (the same name again replaces them)',
  body: SaveSheetBody,
  response: envelope(SavedSheet),
});
export const DeleteSavedSheetBody = z.object({ id: z.string().uuid() });
export const deleteSavedSheet = defineRoute({
  owner: 'pages',
  method: 'POST',
  path: '/api/deleteSavedSheet',
  access: 'user',
  summary: "Delete one of the member's saved settings",
  body: DeleteSavedSheetBody,
  response: envelope(Empty),
});

/** A problem of a page with its answer (public gabarito). */
const AnsweredProblem = z.object({
  op: z.enum(['add', 'sub', 'mult', 'div']),
  a: z.number().int(),
  b: z.number().int(),
  result: z.number().int(),
  remainder: z.number().int(),
  /** A custom page in the format `lacuna` (issue 25): the term printed blank, which the learner finds. */
  blank: z.enum(['a', 'b']).optional(),
  /**
   * A situação-problema (format `problemas`): its text and the answer as a sentence with its unit, as the gabarito
   * prints them; for a problem in two steps, both contas in the order they are done (the second is this problem's).
   */
  word: z
    .object({
      statement: z.string(),
      question: z.string(),
      answerSentence: z.string(),
      steps: z
        .array(
          z.object({
            op: z.enum(['add', 'sub', 'mult', 'div']),
            a: z.number().int(),
            b: z.number().int(),
            result: z.number().int(),
            remainder: z.number().int(),
          }),
        )
        .length(2)
        .optional(),
    })
    .optional(),
});
export const pageAnswers = defineRoute({
  owner: 'pages',
  method: 'GET',
  path: '/api/answers',
  // Issue 24: the QR code is on the student's sheet; only the buyer (or an admin) reads the answers online.
  access: 'user',
  unauthorizedMessage: Msg.answersBuyerOnly,
  summary:
    "The answers of a bought page (the sheet's QR code), for the account that bought it and the admin; nothing about its buyer",
  query: PageCodeQuery,
  response: envelope(
    z.object({
      title: z.string(),
      level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      /** A custom page's format (issue 25); absent: a preset page, its contas armadas. */
      format: CustomOptionsSchema.shape.format.optional(),
      problems: z.array(AnsweredProblem),
    }),
  ),
});

// ---------- admin ----------
const withData = <T extends z.ZodType>(data: T) => envelope(data).extend({ data });

export const adminStats = defineRoute({
  owner: 'admin-stats',
  method: 'GET',
  path: '/api/admin/stats',
  access: 'admin',
  summary: 'Statistics of users, payments and pages',
  response: withData(z.object({ users: UserStats, payments: PaymentStats, pages: PageStats })),
});

export const AdminUsersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export const adminUsers = defineRoute({
  owner: 'admin-stats',
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  summary: 'Users, newest first (optional limit/offset)',
  query: AdminUsersQuery,
  response: withData(z.array(PublicUser)).extend({ total: z.number() }),
});

export const AuditType = z.enum([
  'user.registered',
  'user.activated',
  'login.failed',
  'topup.credited',
  'topup.reversed',
  'topup.refunded',
  'page.bought',
]);
export type AuditType = z.infer<typeof AuditType>;
export const AdminLogsQuery = z.object({
  type: AuditType.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const AuditEntry = z.object({
  id: z.string(),
  type: AuditType,
  at: z.string(),
  summary: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const adminLogs = defineRoute({
  owner: 'admin-stats',
  method: 'GET',
  path: '/api/admin/logs',
  access: 'admin',
  summary: 'Latest activity (audit projection fed by events)',
  query: AdminLogsQuery,
  response: envelope(z.array(AuditEntry)),
});

export const getEmailSettings = defineRoute({
  owner: 'mail',
  method: 'GET',
  path: '/api/admin/emailSettings',
  access: 'admin',
  summary: 'Email settings',
  response: envelope(z.object({ sendEmailAtRegistration: z.boolean() })),
});

export const EmailSettingsBody = z.object({ sendEmailAtRegistration: z.boolean() });
export const setEmailSettings = defineRoute({
  owner: 'mail',
  method: 'POST',
  path: '/api/admin/emailSettings',
  access: 'admin',
  summary: 'Save email settings',
  body: EmailSettingsBody,
  response: envelope(z.object({ sendEmailAtRegistration: z.boolean() })),
});

export const sendTestEmail = defineRoute({
  owner: 'mail',
  spends: 'mail',
  method: 'POST',
  path: '/api/admin/sendTestEmail',
  access: 'admin',
  summary: "Send a test email to the admin's address",
  response: envelope(z.string()),
});

// ---------- gateway (client configuration the SPA needs at run time) ----------
export const getClientConfig = defineRoute({
  owner: 'gateway',
  method: 'GET',
  path: '/api/clientConfig',
  access: 'public',
  summary: 'Public client settings: Google client id, Mercado Pago public key, dev stand-ins in use',
  response: z.object({
    googleClientId: z.string().nullable(),
    mercadoPagoPublicKey: z.string().nullable(),
    /** Set when the local stand-ins of Google and Mercado Pago are in use (development and tests). */
    devProvidersUrl: z.string().nullable(),
    /**
     * Who runs the site and how to reach its support (footer, legal and support pages). Optional in the answer so
     * that a web build newer than its gateway still works (it then shows only what it has).
     */
    company: z
      .object({
        name: z.string(),
        cnpj: z.string().nullable(),
        supportEmail: z.string(),
        /** Digits only, country code first (wa.me form); null: no WhatsApp channel. */
        supportWhatsapp: z.string().nullable(),
      })
      .optional(),
  }),
});
