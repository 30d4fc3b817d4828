import { type BookPageResponse, type CommentsResponse, ERASED_NAME, type HomeResponse, storySlug } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { linkIn, waitForMailTo } from './harness/mail';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

const WIDTH = 320;
const COMMENT = 'The soon-to-be-deleted reader thought this chapter was lovely.';
const url = (path: string) => `${inject('site').baseUrl}${path}`;

// Issue 37 item 2: a reader who has commented deletes their account from the profile and the e-mailed link, on a phone.
describe('deleting an account, on a phone 320 px wide', () => {
  let browser: Browser;
  let page: Page;
  let reader: TestUser;
  let thread: { book_id: number; chapter_id: number };
  let chapterPath: string;
  let commentId: string;

  const shown = async () => (await api<CommentsResponse>(`/comment/show-comments?book_id=${thread.book_id}&chapter_id=${thread.chapter_id}&criteria=newest`)).comments;
  const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

  beforeAll(async () => {
    browser = await launchChromium();
    reader = await verifiedUser('Eraser');
    const home = await api<HomeResponse>('/');
    const book = await api<BookPageResponse>(`/${home.latestBooks.at(-5)!.book_id}`);
    thread = { book_id: book.bookDetails.book_id, chapter_id: book.chapters[0].chapter_id };
    chapterPath = `/${storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name)}/${thread.chapter_id}`;
    const body = { ...thread, parent_comment_id: null, comment_content: COMMENT, honeypot: '' };
    commentId = (await callApi<{ comment_id: string }>('POST', '/comment/post-comments', { token: reader.token, body })).comment_id;
    // The workers project it a moment later (expect.poll is for tests, not hooks).
    for (let tries = 0; !(await shown()).some((comment) => comment.comment_id === commentId); tries++) {
      if (tries > 150) throw new Error('the comment was not projected within 15 s');
      await new Promise((done) => setTimeout(done, 100));
    }
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 640 }, isMobile: true, hasTouch: true });
    await logInContext(context, reader);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks with the password, deletes from the e-mailed link, signs out, refuses the login and shows the comment as deleted', async () => {
    await page.goto(url('/user/profile'));
    const section = page.getByRole('region', { name: 'Delete Your Account' });
    await section.getByLabel('Password').fill(reader.password);
    const ask = section.getByRole('button', { name: 'Delete my account', exact: true });
    await ask.scrollIntoViewIfNeeded();
    await noSidewaysScroll();
    const box = await ask.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    await ask.click();
    await section
      .getByRole('status')
      .filter({ hasText: 'We have sent you an e-mail with a link to confirm the deletion of your account. The link works for one hour.' })
      .waitFor();

    // The verification e-mail was the first.
    const link = linkIn(await waitForMailTo(reader.email, 30_000, 2), '/user/delete-account');
    await page.goto(url(`${link.pathname}${link.search}`));
    const confirmation = page.getByRole('region', { name: 'Delete your account' });
    await confirmation.getByText('This cannot be undone').waitFor();
    await noSidewaysScroll();
    await confirmation.getByRole('button', { name: 'Delete my account for good' }).click();
    await confirmation.getByRole('status').filter({ hasText: 'Your account has been deleted.' }).waitFor();
    await noSidewaysScroll();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken'), localStorage.getItem('user')])).toEqual([null, null, null]);
    await confirmation.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(url('/'));

    await page.goto(url('/user/login'));
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password').fill(reader.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The erasure reaches the thread's read side a moment after the answer.
    await expect.poll(async () => (await shown()).find((comment) => comment.comment_id === commentId)?.username).toBe(ERASED_NAME);
    await page.goto(url(chapterPath));
    const comment = page.locator(`[id="${commentId}"]`);
    // The erased account's comment shows that name as its author and as its text.
    await expect.poll(() => comment.getByText(ERASED_NAME, { exact: true }).count()).toBeGreaterThan(0);
    expect(await comment.getByText(COMMENT).count()).toBe(0);
    expect(await comment.getByText(reader.user.username).count()).toBe(0);
    await noSidewaysScroll();
  });
});
