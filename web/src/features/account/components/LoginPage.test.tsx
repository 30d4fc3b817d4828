import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { tokenAtom, userAtom } from '../../../shared/state/session.atoms';
import { LoginPage } from './LoginPage';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

function renderLogin() {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<p>Home screen</p>} />
      <Route path="/user/login" element={<LoginPage />} />
    </Routes>,
    '/user/login',
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'reader@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
}

describe('LoginPage', () => {
  it('has Email, Password, a hidden honeypot, a Login button and links to Register and Forgot Password', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(document.querySelector('.honeypot')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/user/register');
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/user/forgot-password');
  });

  it('stores token, refresh token and user, and goes to / on success; the honeypot is sent empty', async () => {
    const fetchMock = stubFetch(() => json(200, { message: 'Login successful!', token: 't', refreshToken: 'r', user }));
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/user/login')).toEqual({ email: 'reader@example.com', password: 'secret-password', honeypot: '' });
    expect(getAppStore().get(tokenAtom)).toBe('t');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
  });

  it("shows the server's message, logs the failure and clears the session; the button comes back about 1 s later", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => json(401, { statusCode: 401, message: 'Invalid email or password.' }));
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(logged).toHaveBeenCalled();
    expect(getAppStore().get(userAtom)).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled(), { timeout: 1500 });
    logged.mockRestore();
  });

  it("shows 'An error occurred. Please try again.' when the request fails without a message", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLogin();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Login' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    logged.mockRestore();
  });
});
