import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppStore } from '../../../app/store';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom, tokenAtom, userAtom } from '../../session/session.atoms';
import { ProfilePage } from './ProfilePage';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

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
    const fetchMock = stubFetch(() => json(200, {}));
    renderWithProviders(<ProfilePage />);
    changeUsernameTo('reader');
    expect(within(usernameForm()).getByRole('alert')).toHaveTextContent(
      'The new username cannot be the same as the old username. Please choose a different username.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'No token found. Please log in again.' without a stored token", () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    getAppStore().set(tokenAtom, null);
    stubFetch(() => json(200, {}));
    renderWithProviders(<ProfilePage />);
    changeUsernameTo('someone-else');
    expect(within(usernameForm()).getByRole('alert')).toHaveTextContent('No token found. Please log in again.');
  });

  it('changes the username with the bearer token and updates the stored user record', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch(() => json(200, { message: 'Your username has been changed.' }));
    renderWithProviders(<ProfilePage />);
    changeUsernameTo('renamed');
    expect(await within(usernameForm()).findByRole('status')).toHaveTextContent('Your username has been changed.');
    expect(bodyOf(fetchMock, '/api/user/profile/change-username')).toEqual({ newUsername: 'renamed', honeypot: '' });
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ Authorization: 'Bearer t' });
    expect(getAppStore().get(userAtom)?.username).toBe('renamed');
    expect(JSON.parse(localStorage.getItem('user')!).username).toBe('renamed');
  });

  it('shows a refused username change verbatim and keeps the stored username', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => json(400, { statusCode: 400, success: false, message: 'This username is already taken. Please choose another one.' }));
    renderWithProviders(<ProfilePage />);
    changeUsernameTo('taken');
    expect(await within(usernameForm()).findByRole('alert')).toHaveTextContent('This username is already taken. Please choose another one.');
    expect(getAppStore().get(userAtom)?.username).toBe('reader');
  });

  it('does not send differing passwords, and clears the fields after an attempt', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch(() => json(200, { message: 'Your password has been changed.' }));
    renderWithProviders(<ProfilePage />);
    changePassword('first-password', 'other-password');
    expect(within(passwordForm()).getByRole('alert')).toHaveTextContent('New password and confirmed password are not the same, please check again.');
    expect(fetchMock).not.toHaveBeenCalled();

    changePassword('a-new-password', 'a-new-password');
    expect(await within(passwordForm()).findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(bodyOf(fetchMock, '/api/user/profile/change-password')).toEqual({ newPassword: 'a-new-password', honeypot: '' });
    expect(within(passwordForm()).getByLabelText('New Password')).toHaveValue('');
    expect(within(passwordForm()).getByLabelText('Confirm New Password')).toHaveValue('');
  });
});
