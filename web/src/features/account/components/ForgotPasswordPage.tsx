import { type FormEvent, useState } from 'react';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { requestPasswordReset } from '../api';
import { useAccountMutation } from '../use-account-mutation';
import { FormField } from '../../../shared/ui/FormField';
import { FormMessage } from '../../../shared/ui/FormMessage';
import { Honeypot } from '../../../shared/ui/Honeypot';

export function ForgotPasswordPage() {
  usePageMeta('Forgot Password', 'Get a link to reset your password.');
  const [email, setEmail] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const { notice, submitting, send } = useAccountMutation((form: { email: string; honeypot: string }) => requestPasswordReset(form.email, form.honeypot));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ email, honeypot });
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
