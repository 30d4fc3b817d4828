import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './AppRoutes';

const emptyHome = { latestBooks: [], randomBLBooks: [], randomNonBLBooks: [] };

describe('route table', () => {
  it.each(['/', '/no/such/deep/path', '/user/not-a-screen', '/about-us-please'])('shows the home screen at %s', async (path) => {
    stubFetch((url) => (url === '/api/' ? json(200, emptyHome) : json(400, { message: 'Invalid book id.' })));
    renderWithProviders(<AppRoutes />, path);
    expect(await screen.findByRole('heading', { name: 'Latest Updates' })).toBeInTheDocument();
  });

  it.each([
    ['/about-us', 'About Us'],
    ['/contact-us', 'Contact Us'],
    ['/dmca', 'DMCA'],
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/disclaimer', 'Disclaimer'],
    ['/user/login', 'Login'],
    ['/user/register', 'Register'],
    ['/user/forgot-password', 'Forgot Password'],
    ['/user/reset-password-successful', 'Password Reset Successful'],
  ])('loads the screen of %s on demand', async (path, heading) => {
    stubFetch(() => json(200, emptyHome));
    renderWithProviders(<AppRoutes />, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends a visitor who is not logged in from /user/profile to the login screen', async () => {
    stubFetch(() => json(200, emptyHome));
    renderWithProviders(<AppRoutes />, '/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });
});
