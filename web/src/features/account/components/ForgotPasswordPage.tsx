import { type FormEvent, useState } from 'react';
import { usePageMeta } from '../../site-shell/use-page-meta';
import { failureMessage } from '../account-messages';
import { requestPasswordReset } from '../api';
import { useTimedSubmit } from '../use-timed-submit';
import { FormField } from './FormField';
import { FormMessage, type Notice } from './FormMessage';
import { Honeypot } from './Honeypot';

export function ForgotPasswordPage() {
  usePageMeta('Forgot Password', 'Get a link to reset your password.');
  const [email, setEmail] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const { submitting, run } = useTimedSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        const answer = await requestPasswordReset(email, honeypot);
        setNotice({ text: answer.message, isError: false });
      } catch (error) {
        setNotice({ text: failureMessage(error), isError: true });
      }
    });
  };

  return (
    <section className="account-page" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">Forgot Password</h1>
      <form className="account-form" onSubmit={submit}>
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="button" disabled={submitting}>
          Reset Password
        </button>
        <FormMessage notice={notice} />
      </form>
    </section>
  );
}
