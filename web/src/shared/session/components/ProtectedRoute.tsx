import { useAtomValue, useStore } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { refreshSession } from '../../api/api-client';
import { userAtom } from '../../state/session.atoms';

type Entry = 'checking' | 'allowed' | 'refused';

/**
 * A page that needs a logged-in user. On entry the token is refreshed; nothing is shown meanwhile. Without a user,
 * or when the refresh fails, the reader is sent to /user/login.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const store = useStore();
  const user = useAtomValue(userAtom);
  const [entry, setEntry] = useState<Entry>(user ? 'checking' : 'refused');

  useEffect(() => {
    if (!store.get(userAtom)) return;
    let current = true;
    refreshSession(store).then(
      () => current && setEntry('allowed'),
      () => current && setEntry('refused'),
    );
    return () => {
      current = false;
    };
  }, [store]);

  if (!user || entry === 'refused') return <Navigate to="/user/login" replace />;
  if (entry === 'checking') return null;
  return children;
}
