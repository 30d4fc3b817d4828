import { type BookPageResponse, type SearchResponse, storySlug } from '@shelf/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { tapChapterText } from './harness/chapter-text';
import { publishChapter } from './harness/catalog';
import { markDocument, openBookPage, stillSameDocument } from './harness/live-page';

const WIDTH = 320;


async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return { left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
}

describe('a new chapter, live, on a phone (320 px)', () => {
  let browser: Browser;
  let page: Page;
  let book: BookPageResponse;
  let slug: string;

  /** Publishes a chapter through the catalog import, as an editor does, while the page stays open. */
  async function publish(chapterId: number, title: string): Promise<void> {
    // The upload time of the book's latest chapter: the book keeps its place in Latest Updates for the other tests.
    const uploaded_time = book.chapters.at(-1)!.uploaded_time;
    // Long enough for the ad slots a chapter's text gets (the first after 50 words).
    const paragraph = 'The lanterns along the river were lit one by one, and nobody on the boat said a word until the old stone bridge.';
    const content = Array.from({ length: 6 }, () => paragraph).join('\n\n');
    expect(await publishChapter(book.bookDetails, { chapter_id: chapterId, title, content, uploaded_time })).toEqual({
      books: { published: 0, updated: 0, unchanged: 1 },
      chapters: { published: 1, updated: 0, unchanged: 0 },
    });
  }

  const notice = () => page.getByRole('status').filter({ hasText: 'New chapter:' });
  const noSidewaysScrolling = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 640 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
    // A book updated longest ago: none of the other tests reads it, and a chapter more changes no list they read.
    const { books } = await api<SearchResponse>('/searchbook?page=1&sort_by=oldest');
    const quiet = books.find((candidate) => (candidate.latest_chapter ?? 0) >= 2)!;
    book = await api<BookPageResponse>(`/${quiet.book_id}`);
    slug = storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tells a reader on the story page, without a reload, and lists the chapter; the link opens it', async () => {
    const newId = Math.max(...book.chapters.map((chapter) => chapter.chapter_id)) + 1;
    const title = 'Lanterns on the Night River';
    await openBookPage(page, `/${slug}`, book.bookDetails.book_id);
    await markDocument(page);
    expect(await notice().count()).toBe(0);

    await publish(newId, title);
    const read = notice().getByRole('link', { name: 'Read it' });
    await read.waitFor({ timeout: 20_000 });
    expect(await notice().textContent()).toContain(`New chapter: Chapter ${newId} – ${title}`);
    // The chapter grid shows it too, with no reload.
    await page.getByRole('region', { name: 'Chapters List' }).getByRole('link', { name: title, exact: true }).waitFor();
    expect(await stillSameDocument(page)).toBe(true);

    // Inside the 320 px window, and clear of the cookie banner that a first visit shows at the bottom.
    await noSidewaysScrolling();
    const card = await boxOf(page.locator('.new-chapter-notice'));
    expect(card.left).toBeGreaterThanOrEqual(0);
    expect(card.right).toBeLessThanOrEqual(WIDTH);
    const banner = await boxOf(page.getByRole('region', { name: 'Cookie notice' }));
    expect(card.bottom <= banner.top || card.top >= banner.bottom).toBe(true);

    await read.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${slug}/${newId}`);
  });

  it('tells a reader on the last chapter, above the bottom bar, and turns Next Chapter into a link to it', async () => {
    const lastId = Math.max(...(await api<BookPageResponse>(`/${book.bookDetails.book_id}`)).chapters.map((chapter) => chapter.chapter_id));
    const newId = lastId + 1;
    const title = 'Morning at the Ferry';
    await openBookPage(page, `/${slug}/${lastId}`, book.bookDetails.book_id);
    const cookies = page.getByRole('region', { name: 'Cookie notice' });
    if (await cookies.count()) await cookies.getByRole('button', { name: 'Okay!' }).click();
    await markDocument(page);
    const chapterNav = page.getByRole('navigation', { name: 'Chapter navigation' });
    await chapterNav.waitFor();
    expect(await chapterNav.getByRole('link', { name: 'Next Chapter' }).count()).toBe(0);
    // Ad slots come after 1 s; should one be filled, it moves the text, so tap only once they are in.
    await page.locator('.chapter-text [data-ad-slot]').first().waitFor({ state: 'attached' });
    const mobileBar = page.getByRole('navigation', { name: 'Reader controls (mobile)' });
    await tapChapterText(page);
    await mobileBar.waitFor({ state: 'visible' });

    await publish(newId, title);
    const read = notice().getByRole('link', { name: 'Read it' });
    await read.waitFor({ timeout: 20_000 });
    expect(await notice().textContent()).toContain(`New chapter: Chapter ${newId} – ${title}`);
    const next = chapterNav.getByRole('link', { name: 'Next Chapter' });
    await next.waitFor();
    expect(await next.getAttribute('href')).toBe(`/${slug}/${newId}`);
    expect(await stillSameDocument(page)).toBe(true);

    // The notice sits above the bottom bar, inside the window.
    expect(await mobileBar.isVisible()).toBe(true);
    await noSidewaysScrolling();
    const card = await boxOf(page.locator('.new-chapter-notice'));
    const bar = await boxOf(mobileBar);
    expect(card.bottom).toBeLessThanOrEqual(bar.top);
    expect(card.left).toBeGreaterThanOrEqual(0);
    expect(card.right).toBeLessThanOrEqual(WIDTH);

    await read.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${slug}/${newId}`);
  });
});
