import { LivePush } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { fakeLiveClient } from '../../../test/fake-socket';
import { badgeText } from '../../../features/badges/badge-text';
import { LiveContext } from '../../../shared/live/live-context';
import { ProtectedRoute } from '../../../shared/session/components/ProtectedRoute';
import { startSessionAtom, tokenAtom, userAtom } from '../../../shared/state/session.atoms';
import { Header } from './Header';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

function serveCounts(unreadCount: number | 'fail', uncheckedUpdatesCount: number) {
  return stubFetch((url) => {
    if (url === '/api/user/replies/unread-count') return unreadCount === 'fail' ? json(500, { message: 'Internal server error' }) : json(200, { unreadCount });
    if (url === '/api/user/liked-story/unchecked-updates-count') return json(200, { uncheckedUpdatesCount });
    return json(200, { message: 'You have been logged out.' });
  });
}

describe('badgeText', () => {
  it('shows counts up to 99 as they are and 99+ above 99', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(4321)).toBe('99+');
  });
});

describe('Header badges', () => {
  it('shows the counts on Liked Story and Reply Notification (99+ above 99) and highlights both icons', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    serveCounts(150, 2);
    renderWithProviders(<Header />);
    // The logged-in reader's icons come with their own code, loaded on demand.
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(await within(bell).findByText('99+')).toBeInTheDocument();
    expect(bell).toHaveClass('icon-button--attention');
    const profile = screen.getByRole('button', { name: 'Account menu' });
    expect(profile).toHaveClass('icon-button--attention');
    fireEvent.click(profile);
    expect(within(screen.getByRole('link', { name: /Liked Story/ })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Reply Notification/ })).getByText('99+')).toBeInTheDocument();
  });

  it('highlights nothing and shows no badge when both counts are 0', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = serveCounts(0, 0);
    renderWithProviders(<Header />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('link', { name: 'Notifications' })).not.toHaveClass('icon-button--attention');
    expect(screen.getByRole('button', { name: 'Account menu' })).not.toHaveClass('icon-button--attention');
    expect(document.querySelector('.count-badge')).toBeNull();
  });

  it('only logs a failed count and still shows the other', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveCounts('fail', 3);
    renderWithProviders(<Header />);
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveClass('icon-button--attention'));
    log.mockRestore();
  });

  it('updates the counts live from the badge push, without a reload', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    serveCounts(0, 0);
    const { client, sockets } = fakeLiveClient();
    client.start();
    renderWithProviders(
      <LiveContext.Provider value={client}>
        <Header />
      </LiveContext.Provider>,
    );
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0].serverAccepts());
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    act(() => sockets[0].push(LivePush.BadgesChanged, { unreadReplies: 1, uncheckedUpdates: 0 }));
    expect(await within(bell).findByText('1')).toBeInTheDocument();
    expect(bell).toHaveClass('icon-button--attention');
    act(() => sockets[0].push(LivePush.BadgesChanged, { unreadReplies: 0, uncheckedUpdates: 0 }));
    await waitFor(() => expect(bell).not.toHaveClass('icon-button--attention'));
    expect(document.querySelector('.count-badge')).toBeNull();
    client.stop();
  });

  it('asks for no counts when logged out', () => {
    const fetchMock = serveCounts(5, 5);
    renderWithProviders(<Header />);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Notifications' })).toBeNull();
  });
});

describe('Header', () => {
  it('links Home and Search, and the profile icon links to login when logged out', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/searchbook');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/user/login');
  });

  it('opens a menu with Log Out, Profile, Liked Story and Reply Notification when logged in', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    serveCounts(0, 0);
    renderWithProviders(<Header />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByRole('link', { name: 'Liked Story' })).toHaveAttribute('href', '/user/liked-story');
    expect(screen.getByRole('link', { name: 'Reply Notification' })).toHaveAttribute('href', '/user/reply-notification');
  });

  it('adds Moderation and Audit trail to the menu of an operator, asking once the menu opens', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch((url) => (url === '/api/admin/me' ? json(200, { operator: true, user_id: 'u1', username: 'reader' }) : json(200, { unreadCount: 0, uncheckedUpdatesCount: 0 })));
    renderWithProviders(<Header />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/me')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/admin/moderation');
    expect(screen.getByRole('link', { name: 'Audit trail' })).toHaveAttribute('href', '/admin/audit');
  });

  it('shows no operator links to a reader without the role', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch((url) =>
      url === '/api/admin/me' ? json(403, { statusCode: 403, message: 'This page is for operators.' }) : json(200, { unreadCount: 0, uncheckedUpdatesCount: 0 }),
    );
    renderWithProviders(<Header />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/admin/me', expect.anything()));
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Audit trail' })).toBeNull();
  });

  it('Log Out clears the session and goes to the home page', async () => {
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
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(screen.getByText('Home screen')).toBeInTheDocument();
    expect(getAppStore().get(tokenAtom)).toBeNull();
    expect(getAppStore().get(userAtom)).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/user/logout', expect.objectContaining({ body: '{"refreshToken":"r"}' })));
  });

  it('Log Out clears the session even when the server cannot be reached, and only logs the failure', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
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
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByText('Home screen')).toBeInTheDocument();
    expect(getAppStore().get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    log.mockRestore();
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
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log Out' })));
    expect(screen.getByText('Home screen')).toBeInTheDocument();
  });
});
