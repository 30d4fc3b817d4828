import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../state/store';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom, userAtom } from '../../state/session.atoms';
import { ProtectedRoute } from './ProtectedRoute';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

function renderProfile() {
  return renderWithProviders(
    <Routes>
      <Route path="/user/login" element={<p>Login screen</p>} />
      <Route
        path="/user/profile"
        element={
          <ProtectedRoute>
            <p>Profile screen</p>
          </ProtectedRoute>
        }
      />
    </Routes>,
    '/user/profile',
  );
}

describe('ProtectedRoute', () => {
  it('sends a reader who is not logged in to /user/login', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderProfile();
    expect(screen.getByText('Login screen')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows nothing while the token is refreshed on entry, then the page', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const { container } = renderProfile();
    expect(container).toBeEmptyDOMElement();
    await act(async () => answer(new Response(JSON.stringify({ token: 't2', refreshToken: 'r2' }), { status: 200 })));
    expect(screen.getByText('Profile screen')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/user/token', expect.objectContaining({ method: 'POST', body: '{"refreshToken":"r"}' }));
  });

  it('sends the reader to /user/login and clears the session when the refresh fails', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Your session has expired. Please log in again.' }), { status: 401 })));
    renderProfile();
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(getAppStore().get(userAtom)).toBeNull();
  });
});
