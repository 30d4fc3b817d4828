import { Link } from '../../../shared/ui/Link';
import { usePageMeta } from '../../../shared/page/use-page-meta';

export function ResetPasswordSuccessfulPage() {
  usePageMeta('Password Reset Successful');
  return (
    <section className="account-page" aria-labelledby="reset-done-heading">
      <h1 id="reset-done-heading">Password Reset Successful</h1>
      <p>Your password has been reset successfully. You can now log in with your new password.</p>
      <p className="account-links">
        <Link to="/user/login">Login</Link>
      </p>
    </section>
  );
}
