import type { BookPageResponse, ChapterPageResponse, HomeResponse } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { tapChapterText } from './harness/chapter-text';
import { publishChapter } from './harness/catalog';
import { markDocument, stillSameDocument } from './harness/live-page';

const url = (path: string) => `${inject('site').baseUrl}${path}`;

/** The first sentence of a chapter's Markdown, as its text reads. */
const firstSentence = (markdown: string) => markdown.split('\n')[0].split('.')[0].replace(/[*_]/g, '');

/**
 * Console errors and warnings, and uncaught errors, of a page; not resources that failed to load (the not-found page's
 * own 404, a demo book's cover on a host that does not resolve here).
 */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Failed to load resource:')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

describe('pages the server renders (issue 15 item 6)', () => {
  let browser: Browser;
  let story: BookPageResponse;
  let chapter: ChapterPageResponse;
  let home: HomeResponse;

  beforeAll(async () => {
    browser = await launchChromium();
    story = await bookWithChapters(1);
    chapter = await api<ChapterPageResponse>(`/${story.bookDetails.book_id}/${story.chapters[0].chapter_id}`);
    home = await api<HomeResponse>('/');
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('with JavaScript off, as a reader sees them before the scripts arrive', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it("shows a chapter's title and text, its book and the way on", async () => {
      const response = await page.goto(url(`/${story.bookDetails.book_id}/${chapter.chapterContent.chapter_id}`));
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(chapter.chapterContent.title);
      expect(await page.locator('.chapter-text').innerText()).toContain(firstSentence(chapter.chapterContent.content));
      expect(await page.getByRole('link', { name: story.bookDetails.english_book_name, exact: true }).first().isVisible()).toBe(true);
      expect(await page.title()).toContain(chapter.chapterContent.title);
    });

    it('shows a story with its description and chapters', async () => {
      await page.goto(url(`/${story.bookDetails.book_id}`));
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(story.bookDetails.english_book_name);
      expect(await page.locator('.book-page__description').innerText()).toContain(firstSentence(story.bookDetails.description));
      const chapters = page.getByRole('region', { name: 'Chapters List' });
      expect(await chapters.getByRole('link', { name: story.chapters[0].title, exact: true }).isVisible()).toBe(true);
    });

    it('shows home with its three lists, and a category', async () => {
      await page.goto(url('/'));
      for (const title of ['Latest Updates', 'BL Recommendations', 'Non-BL Recommendations']) {
        expect(await page.getByRole('heading', { level: 2, name: title, exact: true }).isVisible()).toBe(true);
      }
      const latest = page.getByRole('region', { name: 'Latest Updates' });
      expect(await latest.getByRole('link', { name: home.latestBooks[0].english_book_name, exact: true }).isVisible()).toBe(true);

      await page.goto(url('/genre/Romance'));
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Genre: Romance');
      expect(await page.locator('.book-card').count()).toBeGreaterThan(0);
    });

    it('answers a story or chapter that does not exist with its not-found page and 404', async () => {
      const story404 = await page.goto(url('/999999-no-such-story'));
      expect(story404?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Story not found');
      const chapter404 = await page.goto(url(`/${story.bookDetails.book_id}/999999`));
      expect(chapter404?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Chapter not found');
    });
  });

  it('hydrates home, a story, a chapter, a category and a missing story without a console error, and then navigates in the app', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = problemsOf(page);
    try {
      for (const path of ['/', `/${story.bookDetails.book_id}`, `/${story.bookDetails.book_id}/${chapter.chapterContent.chapter_id}`, '/genre/Romance', '/999999-no-such-story']) {
        await page.goto(url(path), { waitUntil: 'networkidle' });
        // Hydrated: a link now navigates in the app, without loading a page.
        await markDocument(page);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
        await page.getByRole('heading', { level: 1, name: 'Searching Books' }).waitFor();
        expect([path, await stillSameDocument(page)]).toEqual([path, true]);
        expect([path, problems]).toEqual([path, []]);
      }
    } finally {
      await page.close();
    }
  });

  describe('tapped before its scripts have arrived (on a slow phone)', () => {
    let page: Page;
    let scriptsHeld = true;

    beforeAll(async () => {
      page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
      // The app's scripts arrive 2 s late, as on a slow connection.
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        scriptsHeld = false;
        await route.continue();
      });
    });
    afterAll(async () => {
      await page?.close();
    });

    it('shows the reader controls for a tap on the chapter text once the page has hydrated', async () => {
      scriptsHeld = true;
      await page.goto(url(`/${story.bookDetails.book_id}/${chapter.chapterContent.chapter_id}`), { waitUntil: 'commit' });
      await tapChapterText(page);
      expect(scriptsHeld).toBe(true);
      await page.getByRole('navigation', { name: 'Reader controls (mobile)' }).waitFor({ timeout: 15_000 });
    });

    it('searches for what was typed and sent before the page hydrated', async () => {
      scriptsHeld = true;
      await page.goto(url('/999999-no-such-story'), { waitUntil: 'commit' });
      await page.getByLabel('Search stories by title').fill('harbour');
      await page.getByLabel('Search stories by title').press('Enter');
      expect(scriptsHeld).toBe(true);
      await page.waitForURL(/\/searchbook\?book_name=harbour/, { timeout: 15_000 });
      expect(await page.getByLabel('Book name').inputValue()).toBe('harbour');
    });
  });

  it("keeps a hostile book's title as text in the page and in its data, whatever it holds", async () => {
    const title = 'Fox </script><script>window.pwned = 1</script> & <b>Friends</b>';
    const book = { ...story.bookDetails, book_id: 9001, english_book_name: title, description: `${title}, told again.` };
    Object.assign(book, { part_of_series: '', shared_universe: '', similar_theme: '' });
    // Long ago, so that it stays out of Latest Updates for the other tests.
    await publishChapter(book, { chapter_id: 1, title: `${title}: Chapter 1`, content: 'The first paragraph of the chapter.', uploaded_time: '2020-01-01T00:00:00.000Z' });
    await expect.poll(() => api<BookPageResponse>('/9001').then((page) => page.bookDetails.english_book_name, () => null), { timeout: 30_000 }).toBe(title);

    const page = await browser.newPage();
    const problems = problemsOf(page);
    try {
      for (const [path, heading] of [
        ['/9001', title],
        ['/9001/1', `${title}: Chapter 1`],
      ]) {
        await page.goto(url(path), { waitUntil: 'networkidle' });
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading);
        expect(await page.title()).toContain(heading);
        expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
        const embedded = JSON.parse((await page.locator('#page-data').textContent()) ?? 'null') as { data: { answer: unknown } };
        expect(JSON.stringify(embedded.data.answer)).toContain(JSON.stringify(title).slice(1, -1));
      }
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
