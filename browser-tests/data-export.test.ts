import { readFile } from 'node:fs/promises';
import type { DataExport } from '@shelf/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './harness/browser';
import { callApi, logInContext, verifiedUser } from './harness/users';

const VIEWPORTS = [
  { name: 'a phone 320 px wide', viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true },
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];

describe('"Download my data" in the profile', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(VIEWPORTS)('downloads the JSON file and opens the readable summary, on $name', async ({ viewport, isMobile, hasTouch }) => {
    const site = inject('site').baseUrl;
    const reader = await verifiedUser('Exporter');
    await callApi('PUT', '/user/search-presets', { token: reader.token, body: { name: 'Slow burn', query: 'genre=Romance' } });
    const context = await browser.newContext({ viewport, isMobile, hasTouch, acceptDownloads: true });
    await logInContext(context, reader);
    const page = await context.newPage();
    await page.goto(`${site}/user/profile`);
    const button = page.getByRole('button', { name: 'Download my data' });
    await button.waitFor();
    await button.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);

    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^novel-shelf-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await file.path(), 'utf8')) as DataExport;
    expect(data.account).toMatchObject({ username: reader.user.username, email: reader.email, email_verified: true, role: 'reader' });
    expect(data.saved_searches).toEqual([expect.objectContaining({ name: 'Slow burn', query: 'genre=Romance' })]);
    await page.getByRole('status').filter({ hasText: 'Your data is downloaded.' }).waitFor();

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open a readable summary' }).click();
    const summary = await popup;
    await summary.getByRole('heading', { level: 1, name: 'Your data on Novel Shelf' }).waitFor();
    expect(await summary.getByText(reader.email).count()).toBe(1);
    await summary.getByRole('heading', { level: 2, name: 'Saved searches (1)' }).waitFor();
    expect(await summary.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });
});
