import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { postJson } from '../../shared/api/api-client';
import { clearSessionAtom, refreshTokenAtom } from '../../shared/state/session.atoms';

/**
 * Log Out: clears token, refreshToken and user, tells the server to forget the refresh token (best effort), then
 * goes to the home page, or reloads it when already there.
 */
export function useLogOut(): () => void {
  const store = useStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    const refreshToken = store.get(refreshTokenAtom);
    store.set(clearSessionAtom);
    if (refreshToken) postJson('/user/logout', { refreshToken }).catch((error: unknown) => console.error(error));
    if (pathname === '/') window.location.reload();
    else navigate('/', { replace: true });
  }, [store, navigate, pathname]);
}
