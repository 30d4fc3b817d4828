import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { type FormEvent, type ReactNode, useState } from 'react';
import { tokenAtom, userAtom } from '../../../shared/state/session.atoms';
import { renameAuthorInCache, MutedReaders } from '../../comments';
import { GlossarySetting, SpoilerFoldSetting } from '../../reading-progress';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { AccountText } from '../account-messages';
import { changePassword, changeUsername, logOutOtherSessions, resendVerification } from '../api';
import { useAccountMutation } from '../use-account-mutation';
import { DownloadMyData } from './DownloadMyData';
import { DeleteMyAccount } from './DeleteMyAccount';
import { FormField } from '../../../shared/ui/FormField';
import { FormMessage } from '../../../shared/ui/FormMessage';
import { Honeypot } from '../../../shared/ui/Honeypot';

function ChangeUsernameForm() {
  const store = useStore();
  const queryClient = useQueryClient();
  const user = useAtomValue(userAtom);
  const [newUsername, setNewUsername] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const { notice, setNotice, submitting, send } = useAccountMutation(
    (form: { newUsername: string; honeypot: string }) => changeUsername(form.newUsername, form.honeypot),
    {
      onSuccess: (form) => {
        const stored = store.get(userAtom);
        if (!stored) return;
        store.set(userAtom, { ...stored, username: form.newUsername });
        // Comments already loaded show the new name too.
        renameAuthorInCache(queryClient, stored.user_id, form.newUsername);
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!store.get(tokenAtom)) return setNotice({ text: AccountText.noToken, isError: true });
    if (newUsername === user?.username) return setNotice({ text: AccountText.sameUsername, isError: true });
    send({ newUsername, honeypot });
  };

  return (
    <section aria-labelledby="change-username-heading">
      <h2 id="change-username-heading">Change Username</h2>
      <form className="account-form" onSubmit={submit}>
        <FormField label="New Username" type="text" name="newUsername" autoComplete="username" value={newUsername} onChange={setNewUsername} />
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="button" disabled={submitting}>
          Change Username
        </button>
        <FormMessage notice={notice} />
      </form>
    </section>
  );
}

function ChangePasswordForm() {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [honeypot, setHoneypot] = useState('');
  /** After an answer or a mismatch the pair is typed again from empty fields, not edited blind. */
  const clearPasswords = () => {
    setNewPassword('');
    setConfirmation('');
  };
  const { notice, setNotice, submitting, send } = useAccountMutation(
    (form: { newPassword: string; honeypot: string }) => changePassword(form.newPassword, form.honeypot),
    { onSettled: clearPasswords },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== confirmation) {
      clearPasswords();
      return setNotice({ text: AccountText.passwordsDiffer, isError: true });
    }
    send({ newPassword, honeypot });
  };

  return (
    <section aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">Reset Password</h2>
      <form className="account-form" onSubmit={submit}>
        <FormField label="New Password" type="password" name="newPassword" autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
        <FormField label="Confirm New Password" type="password" name="confirmPassword" autoComplete="new-password" value={confirmation} onChange={setConfirmation} />
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="button" disabled={submitting}>
          Reset Password
        </button>
        <FormMessage notice={notice} />
      </form>
    </section>
  );
}

/** For a reader whose address is not verified yet: a new verification e-mail (the server allows a few an hour). */
function ResendVerificationForm({ email }: { email: string }) {
  const { notice, submitting, send } = useAccountMutation(resendVerification);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <section aria-labelledby="verify-email-heading">
      <h2 id="verify-email-heading">Verify Your E-mail</h2>
      <p>Your e-mail {email} is not verified yet. Verify it to comment, reply and report. No e-mail? We can send the link again.</p>
      <form className="account-form" onSubmit={submit}>
        <button type="submit" className="button" disabled={submitting}>
          Resend verification e-mail
        </button>
        <FormMessage notice={notice} />
      </form>
    </section>
  );
}

function LogOutOtherDevicesForm() {
  const { notice, submitting, send } = useAccountMutation(logOutOtherSessions);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <section aria-labelledby="other-devices-heading">
      <h2 id="other-devices-heading">Other Devices</h2>
      <p>Ends your account's sessions on every other device and browser. This browser stays logged in.</p>
      <form className="account-form" onSubmit={submit}>
        <button type="submit" className="button" disabled={submitting}>
          Log out of all other devices
        </button>
        <FormMessage notice={notice} />
      </form>
    </section>
  );
}

/** /user/profile (login required): the reader's account, a new verification e-mail while it is unverified, a username change, a password change, the spoiler-fold setting, the e-mail digests, a log-out of all other devices, the readers muted and blocked, "Download my data" and "Delete my account". The
 * e-mail digests section is the digests feature's, which the app passes in (app/screens/ProfileScreen.tsx). */
export function ProfilePage({ emailDigests }: { emailDigests: ReactNode }) {
  usePageMeta('Profile');
  const user = useAtomValue(userAtom);
  return (
    <div className="account-page">
      <h1>Profile</h1>
      {user && (
        <dl className="book-facts">
          <dt>Username</dt>
          <dd>{user.username}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </dl>
      )}
      {user && !user.email_verified && <ResendVerificationForm email={user.email} />}
      <ChangeUsernameForm />
      <ChangePasswordForm />
      <SpoilerFoldSetting />
      <GlossarySetting />
      {emailDigests}
      <LogOutOtherDevicesForm />
      <MutedReaders />
      <DownloadMyData />
      <DeleteMyAccount />
    </div>
  );
}
