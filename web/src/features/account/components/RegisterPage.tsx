import { type FormEvent, useState } from 'react';
import { Link } from '../../../shared/ui/Link';
import { useFormMutation } from '../../../shared/api/use-form-mutation';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { failureMessage } from '../account-messages';
import { register } from '../api';
import { FormField } from '../../../shared/ui/FormField';
import { FormMessage, type Notice } from '../../../shared/ui/FormMessage';
import { Honeypot } from '../../../shared/ui/Honeypot';

export function RegisterPage() {
  usePageMeta('Register', 'Create an account to like stories, comment and follow replies.');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [registered, setRegistered] = useState(false);
  const registration = useFormMutation({
    mutationFn: (form: { email: string; password: string; username: string; honeypot: string }) => register(form.email, form.password, form.username, form.honeypot),
    onSuccess: (answer) => {
      setNotice({ text: answer.message, isError: !answer.success });
      if (answer.success) {
        setRegistered(true);
        setEmail('');
        setUsername('');
      }
    },
    onError: (error) => setNotice({ text: failureMessage(error), isError: true }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.submit({ email, password, username, honeypot });
  };

  return (
    <section className="account-page" aria-labelledby="register-heading">
      <h1 id="register-heading">Register</h1>
      <form className="account-form" onSubmit={submit}>
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <FormField label="Password" type="password" name="password" autoComplete="new-password" value={password} onChange={setPassword} />
        <FormField label="Username" type="text" name="username" autoComplete="username" value={username} onChange={setUsername} />
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="button" disabled={registration.submitting}>
          Register
        </button>
        <FormMessage notice={notice} />
      </form>
      <p className="account-links">
        <Link to="/user/login">{registered ? 'Go to Login' : 'Login'}</Link>
      </p>
    </section>
  );
}
