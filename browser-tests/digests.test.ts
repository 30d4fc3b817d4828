import type { DigestChoicesResponse } from '@shelf/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signDigestUnsubscribe } from '../server-config/src/digest-unsubscribe-token';
import { launchChromium } from './harness/browser';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

const url = (path: string) => `${inject('site').baseUrl}${path}`;
/** The site's AUTH_SECRET, as `npm start` keeps it in its data folder: to sign a digest's unsubscribe link as the workers do. */
const authSecret = () => readFileSync(join(inject('site').siteEnv.DATA_DIR, 'auth-secret'), 'utf8').trim();

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe.each([
  { name: 'a phone 320 px wide', width: 320, height: 640, isMobile: true, timezoneId: 'Asia/Tokyo' },
  { name: 'a desktop 1280 px wide', width: 1280, height: 800, isMobile: false, timezoneId: 'America/New_York' },
])('e-mail digests on $name', ({ width, height, isMobile, timezoneId }) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let reader: TestUser;
  const choices = () => callApi<DigestChoicesResponse>('GET', '/user/digests', { token: reader.token });

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile, timezoneId });
    reader = await verifiedUser(isMobile ? 'DigestPhone' : 'DigestDesk');
    await logInContext(context, reader);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('chooses none, daily or weekly per kind in the profile, in the browser’s time zone, kept across visits', async () => {
    await page.goto(url('/user/profile'));
    const section = page.getByRole('region', { name: 'E-mail Digests' });
    await section.getByText(`Time zone: ${timezoneId}`).waitFor();
    const replies = section.getByRole('group', { name: 'Replies to my comments' });
    const chapters = section.getByRole('group', { name: 'New chapters of stories I like or have on a shelf' });
    expect(await replies.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);
    expect(await chapters.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);
    await noSidewaysScroll(page, width);

    await chapters.getByRole('radio', { name: 'Daily' }).click();
    await section.getByRole('status').getByText('Saved.').waitFor();
    await replies.getByRole('radio', { name: 'Weekly (Mondays)' }).click();
    await expect.poll(() => replies.getByRole('radio', { name: 'Weekly (Mondays)' }).isChecked()).toBe(true);
    expect(await chapters.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
    await expect.poll(choices).toEqual({ replies: 'weekly', chapters: 'daily', time_zone: timezoneId });
    await noSidewaysScroll(page, width);

    await page.reload();
    await expect.poll(() => page.getByRole('group', { name: 'Replies to my comments' }).getByRole('radio', { name: 'Weekly (Mondays)' }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'New chapters of stories I like or have on a shelf' }).getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
  });

  it('turns a digest off from its e-mail link with one button, signed out', async () => {
    const token = signDigestUnsubscribe(authSecret(), reader.user.user_id, 'chapters');
    const signedOut = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
    const link = await signedOut.newPage();
    // The List-Unsubscribe address, opened by a mail client without one-click: it leads to the page with the button.
    await link.goto(url(`/api/digests/unsubscribe?token=${encodeURIComponent(token)}`));
    expect(new URL(link.url()).pathname).toBe('/digests/unsubscribe');
    await link.getByText('Stop getting this e-mail digest?').waitFor();
    await noSidewaysScroll(link, width);
    await link.getByRole('button', { name: 'Unsubscribe' }).click();
    await link.getByRole('status').getByText('You will get no more e-mail digests of new chapters.').waitFor();
    await noSidewaysScroll(link, width);
    await expect.poll(choices).toEqual({ replies: 'weekly', chapters: 'none', time_zone: timezoneId });

    await link.goto(url('/digests/unsubscribe?token=not-a-token'));
    await link.getByRole('button', { name: 'Unsubscribe' }).click();
    await link.getByRole('alert').getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    await signedOut.close();
  });
});
