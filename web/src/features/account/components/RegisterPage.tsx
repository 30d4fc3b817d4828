import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../site-shell/use-page-meta';
import { failureMessage } from '../account-messages';
import { register } from '../api';
import { useTimedSubmit } from '../use-timed-submit';
import { FormField } from './FormField';
import { FormMessage, type Notice } from './FormMessage';
import { Honeypot } from './Honeypot';

export function RegisterPage() {
  usePageMeta('Register', 'Create an account to like stories, comment and follow replies.');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [registered, setRegistered] = useState(false);
  const { submitting, run } = useTimedSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        const answer = await register(email, password, username, honeypot);
        setNotice({ text: answer.message, isError: !answer.success });
        if (answer.success) {
          setRegistered(true);
          setEmail('');
          setUsername('');
        }
      } catch (error) {
        setNotice({ text: failureMessage(error), isError: true });
      }
    });
  };

  return (
    <section className="account-page" aria-labelledby="register-heading">
      <h1 id="register-heading">Register</h1>
      <form className="account-form" onSubmit={submit}>
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <FormField label="Password" type="password" name="password" autoComplete="new-password" value={password} onChange={setPassword} />
        <FormField label="Username" type="text" name="username" autoComplete="username" value={username} onChange={setUsername} />
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="button" disabled={submitting}>
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
