import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './AppRoutes';

const emptyHome = { latestBooks: [], randomBLBooks: [], randomNonBLBooks: [] };

/** An empty home page; any book the path names is unknown. */
const serveEmptyHome = () => stubFetch((url) => (url === '/api/' ? json(200, emptyHome) : json(400, { message: 'Invalid book id.' })));

describe('route table', () => {
  it.each([
    '/',
    '/no/such/deep/path',
    '/user/not-a-screen',
    '/about-us-please',
    '/2-x/%E0%A4%A',
    '/%E0%A4%A',
    '/%0A%00%1F%7F',
  ])('shows the home screen at %s', async (path) => {
    serveEmptyHome();
    renderWithProviders(<AppRoutes />, path);
    // A two-segment path first loads the chapter screen's code on demand, which can take a while on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Latest Updates' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the home screen at a path of 5,000 characters', async () => {
    serveEmptyHome();
    renderWithProviders(<AppRoutes />, `/${'a'.repeat(5000)}`);
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
    ['/user/delete-account', 'Delete your account'],
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

  it.each([
    ['/admin/moderation', 'Moderation'],
    ['/admin/audit', 'Audit trail'],
  ])('tells a visitor at %s that the page is for operators', async (path, heading) => {
    stubFetch(() => json(200, emptyHome));
    renderWithProviders(<AppRoutes />, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText('This page is for operators.')).toBeInTheDocument();
  });
});
