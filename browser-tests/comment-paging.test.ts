import { type BookPageResponse, type CommentsPaging, type CommentsResponse, type HomeResponse, storySlug } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { runSiteCommand } from './harness/site-command';
import { callApi, type TestUser, verifiedUser } from './harness/users';

const WIDTH = 320;
/** More than the client's page (200): the thread comes a page at a time. */
const COMMENTS = 230;

describe('a long comment thread on a phone (320 px)', () => {
  let browser: Browser;
  let page: Page;
  let writer: TestUser;
  let thread: { book_id: number; chapter_id: number };

  const totalOf = async ({ book_id, chapter_id }: typeof thread) =>
    (await api<CommentsResponse & CommentsPaging>(`/comment/show-comments?book_id=${book_id}&chapter_id=${chapter_id}&criteria=oldest&limit=1`)).total_comments;
  const total = () => totalOf(thread);
  /** A chapter nobody has commented on (other suites comment on the first books' chapters), with its book. */
  const quietChapter = async (): Promise<{ bookDetails: BookPageResponse['bookDetails']; chapterId: number }> => {
    for (const { book_id } of (await api<HomeResponse>('/')).latestBooks) {
      const { bookDetails, chapters } = await api<BookPageResponse>(`/${book_id}`);
      for (const { chapter_id } of chapters.slice().reverse()) if ((await totalOf({ book_id, chapter_id })) === 0) return { bookDetails, chapterId: chapter_id };
    }
    throw new Error('every chapter on the home page has comments');
  };
  const shownIds = () => page.locator('.comment-list > li > article').evaluateAll((articles) => articles.map((article) => article.id));
  const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

  beforeAll(async () => {
    browser = await launchChromium();
    writer = await verifiedUser('Latecomer');
    const { bookDetails, chapterId } = await quietChapter();
    thread = { book_id: bookDetails.book_id, chapter_id: chapterId };
    await runSiteCommand('node', 'browser-tests/harness/append-comments.mjs', String(thread.book_id), String(thread.chapter_id), String(COMMENTS));
    // The workers project them a moment later (expect.poll is for tests, not hooks).
    const deadline = Date.now() + 60_000;
    while ((await total()) !== COMMENTS) {
      if (Date.now() > deadline) throw new Error(`the thread shows ${await total()} of ${COMMENTS} comments after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const context = await browser.newContext({ viewport: { width: WIDTH, height: 640 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
    await page.goto(`${inject('site').baseUrl}/${storySlug(bookDetails.book_id, bookDetails.english_book_name)}/${thread.chapter_id}`);
    await page.locator('.comment-list').waitFor();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the first page and says how many more there are, within the screen', async () => {
    await expect.poll(async () => (await shownIds()).length).toBe(200);
    expect(await page.getByText(`Showing 200 of ${COMMENTS} comments`).isVisible()).toBe(true);
    const more = page.getByRole('button', { name: 'Load more comments' });
    await more.scrollIntoViewIfNeeded();
    const box = (await more.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    await noSidewaysScroll();
  });

  it('shows a comment posted meanwhile at once, then loads the rest on a tap, until none is left', async () => {
    const posted = await callApi<{ comment_id: string }>('POST', '/comment/post-comments', {
      token: writer.token,
      body: { ...thread, parent_comment_id: null, comment_content: 'A new comment while the thread was open.', honeypot: '' },
    });
    // The live push brings it, after the comments shown.
    await page.locator(`[id="${posted.comment_id}"]`).waitFor();
    expect((await shownIds()).length).toBe(201);
    // The thread's total counts it too.
    expect(await page.getByText(`Showing 201 of ${COMMENTS + 1} comments`).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Load more comments' }).tap();
    await expect.poll(async () => (await shownIds()).length).toBe(COMMENTS + 1);
    expect(new Set(await shownIds()).size).toBe(COMMENTS + 1);
    expect(await page.getByRole('button', { name: 'Load more comments' }).count()).toBe(0);
    await noSidewaysScroll();
  });
});
