import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/api-client';
import { useFormMutation } from '../../../shared/api/use-form-mutation';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { AccountText, failureMessage } from '../account-messages';
import { checkResetToken, resetPassword } from '../api';
import { FormField } from '../../../shared/ui/FormField';
import { FormMessage, type Notice } from '../../../shared/ui/FormMessage';
import { Honeypot } from '../../../shared/ui/Honeypot';

/** Why the reset form is not offered: the server's message, 'Invalid token.', or the general failure with its cause. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return `${AccountText.requestFailed} ${error instanceof Error ? error.message : String(error)}`;
}

function NewPasswordForm({ token }: { token: string }) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const navigate = useNavigate();
  /** A refused or mismatched pair is typed again from empty fields, not edited blind. */
  const clearPasswords = () => {
    setNewPassword('');
    setConfirmation('');
  };
  const reset = useFormMutation({
    mutationFn: (form: { newPassword: string; honeypot: string }) => resetPassword(token, form.newPassword, form.honeypot),
    onSuccess: () => navigate('/user/reset-password-successful'),
    onError: (error) => {
      clearPasswords();
      setNotice({ text: failureMessage(error), isError: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== confirmation) {
      clearPasswords();
      setNotice({ text: AccountText.passwordsDiffer, isError: true });
      return;
    }
    reset.submit({ newPassword, honeypot });
  };

  return (
    <form className="account-form" onSubmit={submit}>
      <FormField label="New Password" type="password" name="newPassword" autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
      <FormField label="Confirm New Password" type="password" name="confirmPassword" autoComplete="new-password" value={confirmation} onChange={setConfirmation} />
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <button type="submit" className="button" disabled={reset.submitting}>
        Reset Password
      </button>
      <FormMessage notice={notice} />
    </form>
  );
}

/** /user/reset-password?token&email: checks the token first, then offers the new-password form. */
export function ResetPasswordPage() {
  usePageMeta('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const check = useQuery({
    queryKey: ['reset-token', token, email],
    queryFn: () => checkResetToken(token, email),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  let body;
  if (!token) body = <FormMessage notice={{ text: AccountText.invalidToken, isError: true }} />;
  else if (check.isPending) body = <p>Loading...</p>;
  else if (check.isError) body = <FormMessage notice={{ text: refusal(check.error), isError: true }} />;
  else if (!check.data.success) body = <FormMessage notice={{ text: check.data.message || AccountText.invalidToken, isError: true }} />;
  else body = <NewPasswordForm token={token} />;

  return (
    <section className="account-page" aria-labelledby="reset-heading">
      <h1 id="reset-heading">Reset Password</h1>
      {body}
    </section>
  );
}
