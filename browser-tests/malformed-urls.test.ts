import { storySlug } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';

describe('any address renders a page', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `path` and checks the site's header and a page under it, with no uncaught error. */
  async function rendersPage(path: string): Promise<void> {
    pageErrors = [];
    const response = await page.goto(`${inject('site').baseUrl}${path}`);
    expect(response?.status(), path).toBe(200);
    await page.locator('header.header').getByRole('link', { name: 'Novel Shelf' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect((await page.locator('main').innerText()).trim(), path).not.toBe('');
    expect(pageErrors, path).toEqual([]);
  }

  it.each([
    ['a malformed hash', '/2-x#%'],
    ['a malformed chapter segment', '/2-x/%E0%A4%A'],
    ['a malformed book segment', '/%E0%A4%A'],
    ['an encoded newline', '/2-x%0Ay'],
    ['an encoded newline as the chapter', '/2-x/%0A'],
    ['control characters', '/%00%07%1B%7F/%0D%09'],
    ['a path of 5,000 characters', `/${'a'.repeat(4999)}`],
    ['a book path of 5,000 characters', `/2-${'x'.repeat(4997)}`],
  ])('with %s', async (_case, path) => {
    await rendersPage(path);
  });

  it("shows a story's and a chapter's comments under a malformed hash", async () => {
    const { bookDetails, chapters } = await bookWithChapters(1);
    const slug = storySlug(bookDetails.book_id, bookDetails.english_book_name);
    for (const path of [`/${slug}#%`, `/${slug}/${chapters[0].chapter_id}#%E0%A4%A`]) {
      await rendersPage(path);
      await page.getByRole('heading', { name: 'Comments' }).waitFor();
      await page.getByText('Loading comments...').waitFor({ state: 'detached' });
      expect(pageErrors, path).toEqual([]);
    }
  });
});
