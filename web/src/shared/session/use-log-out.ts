import { useMutation } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearSessionAtom, refreshTokenAtom } from '../state/session.atoms';
import { forgetRefreshToken } from './api';

/**
 * Log Out: clears token, refreshToken and user, tells the server to forget the refresh token (best effort: the session
 * is gone on this device whatever the server answers, and a failure is only logged), then goes to the home page, or
 * reloads it when already there.
 */
export function useLogOut(): () => void {
  const store = useStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Options-level callbacks: they still run when the menu that logged out has unmounted.
  const { mutate: forget } = useMutation({
    networkMode: 'always',
    mutationFn: forgetRefreshToken,
    onError: (error) => console.error(error),
  });
  return useCallback(() => {
    const refreshToken = store.get(refreshTokenAtom);
    store.set(clearSessionAtom);
    if (refreshToken) forget(refreshToken);
    if (pathname === '/') window.location.reload();
    else navigate('/', { replace: true });
  }, [store, forget, navigate, pathname]);
}
