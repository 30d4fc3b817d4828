import { useQuery } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../shared/ui/Link';
import { clearSessionAtom } from '../../../shared/state/session.atoms';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { AccountText, failureMessage } from '../account-messages';
import { verifyEmail } from '../api';
import { FormMessage } from '../../../shared/ui/FormMessage';

/** /user/verify-email?token&email: verifies once on arrival, shows the answer, and logs the reader out. */
export function VerifyEmailPage() {
  usePageMeta('Verify E-mail');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const store = useStore();
  const verification = useQuery({
    queryKey: ['verify-email', token, email],
    queryFn: async () => {
      try {
        return await verifyEmail(token, email);
      } finally {
        store.set(clearSessionAtom);
      }
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  const notice = !token
    ? { text: AccountText.invalidToken, isError: true }
    : verification.isSuccess
      ? { text: verification.data.message, isError: false }
      : verification.isError
        ? { text: failureMessage(verification.error), isError: true }
        : null;

  return (
    <section className="account-page" aria-labelledby="verify-heading">
      <h1 id="verify-heading">Verify E-mail</h1>
      {notice ? <FormMessage notice={notice} /> : <p>Loading...</p>}
      <p className="account-links">
        <Link to="/user/login">Login</Link>
      </p>
    </section>
  );
}
