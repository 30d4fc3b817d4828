import { type BookListItem, type BookPageResponse, type CommentsResponse, type ContinueReadingResponse, type HomeResponse, storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { openThread } from './harness/live-page';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

// Issue 35's rough edges, each at a phone's 320 px and at desktop width. The books used are the last ones of home's
// Latest Updates, which no other suite likes, reads or comments on.
const WIDTHS = [320, 1280] as const;
const phone = (width: number) => (width === 320 ? { isMobile: true, hasTouch: true } : {});
const site = () => inject('site').baseUrl;
const widest = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The n-th book from the end of home's Latest Updates (1: the last). */
async function quietBook(n: number): Promise<BookListItem> {
  const { latestBooks } = await api<HomeResponse>('/');
  return latestBooks[latestBooks.length - n];
}

describe('rough edges a reader hit (issue 35 item 7)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newContext = async (width: number, reader?: TestUser) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, ...phone(width) });
    contexts.push(context);
    if (reader) await logInContext(context, reader);
    return context;
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  describe('the header', () => {
    let reader: TestUser;
    beforeAll(async () => {
      reader = await verifiedUser('Headerline');
    });

    /** How the header of home lies, for a visitor or for the reader signed in. */
    const headerOf = async (width: number, signedIn: boolean) => {
      const page = await (await newContext(width, signedIn ? reader : undefined)).newPage();
      await page.goto(`${site()}/`, { waitUntil: 'networkidle' });
      if (signedIn) await page.getByRole('link', { name: 'Notifications' }).waitFor();
      return page.evaluate(() => {
        const header = document.querySelector('header.header')!;
        const brand = header.querySelector<HTMLElement>('.brand')!;
        const box = header.getBoundingClientRect();
        const parts = Array.from(header.children, (child) => child.getBoundingClientRect());
        return {
          height: Math.round(box.height),
          brand: brand.textContent,
          brandCut: brand.scrollWidth > brand.clientWidth,
          // Each part beside the first, never under it, and inside the window.
          oneLine: parts.every((part) => part.top < parts[0].bottom && part.bottom > parts[0].top && part.bottom <= box.bottom),
          inside: parts.every((part) => part.left >= 0 && part.right <= window.innerWidth),
          widest: document.documentElement.scrollWidth,
        };
      });
    };

    it.each(WIDTHS)('keeps the whole site name and every link on one line at %i px, as high for a signed-in reader as for a visitor', async (width) => {
      const [visitor, signedIn] = [await headerOf(width, false), await headerOf(width, true)];
      for (const header of [visitor, signedIn]) {
        expect(header).toMatchObject({ brand: 'Novel Shelf', brandCut: false, oneLine: true, inside: true });
        expect(header.widest).toBeLessThanOrEqual(width);
      }
      expect(signedIn.height).toBe(visitor.height);
    });
  });

  describe("a renamed reader's name", () => {
    it('is shown at once on their comments in the threads other readers have open, at 320 and 1280 px', async () => {
      const author = await verifiedUser('Renamer');
      const book = await quietBook(1);
      const said = `Said under my old name, ${Date.now().toString(36)}.`;
      await callApi('POST', '/comment/post-comments', { token: author.token, body: { book_id: book.book_id, chapter_id: null, parent_comment_id: null, comment_content: said, honeypot: '' } });
      const comments = () => api<CommentsResponse>(`/comment/show-comments?book_id=${book.book_id}&chapter_id=&criteria=newest`).then(({ comments }) => comments);
      await expect.poll(async () => (await comments()).some((comment) => comment.comment_content === said), { timeout: 15_000 }).toBe(true);

      const pages: Page[] = [];
      for (const width of WIDTHS) {
        const page = await (await newContext(width)).newPage();
        await openThread(page, `/${storySlug(book.book_id, book.english_book_name)}`);
        await page.locator('article', { hasText: said }).locator('.comment__author').waitFor();
        expect(await page.locator('article', { hasText: said }).locator('.comment__author').textContent()).toBe(author.user.username);
        await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
        pages.push(page);
      }

      const renamed = `Renamed${author.user.username.slice(-4)}`;
      await callApi('POST', '/user/profile/change-username', { token: author.token, body: { newUsername: renamed, honeypot: '' } });
      for (const [index, page] of pages.entries()) {
        const shown = page.locator('article', { hasText: said }).locator('.comment__author');
        await expect.poll(() => shown.textContent()).toBe(renamed);
        expect(await page.getByText(author.user.username, { exact: true }).count()).toBe(0);
        // Pushed to the open page, not fetched again by a reload.
        expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
        expect(await widest(page)).toBeLessThanOrEqual(WIDTHS[index]);
      }
    });
  });

  describe('the first home page of a reader who has just signed in', () => {
    it.each(WIDTHS)('keeps room for their Continue reading row at %i px: the lists do not move when it comes', async (width) => {
      const reader = await verifiedUser(`Comeback${width}`);
      const book = await quietBook(2);
      const { chapters } = await api<BookPageResponse>(`/${book.book_id}`);
      await callApi('POST', '/user/reading-progress', { token: reader.token, body: { book_id: book.book_id, chapter_id: chapters[0].chapter_id, position: 0.4 } });
      const recent = () => callApi<ContinueReadingResponse>('GET', '/user/reading-progress/recent', { token: reader.token }).then(({ books }) => books.length);
      await expect.poll(recent, { timeout: 15_000 }).toBe(1);

      // A browser that has never shown this reader's row: nothing kept in it.
      const page = await (await newContext(width)).newPage();
      await page.goto(`${site()}/user/login`);
      await page.getByLabel('Email').fill(reader.email);
      await page.getByLabel('Password').fill(reader.password);
      // Where the first list's heading is, each frame from when it is drawn.
      await page.evaluate(() => {
        const tops: number[] = [];
        (window as { listTops?: number[] }).listTops = tops;
        const sample = () => {
          const heading = document.getElementById('home-latest-updates');
          if (heading) tops.push(Math.round(heading.getBoundingClientRect().top + window.scrollY));
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await page.getByRole('button', { name: 'Login' }).click();
      const row = page.getByRole('region', { name: 'Continue reading' });
      await row.getByRole('link', { name: new RegExp(book.english_book_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
      await sleep(500);
      const tops = await page.evaluate(() => (window as { listTops?: number[] }).listTops!);
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
      expect(await widest(page)).toBeLessThanOrEqual(width);
    });
  });

  describe('a tap on a server-drawn page before it is ready', () => {
    it.each(WIDTHS)("is shown as waiting, then given to the page with the reader's own values at %i px", async (width) => {
      const reader = await verifiedUser(`Earlytap${width}`);
      const book = await quietBook(width === 320 ? 3 : 4);
      const context = await newContext(width, reader);
      await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
      const page = await context.newPage();
      // The app's scripts arrive 2 s late, as on a slow connection.
      let scriptsHeld = true;
      await page.route('**/assets/*.js', async (route) => {
        await sleep(2_000);
        scriptsHeld = false;
        await route.continue();
      });
      await page.goto(`${site()}/${storySlug(book.book_id, book.english_book_name)}`, { waitUntil: 'commit' });
      const like = page.getByRole('button', { name: 'Like', exact: true });
      if (width === 320) await like.tap();
      else await like.click();
      expect(scriptsHeld).toBe(true);
      // Not ready yet, and saying so: a waiting pointer and a bar across the top.
      const waiting = await page.evaluate(() => ({
        pending: document.documentElement.dataset.tapPending,
        cursor: getComputedStyle(document.body).cursor,
        bar: getComputedStyle(document.body, '::before').height,
      }));
      expect(waiting).toEqual({ pending: '', cursor: 'progress', bar: '3px' });

      // Liked for the signed-in reader, not a visitor's "log in" (the page hydrates as the server drew it first).
      await page.getByRole('button', { name: 'Liked', exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Liked', exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.dataset.tapPending)).toBeUndefined();
      expect(await widest(page)).toBeLessThanOrEqual(width);
    });
  });
});
