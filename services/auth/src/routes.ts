import type { FastifyInstance } from 'fastify';
import {
  activateUser,
  adminChangePassword,
  changePassword,
  checkRecoveryToken,
  createNewPassword,
  createUser,
  deleteMyAccount,
  ErrorCode,
  exportMyData,
  getUser,
  login,
  loginGoogle,
  loginGoogleCode,
  loginWithLink,
  logout,
  Msg,
  ok,
  PlatformMessages,
  recoverPassword,
  redeemGoogleCode,
  requestPasswordSetup,
  resendActivation,
  updateUser,
  validateToken,
  validateTokenAdmin,
} from '@app/contracts';
import { addRoute, AppError } from '@app/kit';
import { activateAccount } from './domain/activate-account.js';
import { setNewPassword, requireRecentSignIn } from './domain/change-password.js';
import { inspectRecoveryToken } from './domain/check-recovery-token.js';
import { deleteAccount } from './domain/delete-account.js';
import type { AuthDeps } from './domain/deps.js';
import { composeDataExport } from './domain/export-my-data.js';
import { issueGoogleSignInCode, redeemGoogleSignInCode } from './domain/google-handoff.js';
import { toMyUser } from './domain/public-user.js';
import { sendPasswordSetupLink } from './domain/request-password-setup.js';
import { requestRecovery } from './domain/request-recovery.js';
import { resendActivationLink } from './domain/resend-activation.js';
import { resetPassword } from './domain/reset-password.js';
import { signInWithGoogle } from './domain/sign-in-google.js';
import { signInWithLink } from './domain/sign-in-link.js';
import { signIn } from './domain/sign-in.js';
import { signOut } from './domain/sign-out.js';
import { takeSignUpTurn } from './domain/sign-up-limit.js';
import { signUp } from './domain/sign-up.js';
import { updateProfile } from './domain/update-profile.js';
import { verifySession } from './domain/verify-session.js';

/** How an emailed link's opener confirms the account is theirs, as the body carries it (fields left out stay out). */
const linkConfirmation = (body: { verifier?: string | undefined; password?: string | undefined }) => ({
  ...(body.verifier !== undefined ? { verifier: body.verifier } : {}),
  ...(body.password !== undefined ? { password: body.password } : {}),
});

/** auth's /api routes: thin adapters from the contract routes to the use cases. */
export function registerRoutes(app: FastifyInstance, deps: AuthDeps): void {
  addRoute(app, createUser, async ({ body, request }) => {
    await takeSignUpTurn(deps, request.clientAddress);
    const { email } = await signUp(deps, body, request.clientAddress);
    return ok({ email }, Msg.signupSuccess(email));
  });

  addRoute(app, activateUser, async ({ body, request }) =>
    ok(
      await activateAccount(deps, body.activationCode, linkConfirmation(body), request.clientAddress),
      Msg.activationSuccess,
    ),
  );

  addRoute(app, login, async ({ body, request }) => {
    const session = await signIn(deps, body.email, body.password, request.clientAddress, body.nonce);
    // Past the per-account ceiling from a new address: no refusal, a sign-in link went to the owner's email.
    return session ? ok(session) : ok(null, Msg.signInLinkSent);
  });

  addRoute(app, loginGoogle, async ({ body }) => ok(await signInWithGoogle(deps, body.credential)));

  addRoute(app, loginGoogleCode, async ({ body }) => ok(await issueGoogleSignInCode(deps, body.credential)));

  addRoute(app, redeemGoogleCode, async ({ body }) =>
    ok(await redeemGoogleSignInCode(deps, body.code, body.verifier)),
  );

  addRoute(app, loginWithLink, async ({ body, request }) =>
    ok(await signInWithLink(deps, body.code, linkConfirmation(body), request.clientAddress)),
  );

  addRoute(app, recoverPassword, async ({ body, request }) => {
    await requestRecovery(deps, body.email, request.clientAddress);
    return ok(null, Msg.recoverySent);
  });

  addRoute(app, resendActivation, async ({ body, request }) => {
    await resendActivationLink(deps, body.email, request.clientAddress);
    return ok(null, Msg.resendActivationSent);
  });

  addRoute(app, requestPasswordSetup, async ({ identity, request }) => {
    const { email } = await sendPasswordSetupLink(deps, identity.userId, request.clientAddress);
    return ok(null, Msg.passwordSetupSent(email));
  });

  addRoute(app, checkRecoveryToken, async ({ body }) =>
    ok(await inspectRecoveryToken(deps, body.recoveryToken)),
  );

  addRoute(app, createNewPassword, async ({ body }) => {
    await resetPassword(deps, body.recoveryToken, body.newPassword);
    return ok(null, Msg.newPasswordSuccess);
  });

  addRoute(app, getUser, async ({ identity }) => {
    const user = await deps.store.users.byId(identity.userId);
    if (!user) throw AppError.unauthorized(PlatformMessages.unauthorized);
    return ok(toMyUser(user));
  });

  // Owner only: the user id is the session's, never the request's.
  addRoute(app, exportMyData, async ({ identity }) => ok(await composeDataExport(deps, identity.userId)));

  addRoute(app, deleteMyAccount, async ({ body, identity, request }) => {
    await deleteAccount(
      deps,
      identity.userId,
      body.password !== undefined
        ? { password: body.password, clientAddress: request.clientAddress }
        : { googleCredential: body.googleCredential! },
    );
    return ok(null, Msg.accountDeleted);
  });

  addRoute(app, updateUser, async ({ body, identity }) =>
    ok(await updateProfile(deps, identity.userId, body.fullname), Msg.profileUpdated),
  );

  addRoute(app, changePassword, async ({ body, identity, request }) =>
    ok(
      await setNewPassword(deps, identity.userId, body.newPassword, {
        oldPassword: body.oldPassword,
        clientAddress: request.clientAddress,
      }),
      Msg.changePasswordSuccess,
    ),
  );

  addRoute(app, adminChangePassword, async ({ body, identity, request }) => {
    // The gateway checked the session; its token, passed on, tells when that sign-in happened.
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    requireRecentSignIn((await deps.tokens.read(token))?.iat);
    return ok(
      await setNewPassword(deps, identity.userId, body.newPassword, { asAdmin: true }),
      Msg.adminPasswordSuccess,
    );
  });

  addRoute(app, logout, async ({ identity }) => {
    await signOut(deps, identity.userId);
    return ok(null);
  });

  addRoute(app, validateToken, async ({ query }) => {
    const session = await verifySession(deps, query.token);
    if (!session.valid) throw AppError.unauthorized(PlatformMessages.unauthorized, ErrorCode.INVALID_TOKEN);
    return ok(null);
  });

  addRoute(app, validateTokenAdmin, async ({ query }) => {
    const session = await verifySession(deps, query.token);
    if (!session.valid) throw AppError.unauthorized(PlatformMessages.unauthorized, ErrorCode.INVALID_TOKEN);
    if (session.role !== 'admin') throw AppError.forbidden(PlatformMessages.forbidden);
    return ok(null);
  });
}
