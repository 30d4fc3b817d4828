import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { clearSessionAtom, startSessionAtom } from '../../session/session.atoms';
import { usePageMeta } from '../../site-shell/use-page-meta';
import { failureMessage } from '../account-messages';
import { logIn } from '../api';
import { useTimedSubmit } from '../use-timed-submit';
import { FormField } from './FormField';
import { FormMessage, type Notice } from './FormMessage';
import { Honeypot } from './Honeypot';

export function LoginPage() {
  usePageMeta('Login', 'Log in to like stories, comment and follow replies.');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const { submitting, run } = useTimedSubmit();
  const startSession = useSetAtom(startSessionAtom);
  const clearSession = useSetAtom(clearSessionAtom);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        const answer = await logIn(email, password, honeypot);
        if (answer.token && answer.refreshToken && answer.user) {
          startSession({ token: answer.token, refreshToken: answer.refreshToken, user: answer.user });
          navigate('/');
        } else {
          setNotice({ text: answer.message, isError: true });
        }
      } catch (error) {
        console.error(error);
        clearSession();
        setNotice({ text: failureMessage(error), isError: true });
      }
    });
  };

  return (
    <section className="account-page" aria-labelledby="login-heading">
      <h1 id="login-heading">Login</h1>
      <form className="account-form" onSubmit={submit}>
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <FormField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="button" disabled={submitting}>
          Login
        </button>
        <FormMessage notice={notice} />
      </form>
      <p className="account-links">
        <Link to="/user/register">Register</Link> <Link to="/user/forgot-password">Forgot Password</Link>
      </p>
    </section>
  );
}
