import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './harness/browser';
import { linkIn, waitForMailTo } from './harness/mail';

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
});
