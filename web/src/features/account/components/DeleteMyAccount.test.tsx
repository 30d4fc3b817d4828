import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { DeleteMyAccount } from './DeleteMyAccount';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };
const section = () => screen.getByRole('region', { name: 'Delete Your Account' });
const SENT = 'We have sent you an e-mail with a link to confirm the deletion of your account. The link works for one hour.';

function askToDelete(password: string) {
  fireEvent.change(within(section()).getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(within(section()).getByRole('button', { name: 'Delete my account' }));
}

describe('DeleteMyAccount', () => {
  it('says what deletion does', () => {
    stubFetch(() => json(200, {}));
    renderWithProviders(<DeleteMyAccount />);
    expect(section()).toHaveTextContent('your account cannot log in again');
    expect(section()).toHaveTextContent('Your comments show “[deleted account]” without their text');
    expect(section()).toHaveTextContent('Your likes, reading progress and e-mail address are forgotten');
    expect(section()).toHaveTextContent('your username is free for others after 30 days');
  });

  it('sends the password with the bearer token and announces the e-mail politely, emptying the field', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch(() => json(200, { message: SENT }));
    renderWithProviders(<DeleteMyAccount />);
    askToDelete('my-password-1');
    expect(await within(section()).findByRole('status')).toHaveTextContent(SENT);
    expect(bodyOf(fetchMock, '/api/user/profile/delete-account')).toEqual({ password: 'my-password-1' });
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ Authorization: 'Bearer t' });
    expect(within(section()).getByLabelText('Password')).toHaveValue('');
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a wrong password's refusal verbatim next to the field", async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => json(400, { success: false, message: 'The password is not correct.' }));
    renderWithProviders(<DeleteMyAccount />);
    askToDelete('not-my-password');
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('The password is not correct.');
    expect(alert.previousElementSibling).toContainElement(within(section()).getByLabelText('Password'));
    expect(within(section()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the rate limit’s message, and the general one when the call fails', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => json(429, { statusCode: 429, message: 'Too many requests. Please try again later.' }));
    const first = renderWithProviders(<DeleteMyAccount />);
    askToDelete('my-password-1');
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    first.unmount();

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<DeleteMyAccount />);
    askToDelete('my-password-1');
    expect(await within(section()).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });
});
