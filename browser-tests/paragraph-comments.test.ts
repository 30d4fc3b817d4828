import { type BookPageResponse, type CommentWriteResponse, ParagraphCommentText, type SearchResponse, storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { publishChapter } from './harness/catalog';
import { markDocument, openChapterThread, stillSameDocument } from './harness/live-page';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

const FERRY = 'The ferry bell rang twice before the fog lifted from the harbour, and the gulls went quiet.';
const LANTERNS = 'Shen Yu counted the lanterns on the far shore and said nothing at all to the boatman.';
const WILLOWS = 'By noon the river had carried them past the last of the willow trees and into the plain.';
const REVISED_LANTERNS = 'Shen Yu counted the lanterns on the far shore twice, then asked the boatman their names.';
const COMMENT = 'The quiet of this lantern paragraph is beautifully written, truly.';
const OTHER_COMMENT = 'That ferry bell at dawn sets the whole mood of the chapter for me.';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const paragraph = (page: Page, text: string) => page.locator('.chapter-text p', { hasText: text });
const buttonOf = (page: Page, text: string) => paragraph(page, text).locator('.paragraph-comments');
const threadDialog = (page: Page) => page.getByRole('dialog', { name: ParagraphCommentText.threadTitle });

/** Expects `locator` laid out wholly inside the page's viewport. */
async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

describe.each([
  { name: 'a phone at 320 px', viewport: { width: 320, height: 640 }, isMobile: true },
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
])('paragraph comments on $name', ({ viewport, isMobile }) => {
  let browser: Browser;
  let reader: TestUser;
  let other: TestUser;
  let book: BookPageResponse;
  let chapterId: number;
  let path: string;
  let title: string;
  const site = () => inject('site').baseUrl;
  const thread = () => ({ book_id: book.bookDetails.book_id, chapter_id: chapterId });

  async function newPage(user?: TestUser): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile });
    await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
    if (user) await logInContext(context, user);
    return { context, page: await context.newPage() };
  }

  async function publish(content: string, kind: 'published' | 'updated') {
    const counts = await publishChapter(book.bookDetails, { chapter_id: chapterId, title, content, uploaded_time: book.chapters.at(-1)!.uploaded_time });
    expect(counts.chapters[kind]).toBe(1);
  }

  beforeAll(async () => {
    browser = await launchChromium();
    [reader, other] = await Promise.all([verifiedUser(`Para${viewport.width}`), verifiedUser(`Ferry${viewport.width}`)]);
    // A book updated long ago that no other test reads (the revision and new-chapter tests take the first two).
    const { books } = await api<SearchResponse>('/searchbook?page=1&sort_by=oldest');
    const quiet = books.filter((candidate) => (candidate.latest_chapter ?? 0) >= 2)[isMobile ? 3 : 4];
    book = await api<BookPageResponse>(`/${quiet.book_id}`);
    chapterId = Math.max(...book.chapters.map((chapter) => chapter.chapter_id)) + 1;
    title = `Chapter ${chapterId}: The Harbour`;
    path = `/${storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name)}/${chapterId}`;
    await publish([FERRY, LANTERNS, WILLOWS].join('\n\n'), 'published');
    await vi.waitFor(async () => expect((await fetch(`${site()}/api${path}`)).status).toBe(200), { timeout: 30_000, interval: 500 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("opens a paragraph's thread from its button, and its new comment counts live on another page, with nothing moving", async () => {
    // The server sends each paragraph's button with its count, inside the paragraph.
    const html = await (await fetch(`${site()}${path}`)).text();
    expect(html.match(/<button type="button" class="paragraph-comments" data-paragraph="[0-9a-z-]+" data-count="0"/g)).toHaveLength(3);

    const watcher = await newPage();
    await openChapterThread(watcher.page, path, thread());
    await markDocument(watcher.page);
    const watched = buttonOf(watcher.page, LANTERNS);
    expect(await watched.getAttribute('data-count')).toBe('0');
    const lanternsBefore = (await paragraph(watcher.page, LANTERNS).boundingBox())!;
    const willowsBefore = (await paragraph(watcher.page, WILLOWS).boundingBox())!;

    const { context, page } = await newPage(reader);
    await page.goto(`${site()}${path}`);
    const button = buttonOf(page, LANTERNS);
    await button.waitFor();
    if (isMobile) await button.tap();
    else await button.click();
    const dialog = threadDialog(page);
    await dialog.waitFor();
    expect(await dialog.locator('blockquote').textContent()).toBe(LANTERNS);
    await dialog.getByText('Nobody is here yet. Be the first to comment!').waitFor();
    await expectInViewport(page, dialog);
    expect(await noSidewaysScroll(page)).toBe(true);

    await dialog.getByRole('textbox', { name: 'Write a comment' }).fill(COMMENT);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.locator('article.comment', { hasText: COMMENT }).waitFor();
    await expectInViewport(page, dialog);
    expect(await noSidewaysScroll(page)).toBe(true);

    // The other page counts it, live, with the text where it was.
    await expect.poll(() => watched.getAttribute('data-count'), { timeout: 20_000 }).toBe('1');
    expect(await watched.getAttribute('aria-label')).toBe('1 comment on this paragraph');
    expect(await stillSameDocument(watcher.page)).toBe(true);
    expect(await paragraph(watcher.page, LANTERNS).boundingBox()).toEqual(lanternsBefore);
    expect(await paragraph(watcher.page, WILLOWS).boundingBox()).toEqual(willowsBefore);
    await watcher.context.close();

    // Closing gives the focus back to the button, which shows the count; its tap showed no reader controls.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => button.getAttribute('data-count')).toBe('1');
    expect(await page.getByRole('navigation', { name: 'Reader controls (mobile)' }).count()).toBe(0);
    // The keyboard opens it too.
    await page.keyboard.press('Enter');
    await dialog.locator('article.comment', { hasText: COMMENT }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The chapter's thread has it, marked: the mark brings the paragraph's thread back.
    const inThread = page.locator('.chapter-thread article.comment', { hasText: COMMENT });
    await inThread.waitFor();
    await inThread.getByRole('button', { name: ParagraphCommentText.onParagraph }).click();
    await dialog.waitFor();
    expect(await dialog.locator('blockquote').textContent()).toBe(LANTERNS);
    await expectInViewport(page, dialog);
    await page.keyboard.press('Escape');
    expect(await noSidewaysScroll(page)).toBe(true);
    await context.close();
  }, 120_000);

  it("keeps a comment with its paragraph through a revision that leaves it, and marks it 'on an earlier version' otherwise", async () => {
    const { context, page } = await newPage(reader);
    await page.goto(`${site()}${path}`);
    const ferryKey = (await buttonOf(page, FERRY).getAttribute('data-paragraph'))!;
    const posted = await callApi<CommentWriteResponse>('POST', '/comment/post-comments', {
      token: other.token,
      body: { ...thread(), parent_comment_id: null, comment_content: OTHER_COMMENT, honeypot: '', paragraph: ferryKey },
    });
    expect(posted.success).toBe(1);

    await publish([FERRY, REVISED_LANTERNS, WILLOWS].join('\n\n'), 'updated');
    // The page the server sends has the new text, and the ferry's comment on its button (a page rendered before the
    // comment was counted is kept for a minute).
    await expect
      .poll(async () => {
        const html = await (await fetch(`${site()}${path}`)).text();
        return html.includes(REVISED_LANTERNS) && new RegExp(`data-paragraph="${ferryKey}" data-count="1"`).test(html);
      }, { timeout: 90_000, interval: 2_000 })
      .toBe(true);
    await page.goto(`${site()}${path}`);
    await paragraph(page, REVISED_LANTERNS).waitFor();
    expect(await buttonOf(page, REVISED_LANTERNS).getAttribute('data-count')).toBe('0');

    const earlier = page.locator('.chapter-thread article.comment', { hasText: COMMENT });
    await earlier.getByText(ParagraphCommentText.earlierVersion).waitFor();
    expect(await earlier.getByRole('button', { name: ParagraphCommentText.onParagraph }).count()).toBe(0);
    const kept = page.locator('.chapter-thread article.comment', { hasText: OTHER_COMMENT });
    await kept.getByRole('button', { name: ParagraphCommentText.onParagraph }).click();
    const dialog = threadDialog(page);
    await dialog.locator('article.comment', { hasText: OTHER_COMMENT }).waitFor();
    expect(await dialog.locator('blockquote').textContent()).toBe(FERRY);
    await expectInViewport(page, dialog);
    expect(await noSidewaysScroll(page)).toBe(true);
    await context.close();
    // Each catalog import starts a process of its own, which takes a while on a busy machine.
  }, 180_000);
});
