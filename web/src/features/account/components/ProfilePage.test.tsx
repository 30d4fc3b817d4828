import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom, tokenAtom, userAtom } from '../../../shared/state/session.atoms';
import { ProfilePage } from './ProfilePage';

// The muted and blocked readers' section fetches its lists: MutedReaders.test.tsx covers it; here only the forms ask.
vi.mock('../../comments/mutes/components/MutedReaders', () => ({ MutedReaders: () => null }));

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

/**
 * Stubs fetch for the account's own calls, which the returned mock records; the page's reader settings (the spoiler
 * fold) are answered aside, so each test sees only the calls of the form it uses.
 */
function stubAccountFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const accountCalls = vi.fn(async (url: string, init: RequestInit = {}) => answer(url, init));
  stubFetch((url, init) => (url === '/api/user/reader-settings' ? json(200, { spoiler_fold: true }) : accountCalls(url, init)));
  return accountCalls;
}

const usernameForm = () => screen.getByRole('region', { name: 'Change Username' });
const passwordForm = () => screen.getByRole('region', { name: 'Reset Password' });

function changeUsernameTo(name: string) {
  fireEvent.change(within(usernameForm()).getByLabelText('New Username'), { target: { value: name } });
  fireEvent.click(within(usernameForm()).getByRole('button', { name: 'Change Username' }));
}

function changePassword(password: string, confirmation: string) {
  fireEvent.change(within(passwordForm()).getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(within(passwordForm()).getByLabelText('Confirm New Password'), { target: { value: confirmation } });
  fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Reset Password' }));
}

describe('ProfilePage', () => {
  it('refuses the current username without asking the server', () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubAccountFetch(() => json(200, {}));
    renderWithProviders(<ProfilePage emailDigests={null} />);
    changeUsernameTo('reader');
    expect(within(usernameForm()).getByRole('alert')).toHaveTextContent(
      'The new username cannot be the same as the old username. Please choose a different username.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'No token found. Please log in again.' without a stored token", () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    getAppStore().set(tokenAtom, null);
    stubAccountFetch(() => json(200, {}));
    renderWithProviders(<ProfilePage emailDigests={null} />);
    changeUsernameTo('someone-else');
    expect(within(usernameForm()).getByRole('alert')).toHaveTextContent('No token found. Please log in again.');
  });

  it('changes the username with the bearer token and updates the stored user record', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubAccountFetch(() => json(200, { message: 'Your username has been changed.' }));
    renderWithProviders(<ProfilePage emailDigests={null} />);
    changeUsernameTo('renamed');
    expect(await within(usernameForm()).findByRole('status')).toHaveTextContent('Your username has been changed.');
    expect(bodyOf(fetchMock, '/api/user/profile/change-username')).toEqual({ newUsername: 'renamed', honeypot: '' });
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ Authorization: 'Bearer t' });
    expect(getAppStore().get(userAtom)?.username).toBe('renamed');
    expect(JSON.parse(localStorage.getItem('user')!).username).toBe('renamed');
  });

  it('shows a refused username change verbatim and keeps the stored username', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubAccountFetch(() => json(400, { statusCode: 400, success: false, message: 'This username is already taken. Please choose another one.' }));
    renderWithProviders(<ProfilePage emailDigests={null} />);
    changeUsernameTo('taken');
    expect(await within(usernameForm()).findByRole('alert')).toHaveTextContent('This username is already taken. Please choose another one.');
    expect(getAppStore().get(userAtom)?.username).toBe('reader');
  });

  it('does not send differing passwords, and clears the fields after an attempt', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubAccountFetch(() => json(200, { message: 'Your password has been changed.' }));
    renderWithProviders(<ProfilePage emailDigests={null} />);
    changePassword('first-password', 'other-password');
    expect(within(passwordForm()).getByRole('alert')).toHaveTextContent('New password and confirmed password are not the same, please check again.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(within(passwordForm()).getByLabelText('New Password')).toHaveValue('');
    expect(within(passwordForm()).getByLabelText('Confirm New Password')).toHaveValue('');

    changePassword('a-new-password', 'a-new-password');
    expect(await within(passwordForm()).findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(bodyOf(fetchMock, '/api/user/profile/change-password')).toEqual({ newPassword: 'a-new-password', honeypot: '' });
    expect(within(passwordForm()).getByLabelText('New Password')).toHaveValue('');
    expect(within(passwordForm()).getByLabelText('Confirm New Password')).toHaveValue('');
  });
});

describe('ProfilePage: log out of all other devices', () => {
  const devicesSection = () => screen.getByRole('region', { name: 'Other Devices' });
  const button = () => within(devicesSection()).getByRole('button', { name: 'Log out of all other devices' });
  const ended = { message: 'You are logged out of every other device.' };

  it("calls the endpoint with the bearer token, is disabled meanwhile and shows the server's message", async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    let answer!: (response: Response) => void;
    const fetchMock = stubAccountFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<ProfilePage emailDigests={null} />);
    fireEvent.click(button());
    expect(button()).toBeDisabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method, init?.body]).toEqual(['/api/user/profile/logout-other-sessions', 'POST', '{}']);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer t' });
    answer(json(200, ended));
    expect(await within(devicesSection()).findByRole('status')).toHaveTextContent(ended.message);
  });

  it('refreshes an expired token once and retries, as every authenticated call does', async () => {
    getAppStore().set(startSessionAtom, { token: 'old', refreshToken: 'r', user });
    const fetchMock = stubAccountFetch((url, init) => {
      if (url === '/api/user/token') return json(200, { token: 'new', refreshToken: 'r2' });
      return (init.headers as Record<string, string>).Authorization === 'Bearer new' ? json(200, ended) : json(401, { message: 'Unauthorized' });
    });
    renderWithProviders(<ProfilePage emailDigests={null} />);
    fireEvent.click(button());
    expect(await within(devicesSection()).findByRole('status')).toHaveTextContent(ended.message);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/user/profile/logout-other-sessions',
      '/api/user/token',
      '/api/user/profile/logout-other-sessions',
    ]);
  });

  it.each([
    ['the server message verbatim', json(429, { message: 'Too many requests. Please try again later.' }), 'Too many requests. Please try again later.'],
    ["'An error occurred. Please try again.' without one", new Response('', { status: 500 }), 'An error occurred. Please try again.'],
  ])('shows %s on failure', async (_case, response, text) => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubAccountFetch(() => response);
    renderWithProviders(<ProfilePage emailDigests={null} />);
    fireEvent.click(button());
    expect(await within(devicesSection()).findByRole('alert')).toHaveTextContent(text);
  });

  it('offers an unverified reader a new verification e-mail and shows the answer, or the refusal', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: { ...user, email_verified: false } });
    const fetchMock = stubAccountFetch(() => json(200, { message: 'We have sent you a new verification e-mail. Its link works for 48 hours.' }));
    const first = renderWithProviders(<ProfilePage emailDigests={null} />);
    const section = screen.getByRole('region', { name: 'Verify Your E-mail' });
    expect(section).toHaveTextContent('Your e-mail reader@example.com is not verified yet.');
    fireEvent.click(within(section).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('We have sent you a new verification e-mail. Its link works for 48 hours.');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/resend-verification');
    first.unmount();

    stubAccountFetch(() => json(429, { message: 'Too many attempts. Please wait a while and try again.' }));
    renderWithProviders(<ProfilePage emailDigests={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a while and try again.');
  });

  it('offers no verification e-mail to a verified reader', () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubAccountFetch(() => json(200, {}));
    renderWithProviders(<ProfilePage emailDigests={null} />);
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).not.toBeInTheDocument();
  });
});
