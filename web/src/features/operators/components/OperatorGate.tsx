import type { ReactNode } from 'react';
import { Link } from '../../../shared/ui/Link';
import { OPERATORS_ONLY } from '../moderation-text';
import { useOperator } from '../queries';
import { failureText } from '../use-operator-actions';

/**
 * Shows its children to operators only. A visitor is told the page is for operators and offered the login; a reader
 * without the role is told the same; nothing crashes while the answer is on its way or when asking fails.
 */
export function OperatorGate({ children }: { children: ReactNode }) {
  const { loggedIn, isPending, isOperator, error } = useOperator();
  if (!loggedIn) {
    return (
      <div className="operator-refusal">
        <p>{OPERATORS_ONLY}</p>
        <p>
          <Link to="/user/login">Log in</Link> with an operator&apos;s account to use it.
        </p>
      </div>
    );
  }
  if (isPending) return <p>Loading...</p>;
  if (error) return <p role="alert">Error: {failureText(error)}</p>;
  if (!isOperator) {
    return (
      <div className="operator-refusal">
        <p>{OPERATORS_ONLY}</p>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </div>
    );
  }
  return children;
}
