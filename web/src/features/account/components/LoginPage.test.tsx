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

  describe("keeps room on home for the reader's Continue reading row", () => {
    const root = document.documentElement;
    const recentBook = { book_id: 7, slug: '7-a-book', english_book_name: 'A Book', cover_image: '/c.jpg', chapter_id: 3, chapter_title: 'Three', position: null, read_at: '2026-01-01T00:00:00.000Z' };
    const logInWith = (books: unknown[]) => {
      delete root.dataset.continueRow;
      localStorage.removeItem('continueRowShown');
      const fetchMock = stubFetch((url) =>
        url.startsWith('/api/user/reading-progress/recent') ? json(200, { books }) : json(200, { message: 'Login successful!', token: 't', refreshToken: 'r', user }),
      );
      renderLogin();
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
      return fetchMock;
    };

    it('when the account has places: asked before going home, with the new token', async () => {
      const fetchMock = logInWith([recentBook]);
      expect(await screen.findByText('Home screen')).toBeInTheDocument();
      const asked = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/user/reading-progress/recent'));
      expect(new Headers(asked?.[1]?.headers).get('Authorization')).toBe('Bearer t');
      expect(root.dataset.continueRow).toBe('');
      expect(localStorage.getItem('continueRowShown')).toBe('true');
    });

    it('and none when it has none', async () => {
      logInWith([]);
      expect(await screen.findByText('Home screen')).toBeInTheDocument();
      expect(root.dataset.continueRow).toBeUndefined();
      expect(localStorage.getItem('continueRowShown')).toBe('false');
    });
  });
});
