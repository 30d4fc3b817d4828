import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom, userAtom } from '../../../shared/state/session.atoms';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { ResetPasswordSuccessfulPage } from './ResetPasswordSuccessfulPage';
import { VerifyEmailPage } from './VerifyEmailPage';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: false };

function renderReset(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/user/reset-password" element={<ResetPasswordPage />} />
      <Route path="/user/reset-password-successful" element={<ResetPasswordSuccessfulPage />} />
    </Routes>,
    path,
  );
}

describe('VerifyEmailPage', () => {
  it("shows 'Invalid token.' without a token, and asks nothing", () => {
    const fetchMock = stubFetch(() => json(200, {}));
    renderWithProviders(<VerifyEmailPage />, '/user/verify-email?email=a%40b.c');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid token.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/user/login');
  });

  it("verifies with the address's token and e-mail, shows the server message and logs the reader out", async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch(() => json(200, { message: 'Your e-mail has been verified. You can now log in.' }));
    renderWithProviders(<VerifyEmailPage />, '/user/verify-email?token=abc&email=reader%40example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail has been verified. You can now log in.');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/verify-email?token=abc&email=reader%40example.com');
    expect(getAppStore().get(userAtom)).toBeNull();
  });

  it('shows a refusal verbatim', async () => {
    stubFetch(() => json(400, { message: 'This link has expired or was already used. Please request a new one.' }));
    renderWithProviders(<VerifyEmailPage />, '/user/verify-email?token=old&email=reader%40example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used. Please request a new one.');
  });
});

describe('ForgotPasswordPage', () => {
  it("sends the e-mail with an empty honeypot from the 'Reset Password' button and shows the answer", async () => {
    const fetchMock = stubFetch(() => json(200, { message: 'If an account exists for this e-mail, we have sent a link to reset its password.' }));
    renderWithProviders(<ForgotPasswordPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for this e-mail, we have sent a link to reset its password.');
    expect(bodyOf(fetchMock, '/api/user/forgot-password')).toEqual({ email: 'reader@example.com', honeypot: '' });
  });
});

describe('ResetPasswordPage', () => {
  it("shows 'Invalid token.' without a token", () => {
    stubFetch(() => json(200, {}));
    renderReset('/user/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid token.');
  });

  it("shows the server's message when the token is refused, and the general message with the error text on a failure", async () => {
    stubFetch(() => json(400, { success: false, message: 'This link has expired or was already used. Please request a new one.' }));
    const first = renderReset('/user/reset-password?token=old&email=a%40b.c');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used. Please request a new one.');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    first.unmount();

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderReset('/user/reset-password?token=x&email=a%40b.c');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again. Failed to fetch');
  });

  it('checks the token, refuses differing passwords (emptying both fields), then resets and goes to the confirmation', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/user/reset-password?')
        ? json(200, { success: true, message: 'Token is valid. Please choose a new password.' })
        : json(200, { success: true, message: 'Your password has been reset successfully. You can now log in with your new password.' }),
    );
    renderReset('/user/reset-password?token=good&email=a%40b.c');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'new-password-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('New password and confirmed password are not the same, please check again.');
    expect(bodyOf(fetchMock, '/api/user/reset-password')).toBeUndefined();
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm New Password')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'new-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful' })).toBeInTheDocument();
    expect(screen.getByText('Your password has been reset successfully. You can now log in with your new password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/user/login');
    expect(bodyOf(fetchMock, '/api/user/reset-password')).toEqual({ token: 'good', newPassword: 'new-password-1', honeypot: '' });
  });
});
