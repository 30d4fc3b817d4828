import { storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { tapChapterText } from './harness/chapter-text';
import { logInContext, type TestUser, verifiedUser } from './harness/users';

/** The reader's place in the chapter as the site measures it: the share of the text above the window's bottom. */
const placeOnPage = (page: Page) =>
  page.evaluate(() => {
    const { top, height } = document.querySelector('[data-testid="chapter-page"]')!.getBoundingClientRect();
    return Math.min(1, Math.max(0, (innerHeight - top) / height));
  });

describe('reading progress, synced across devices', () => {
  let browser: Browser;
  let reader: TestUser;
  let laptop: BrowserContext;
  let phone: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
    reader = await verifiedUser('Progress');
    laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    phone = await browser.newContext({ viewport: { width: 375, height: 700 }, isMobile: true, hasTouch: true });
    await logInContext(laptop, reader);
    await logInContext(phone, reader);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('continues on a phone where the reader stopped on a laptop: home row, story button, read marks, chapter list and place', async () => {
    const site = inject('site').baseUrl;
    const book = await bookWithChapters(20);
    const slug = storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name);
    const chapter = book.chapters.at(-2)!;

    // On the laptop: read halfway down a late chapter; the place is sent a few seconds after scrolling stops.
    const reading = await laptop.newPage();
    await reading.goto(`${site}/${slug}/${chapter.chapter_id}`);
    await reading.getByRole('heading', { level: 1, name: chapter.title }).waitFor();
    const sent = reading.waitForRequest((request) => request.url().endsWith('/api/user/reading-progress') && request.method() === 'POST' && JSON.parse(request.postData()!).position > 0.4);
    await reading.evaluate(() => {
      const text = document.querySelector('[data-testid="chapter-page"]') as HTMLElement;
      const top = text.getBoundingClientRect().top + scrollY;
      scrollTo(0, top + text.offsetHeight * 0.55 - innerHeight);
    });
    const place = await placeOnPage(reading);
    await sent;
    // A signed-in reader's places go to the account only, also from a page the server rendered (where the session comes
    // in after hydrating): none was kept in the browser as a visitor's.
    expect(await reading.evaluate(() => localStorage.getItem('readingProgress'))).toBeNull();

    // On the phone: the home page's row, then the story page's button and marks.
    const page = await phone.newPage();
    await expect
      .poll(async () => {
        await page.goto(site);
        const link = page.getByRole('region', { name: 'Continue reading' }).getByRole('link', { name: book.bookDetails.english_book_name });
        return link.waitFor({ timeout: 3_000 }).then(() => 'shown', () => 'not yet');
      }, { timeout: 15_000 })
      .toBe('shown');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto(`${site}/${slug}`);
    const resume = page.getByRole('link', { name: `Continue reading: Chapter ${chapter.chapter_id}` });
    await resume.waitFor();
    const readEntry = page.getByRole('region', { name: 'Chapters List' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: chapter.title, exact: true }) });
    await readEntry.getByText('Read', { exact: true }).waitFor();

    await resume.click();
    await page.getByRole('heading', { level: 1, name: chapter.title }).waitFor();
    await expect.poll(() => placeOnPage(page), { timeout: 5_000 }).toBeGreaterThan(place - 0.05);
    expect(await placeOnPage(page)).toBeLessThan(place + 0.05);

    // The chapter list opens scrolled to the chapter being read.
    // On a phone the controls are the bottom bar a tap on the text shows.
    await tapChapterText(page);
    await page.getByRole('navigation', { name: 'Reader controls (mobile)' }).getByRole('button', { name: 'Chapters' }).click();
    const current = page.getByRole('dialog', { name: 'Chapters' }).locator('a[aria-current="page"]');
    await current.waitFor();
    await expect.poll(() => current.evaluate((link) => {
      const box = link.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight;
    })).toBe(true);
  });

  it("keeps a visitor's place in the browser and gives it to their account when they log in", async () => {
    const site = inject('site').baseUrl;
    const book = await bookWithChapters(3);
    const slug = storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name);
    const chapter = book.chapters[1];
    const visitor = await verifiedUser('Visitor');
    const page = await (await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true })).newPage();

    await page.goto(`${site}/${slug}/${chapter.chapter_id}`);
    await page.getByRole('heading', { level: 1, name: chapter.title }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('readingProgress') ?? '')).toContain(`"chapter_id":${chapter.chapter_id}`);
    await page.goto(`${site}/${slug}`);
    await page.getByRole('link', { name: `Continue reading: Chapter ${chapter.chapter_id}` }).waitFor();

    // Home's row comes in once the app runs, into the room index.html kept for it from the first paint: the lists below
    // it hardly move (without the room, the row pushed them down by its whole height: a layout shift of about 0.2).
    await page.addInitScript(() => {
      const seen = window as { layoutShift?: number };
      seen.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.layoutShift! += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(site);
    await page.getByRole('region', { name: 'Continue reading' }).getByRole('link', { name: book.bookDetails.english_book_name }).waitFor();
    expect(await page.evaluate(() => (window as { layoutShift?: number }).layoutShift)).toBeLessThan(0.1);

    await page.goto(`${site}/user/login`);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Password').fill(visitor.password);
    const merged = page.waitForResponse((response) => response.url().endsWith('/api/user/reading-progress/merge'));
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await (await merged).json()).toEqual({ merged: 1 });
    expect(await page.evaluate(() => localStorage.getItem('readingProgress'))).toBeNull();

    // The account has it now: another browser signed in as the same reader sees it.
    const other = await browser.newContext();
    await logInContext(other, visitor);
    const elsewhere = await other.newPage();
    await expect
      .poll(async () => {
        await elsewhere.goto(`${site}/${slug}`);
        const link = elsewhere.getByRole('link', { name: `Continue reading: Chapter ${chapter.chapter_id}` });
        return link.waitFor({ timeout: 3_000 }).then(() => 'shown', () => 'not yet');
      }, { timeout: 15_000 })
      .toBe('shown');
  });
});
