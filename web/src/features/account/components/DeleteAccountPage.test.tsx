import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refreshTokenAtom, startSessionAtom, tokenAtom, userAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { DELETE_ACCOUNT_TEXT, DeleteAccountPage } from './DeleteAccountPage';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };
const LINK = '/user/delete-account?token=abc';

const deleteForGood = () => fireEvent.click(screen.getByRole('button', { name: DELETE_ACCOUNT_TEXT.button }));

describe('DeleteAccountPage', () => {
  it('says a link without a token is not complete, links to the profile and asks nothing', () => {
    const fetchMock = stubFetch(() => json(200, {}));
    renderWithProviders(<DeleteAccountPage />, '/user/delete-account');
    expect(screen.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not complete. Ask for a new one in your profile.');
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('warns, deletes only on the button with the link’s token, shows the answer and signs this browser out', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch(() => json(200, { success: true, message: 'Your account has been deleted.' }));
    renderWithProviders(<DeleteAccountPage />, LINK);
    expect(screen.getByText(DELETE_ACCOUNT_TEXT.warning)).toHaveTextContent('This cannot be undone');
    expect(fetchMock).not.toHaveBeenCalled();

    deleteForGood();
    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been deleted.');
    expect(bodyOf(fetchMock, '/api/user/delete-account')).toEqual({ token: 'abc' });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect([getAppStore().get(tokenAtom), getAppStore().get(refreshTokenAtom), getAppStore().get(userAtom)]).toEqual([null, null, null]);
    expect(['token', 'refreshToken', 'user'].map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
  });

  it.each([
    ['a bad token', 'Invalid token.'],
    ['a used or expired token', 'This link has expired or was already used. Please request a new one.'],
  ])('shows the refusal of %s, links to the profile and keeps the session', async (_case, message) => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => json(400, { success: false, message }));
    renderWithProviders(<DeleteAccountPage />, LINK);
    deleteForGood();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/user/profile');
    expect(getAppStore().get(userAtom)).toEqual(user);
  });
});
