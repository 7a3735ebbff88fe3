import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { deleteMyAccount, Msg, type MyUser } from '@app/contracts';
import { api } from '../../api/client';
import { paths } from '../../paths';
import { useGlobalDispatch } from '../../session/GlobalStateProvider';
import { globalActions } from '../../session/globalState';
import { clearSession } from '../../session/storage';
import { ACCOUNT_DELETED_QUERY } from '../account/accountDeleted';
import { Field, FormMessage } from '../account/FormKit';
import { GoogleSignIn, loadClientConfig, type ClientConfig } from '../account/GoogleSignIn';
import { MemberDataSection } from './MemberDataSection';

/**
 * Meus Dados: 'Excluir minha conta' opens a dialog that says what happens and asks for the password, or for a fresh
 * Google sign-in when the account was created with Google (the LGPD's right to erasure). Once deleted, the session is forgotten
 * and the login page says so.
 */
export function DeleteAccount({ user }: { user: MyUser }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  return (
    <MemberDataSection id="delete-account" title={Msg.deleteAccountTitle} intro={Msg.deleteAccountIntro}>
      <button
        type="button"
        className="button button--danger-quiet button--block"
        onClick={() => setOpen(true)}
      >
        {Msg.deleteAccountOpen}
      </button>
      <dialog
        ref={dialog}
        className="delete-dialog"
        aria-labelledby="delete-dialog-title"
        onClose={() => setOpen(false)}
      >
        {open && <DeleteAccountForm user={user} onCancel={() => setOpen(false)} />}
      </dialog>
    </MemberDataSection>
  );
}

/**
 * Deleting the account: its proof (the password, or a fresh Google credential for a Google account), the error to
 * show and the request. Once deleted, the session is forgotten and the login page says so.
 */
function useDeleteAccount(user: MyUser) {
  const navigate = useNavigate();
  const dispatch = useGlobalDispatch();
  const [password, setPassword] = useState('');
  const [googleCredential, setGoogleCredential] = useState<string | null>(null);
  const [google, setGoogle] = useState<ClientConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (!user.fromGoogle) return;
    let gone = false;
    loadClientConfig().then(
      (config) => !gone && setGoogle(config),
      () => !gone && setError(Msg.deleteAccountFailed),
    );
    return () => {
      gone = true;
    };
  }, [user.fromGoogle]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!user.fromGoogle && !password) return setError(Msg.deleteAccountPasswordMissing);
    if (user.fromGoogle && !googleCredential) return setError(Msg.deleteAccountGoogleHint);
    setDeleting(true);
    try {
      const result = await api(deleteMyAccount, {
        body: user.fromGoogle ? { googleCredential: googleCredential! } : { password },
      });
      if (result.httpStatus === 401) return void navigate(paths.logout);
      if (result.status !== 'SUCCESS') {
        setError(result.message || Msg.deleteAccountFailed);
        return;
      }
      clearSession();
      dispatch(globalActions.setLoggedIn(false));
      dispatch(globalActions.refreshUserData());
      void navigate(`${paths.login}?${new URLSearchParams(ACCOUNT_DELETED_QUERY)}`, { replace: true });
    } catch {
      setError(Msg.deleteAccountFailed);
    } finally {
      setDeleting(false);
    }
  }

  /** Google confirmed the account: the hint asked for it, so the error line asking for it goes. */
  const confirmWithGoogle = (credential: string) => {
    setGoogleCredential(credential);
    setError(null);
  };

  return { password, setPassword, googleCredential, confirmWithGoogle, google, error, deleting, submit };
}

function DeleteAccountForm({ user, onCancel }: { user: MyUser; onCancel: () => void }) {
  const { password, setPassword, googleCredential, confirmWithGoogle, google, error, deleting, submit } =
    useDeleteAccount(user);
  return (
    <form method="dialog" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="delete-dialog-title">{Msg.deleteAccountDialogTitle}</h2>
      <ul className="delete-dialog__consequences">
        {Msg.deleteAccountConsequences(user.hasPassword).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <p className="delete-dialog__warning">{Msg.deleteAccountIrreversible}</p>
      {user.fromGoogle ? (
        <div className="delete-dialog__google">
          <p>{googleCredential ? Msg.deleteAccountGoogleConfirmed : Msg.deleteAccountGoogleHint}</p>
          {google && !googleCredential && <GoogleSignIn config={google} onCredential={confirmWithGoogle} />}
        </div>
      ) : (
        <Field
          name="delete-password"
          label={Msg.deleteAccountPasswordLabel}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      <FormMessage message={error} />
      <div className="delete-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={deleting}>
          {Msg.deleteAccountCancel}
        </button>
        <button type="submit" className="button button--danger" disabled={deleting}>
          {deleting ? Msg.deleteAccountDeleting : Msg.deleteAccountConfirm}
        </button>
      </div>
    </form>
  );
}
