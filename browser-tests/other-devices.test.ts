import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './harness/browser';
import { logInContext, type TestUser, verifiedUser } from './harness/users';

const PHONE_WIDTH = 320;

describe('Log out of all other devices, from a phone 320 px wide', () => {
  let browser: Browser;
  let reader: TestUser;
  let phone: Page;
  let otherDevice: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    reader = await verifiedUser('Devices');
    // The other device keeps the session of the harness's API login; the phone logs in through the form.
    const other = await browser.newContext();
    await logInContext(other, reader);
    otherDevice = await other.newPage();
    const phoneContext = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 640 }, isMobile: true, hasTouch: true });
    phone = await phoneContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("ends the other device's session and keeps the phone's, on a profile page without sideways scrolling", async () => {
    const site = inject('site').baseUrl;
    await otherDevice.goto(`${site}/user/profile`);
    await otherDevice.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    await phone.goto(`${site}/user/login`);
    await phone.getByLabel('Email').fill(reader.email);
    await phone.getByLabel('Password').fill(reader.password);
    await phone.getByRole('button', { name: 'Login' }).click();
    await phone.waitForURL(`${site}/`);
    await phone.goto(`${site}/user/profile`);
    const button = phone.getByRole('button', { name: 'Log out of all other devices' });
    await button.waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_WIDTH);

    await button.click();
    await phone.getByRole('status').filter({ hasText: 'You are logged out of every other device.' }).waitFor();

    await phone.reload();
    await phone.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    // A protected page refreshes the token on entry: the other device's refresh token is refused, so it goes to login.
    await otherDevice.reload();
    await otherDevice.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  });
});
