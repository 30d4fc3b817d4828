import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../app/store';
import { renderWithProviders } from '../../../test/render';
import { ProtectedRoute } from '../../session/components/ProtectedRoute';
import { startSessionAtom, tokenAtom, userAtom } from '../../session/session.atoms';
import { Header } from './Header';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

describe('Header', () => {
  it('links Home and Search, and the profile icon links to login when logged out', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/searchbook');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/user/login');
  });

  it('opens a menu with Log Out, Profile, Liked Story and Reply Notification when logged in', () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    renderWithProviders(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByRole('link', { name: 'Liked Story' })).toHaveAttribute('href', '/user/liked-story');
    expect(screen.getByRole('link', { name: 'Reply Notification' })).toHaveAttribute('href', '/user/reply-notification');
  });

  it('Log Out clears the session and goes to the home page', () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"You have been logged out."}', { status: 200 })));
    renderWithProviders(
      <>
        <Header />
        <Routes>
          <Route path="/" element={<p>Home screen</p>} />
          <Route path="*" element={<p>Other screen</p>} />
        </Routes>
      </>,
      '/searchbook',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(screen.getByText('Home screen')).toBeInTheDocument();
    expect(getAppStore().get(tokenAtom)).toBeNull();
    expect(getAppStore().get(userAtom)).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/user/logout', expect.objectContaining({ body: '{"refreshToken":"r"}' }));
  });

  it('Log Out on a login-only page goes to the home page, not to login', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"token":"t2","refreshToken":"r2"}', { status: 200 })));
    renderWithProviders(
      <>
        <Header />
        <Routes>
          <Route path="/" element={<p>Home screen</p>} />
          <Route path="/user/login" element={<p>Login screen</p>} />
          <Route path="/user/profile" element={<ProtectedRoute><p>Profile screen</p></ProtectedRoute>} />
        </Routes>
      </>,
      '/user/profile',
    );
    expect(await screen.findByText('Profile screen')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log Out' })));
    expect(screen.getByText('Home screen')).toBeInTheDocument();
  });
});
