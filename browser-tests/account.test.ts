import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './harness/browser';
import { linkIn, waitForMailTo } from './harness/mail';
import { callApi } from './harness/users';

describe('an account from registration to a new username', () => {
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const email = `reader-${stamp}@example.com`;
  const password = 'correct horse battery staple';

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers, verifies the e-mail through the link MailDev caught, logs in and changes the username', async () => {
    const site = inject('site').baseUrl;
    await page.goto(`${site}/user/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Username').fill(`reader${stamp}`);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('link', { name: 'Go to Login' }).waitFor();

    const verifyLink = linkIn(await waitForMailTo(email), '/user/verify-email');
    await page.goto(`${site}${verifyLink.pathname}${verifyLink.search}`);
    await page.getByRole('heading', { name: 'Verify E-mail' }).waitFor();
    await page.getByText('Your e-mail has been verified. You can now log in.').waitFor();

    await page.goto(`${site}/user/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${site}/`);

    await page.goto(`${site}/user/profile`);
    await page.getByRole('heading', { name: 'Change Username' }).waitFor();
    await page.getByLabel('New Username').fill(`renamed${stamp}`);
    await page.getByRole('button', { name: 'Change Username' }).click();
    await page.getByRole('status').filter({ hasText: 'Your username has been changed.' }).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('user'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ email, username: `renamed${stamp}`, email_verified: true });
  });

  it('sends an unverified reader a new verification e-mail from the profile page on a phone, whose link verifies', async () => {
    const site = inject('site').baseUrl;
    const late = `late-${stamp}@example.com`;
    await callApi('POST', '/user/register', { body: { email: late, password, username: `late${stamp}`, honeypot: '' }, ip: '10.79.0.1' });
    const first = linkIn(await waitForMailTo(late), '/user/verify-email');
    const phone = await browser.newPage({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    await phone.goto(`${site}/user/login`);
    await phone.getByLabel('Email').fill(late);
    await phone.getByLabel('Password').fill(password);
    await phone.getByRole('button', { name: 'Login' }).click();
    await phone.waitForURL(`${site}/`);

    await phone.goto(`${site}/user/profile`);
    const section = phone.getByRole('region', { name: 'Verify Your E-mail' });
    await section.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await section.getByRole('status').filter({ hasText: 'We have sent you a new verification e-mail. Its link works for 48 hours.' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const second = linkIn(await waitForMailTo(late, 30_000, 2), '/user/verify-email');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    await phone.goto(`${site}${second.pathname}${second.search}`);
    await phone.getByText('Your e-mail has been verified. You can now log in.').waitFor();
    await phone.close();
  });
});
