import { useEffect } from 'react';
import { useLogOut } from '../../../shared/session/use-log-out';

/** /user/logout: logs out and goes home; it has no screen of its own. */
export function LogoutPage() {
  const logOut = useLogOut();
  useEffect(() => logOut(), [logOut]);
  return null;
}
