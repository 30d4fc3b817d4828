import { type ChapterPageResponse, ebookPath, storySlug } from '@shelf/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, bookWithChapters } from './harness/api';
import { launchChromiumProfile } from './harness/browser';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

/** The chapters the app saves for offline reading, as the page's cache holds them. */
const savedChapters = () => caches.open('offline-chapters-v1').then(async (cache) => (await cache.keys()).map((request) => new URL(request.url).pathname));

describe.each([
  ['on a phone 320 px wide', { width: 320, height: 640 }, true],
  ['at desktop width', { width: 1280, height: 800 }, false],
])('offline reading %s', (_name, viewport, isMobile) => {
  const profile = mkdtempSync(join(tmpdir(), 'offline-profile-'));
  let context: BrowserContext;
  let reader: TestUser;

  beforeAll(async () => {
    // A profile of its own: Chromium lets no incognito context (a browser's new context) install a site.
    context = await launchChromiumProfile(profile, { viewport, isMobile, hasTouch: isMobile });
    reader = await verifiedUser(`Offline${viewport.width}`);
    await logInContext(context, reader);
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('is an installable app whose service worker keeps the site shell', async () => {
    const page = await context.newPage();
    await page.goto(inject('site').baseUrl);
    const manifest = await page.evaluate(async () => (await fetch(document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href)).json());
    expect(manifest).toMatchObject({ name: 'Novel Shelf', display: 'standalone', start_url: '/' });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    await page.close();
  });

  it('keeps the next chapters of the Reading shelf, and reads them with the browser offline', async () => {
    const site = inject('site').baseUrl;
    const book = await bookWithChapters(8);
    const slug = storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name);
    const [first, second, ...rest] = book.chapters;
    await callApi('PUT', '/user/library/shelf', { token: reader.token, body: { book_id: book.bookDetails.book_id, shelf: 'reading' } });
    await callApi('POST', '/user/reading-progress', { token: reader.token, body: { book_id: book.bookDetails.book_id, chapter_id: second.chapter_id, position: 0.5 } });
    const kept = [second, ...rest.slice(0, 5)].map((chapter) => `/api/${slug}/${chapter.chapter_id}`);

    const page = await context.newPage();
    await page.goto(site);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The shelf and the place are projected a moment after they are acknowledged: the app saves again on reload.
    await expect
      .poll(async () => {
        const saved = await page.evaluate(savedChapters);
        if (saved.length < kept.length) await page.reload();
        return saved.sort();
      }, { timeout: 30_000, interval: 2_000 })
      .toEqual([...kept].sort());

    // The reader reads the story's glossary title in its rendering: a chapter read online keeps their settings for offline.
    const title = (await api<ChapterPageResponse>(`/${book.bookDetails.book_id}/${second.chapter_id}`)).glossary.find((entry) => entry.kind === 'title')!;
    await callApi('PUT', '/user/reader-settings/titles', { token: reader.token, body: { title: title.original, form: 'rendering' } });
    const titleMarks = () => page.locator('.chapter-text .glossary-mark').allTextContents();
    await page.goto(`${site}/${slug}/${second.chapter_id}`);
    await expect.poll(async () => (await titleMarks()).map((text) => text.toLowerCase())).toContain(title.rendering);

    await context.setOffline(true);
    try {
      const third = rest[0];
      await page.goto(`${site}/${slug}/${third.chapter_id}`);
      await page.getByRole('heading', { level: 1, name: third.title }).waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'You are offline.' }).isVisible()).toBe(true);
      // Its glossary marked as online, in the forms the reader chose.
      await expect.poll(async () => (await titleMarks()).map((text) => text.toLowerCase())).toContain(title.rendering);
      expect((await titleMarks()).map((text) => text.toLowerCase())).not.toContain(title.original);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // A chapter not kept is not there to read.
      await page.goto(`${site}/${slug}/${first.chapter_id}`);
      await page.getByText('You are offline.', { exact: false }).waitFor();
      expect(await page.getByRole('heading', { level: 1, name: first.title }).count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    // Online again, the page is the network's: no offline notice.
    await page.goto(`${site}/${slug}/${first.chapter_id}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    expect(await page.getByText('You are offline.', { exact: false }).count()).toBe(0);
    await page.close();
  });

  it('never answers an address of the API with the site shell offline (an EPUB download fails instead of saving it)', async () => {
    const site = inject('site').baseUrl;
    const book = await bookWithChapters(2);
    const page = await context.newPage();
    await page.goto(`${site}/${storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name)}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Chromium's downloads do not follow the emulated network: the service worker's answer to the file's address, as a
    // navigation, is what decides. Offline, a page address gets the shell; the API's gets the network's error.
    await context.setOffline(true);
    try {
      const answered = (url: string) => page.goto(url).then((response) => `answered ${response?.status()}`, (error: Error) => error.message);
      expect(await answered(`${site}/some-page-while-offline`)).toBe('answered 200');
      expect(await answered(`${site}${ebookPath(book.bookDetails.book_id)}`)).toContain('net::ERR_INTERNET_DISCONNECTED');
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });
});
