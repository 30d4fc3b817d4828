import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../../shared/ui/Link';
import { useFormMutation } from '../../../shared/api/use-form-mutation';
import { clearSessionAtom, startSessionAtom } from '../../../shared/state/session.atoms';
import { prepareContinueRow } from '../../reading-progress';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { failureMessage } from '../account-messages';
import { logIn } from '../api';
import { FormField } from '../../../shared/ui/FormField';
import { FormMessage, type Notice } from '../../../shared/ui/FormMessage';
import { Honeypot } from '../../../shared/ui/Honeypot';

export function LoginPage() {
  usePageMeta('Login', 'Log in to like stories, comment and follow replies.');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const startSession = useSetAtom(startSessionAtom);
  const clearSession = useSetAtom(clearSessionAtom);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useFormMutation({
    mutationFn: (form: { email: string; password: string; honeypot: string }) => logIn(form.email, form.password, form.honeypot),
    onSuccess: (answer) => {
      if (answer.token && answer.refreshToken && answer.user) {
        startSession({ token: answer.token, refreshToken: answer.refreshToken, user: answer.user });
        // Home, next, keeps room for the reader's Continue reading row from its first paint.
        return prepareContinueRow(queryClient, answer.user.user_id).then(() => navigate('/'));
      } else {
        setNotice({ text: answer.message, isError: true });
      }
    },
    onError: (error) => {
      console.error(error);
      clearSession();
      setNotice({ text: failureMessage(error), isError: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.submit({ email, password, honeypot });
  };

  return (
    <section className="account-page" aria-labelledby="login-heading">
      <h1 id="login-heading">Login</h1>
      <form className="account-form" onSubmit={submit}>
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <FormField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="button" disabled={login.submitting}>
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
