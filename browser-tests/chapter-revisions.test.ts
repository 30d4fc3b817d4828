import { type BookPageResponse, type RecordProgressResponse, type SearchResponse, storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { publishChapter } from './harness/catalog';
import { logInContext, verifiedUser } from './harness/users';

const NOTICE = 'This chapter was revised since you last read it.';
const MARK = 'Revised since you read';
const paragraph = (words: string) => Array.from({ length: 4 }, () => words).join('\n\n');

describe.each([
  { name: 'a phone at 320 px', viewport: { width: 320, height: 640 }, isMobile: true },
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
])('"Revised since you read" on $name', ({ viewport, isMobile }) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let book: BookPageResponse;
  let slug: string;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile });
    await logInContext(context, await verifiedUser('Reviser'));
    page = await context.newPage();
    // A book updated long ago (not the oldest, which the live new-chapter test takes): no other test reads its chapters.
    const { books } = await api<SearchResponse>('/searchbook?page=1&sort_by=oldest');
    const quiet = books.filter((candidate) => (candidate.latest_chapter ?? 0) >= 2)[1];
    book = await api<BookPageResponse>(`/${quiet.book_id}`);
    slug = storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The chapter's entry in the story page's chapter grid, read afresh until `check` holds. */
  async function storyEntryUntil(title: string, check: (text: string) => boolean) {
    await expect
      .poll(async () => {
        // The reader's marks come with their progress in the book.
        const progress = page.waitForResponse((response) => response.url().includes('/api/user/reading-progress?book_id='));
        await page.goto(`${inject('site').baseUrl}/${slug}`);
        const entry = page.getByRole('region', { name: 'Chapters List' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
        // Until the workers have projected the import, the page shows the chapter's old title: load it again then.
        const listed = await entry.waitFor({ timeout: 5_000 }).then(() => true, () => false);
        await progress;
        return listed && check(await entry.innerText());
      }, { timeout: 60_000 })
      .toBe(true);
  }

  /** Opens the chapter and resolves with the account's answer to the first record of the reader's place. */
  async function openChapter(chapterId: number, title: string): Promise<RecordProgressResponse> {
    const recorded = page.waitForResponse((response) => response.url().endsWith('/api/user/reading-progress') && response.request().method() === 'POST');
    await page.goto(`${inject('site').baseUrl}/${slug}/${chapterId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    return (await recorded).json() as Promise<RecordProgressResponse>;
  }

  async function publish(chapterId: number, title: string, content: string, kind: 'published' | 'updated') {
    const counts = await publishChapter(book.bookDetails, { chapter_id: chapterId, title, content, uploaded_time: book.chapters.at(-1)!.uploaded_time });
    expect(counts.chapters[kind]).toBe(1);
  }

  it('marks a chapter whose text changed since the reader read it, says so once on opening it, then not again', async () => {
    const listed = await api<BookPageResponse>(`/${book.bookDetails.book_id}`);
    const chapterId = Math.max(...listed.chapters.map((chapter) => chapter.chapter_id)) + 1;
    const [title, retitled] = [`Chapter ${chapterId}: The Ferry`, `Chapter ${chapterId}: The Night Ferry`];
    await publish(chapterId, title, paragraph('The ferry left at dawn, and nobody on board knew where the river would take them.'), 'published');
    await expect.poll(async () => (await api<BookPageResponse>(`/${book.bookDetails.book_id}`)).chapters.some((chapter) => chapter.chapter_id === chapterId)).toBe(true);

    // Read once: marked Read, not revised.
    expect(await openChapter(chapterId, title)).toMatchObject({ revised: false });
    await storyEntryUntil(title, (text) => text.includes('Read') && !text.includes(MARK));

    // A new title only is no revision.
    await publish(chapterId, retitled, paragraph('The ferry left at dawn, and nobody on board knew where the river would take them.'), 'updated');
    await storyEntryUntil(retitled, (text) => text.includes('Read'));
    expect(await page.getByText(MARK).count()).toBe(0);

    // A new text is: the story page marks the chapter.
    await publish(chapterId, retitled, paragraph('The ferry left at midnight, and the captain alone knew where the river would take them.'), 'updated');
    await storyEntryUntil(retitled, (text) => text.includes(MARK));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // Opening it from the mark says so, once, over the new text.
    const recorded = page.waitForResponse((response) => response.url().endsWith('/api/user/reading-progress') && response.request().method() === 'POST');
    await page.getByRole('region', { name: 'Chapters List' }).getByRole('link', { name: retitled, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: retitled }).waitFor();
    expect(await (await recorded).json()).toMatchObject({ revised: true });
    await page.getByText(NOTICE).waitFor();
    await page.getByText('captain alone knew').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await storyEntryUntil(retitled, (text) => text.includes('Read') && !text.includes(MARK));
    expect(await openChapter(chapterId, retitled)).toMatchObject({ revised: false });
    await page.waitForTimeout(500);
    expect(await page.getByText(NOTICE).count()).toBe(0);
    // Each catalog import starts a process of its own: three of them, on a busy machine, take a while.
  }, 180_000);
});
