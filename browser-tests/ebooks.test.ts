import { type BookPageResponse, type HomeResponse, storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { epubCheck, openEpub } from '../test/epub-rules';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';

const url = (path: string) => `${inject('site').baseUrl}${path}`;

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe.each([
  { name: 'a phone 320 px wide', width: 320, height: 640, isMobile: true },
  { name: 'a desktop 1280 px wide', width: 1280, height: 800, isMobile: false },
])('e-books on $name', ({ width, height, isMobile }) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let book: BookPageResponse;

  beforeAll(async () => {
    browser = await launchChromium();
    // A visitor, not signed in: anyone may download.
    context = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile, acceptDownloads: true });
    page = await context.newPage();
    const home = await api<HomeResponse>('/');
    const pick = home.latestBooks.at(isMobile ? 2 : 3)!;
    book = await api<BookPageResponse>(`/${pick.book_id}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('downloads the story from its page as an EPUB that opens, named by its slug', async () => {
    const slug = storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name);
    await page.goto(url(`/${slug}`));
    const link = page.getByRole('link', { name: 'Download as EPUB' });
    await link.waitFor();
    await expect.poll(() => page.getByText(`for e-readers, ${book.chapters.length} chapters`).count()).toBe(1);
    await noSidewaysScroll(page, width);
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${slug}.epub`);
    const bytes = new Uint8Array(await readFile((await download.path())!));
    await epubCheck(bytes);
    const epub = openEpub(bytes);
    expect(epub.title).toBe(book.bookDetails.english_book_name);
    expect(epub.documents.filter((document) => /chapter-\d+\.xhtml$/.test(document.path)).map((document) => document.heading)).toEqual(
      book.chapters.map((chapter) => chapter.title),
    );
    // Still on the story's page: a download is not a navigation.
    expect(new URL(page.url()).pathname).toBe(`/${slug}`);
  }, 60_000);
});
