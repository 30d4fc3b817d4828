import { type BookPageResponse, type CommentsResponse, type HomeResponse, MuteText, type MutesResponse, storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

const url = (path: string) => `${inject('site').baseUrl}${path}`;
const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

// Two readers (and a third who comments once): the reader mutes and then blocks the author from the author's comment,
// sees it fold (also for the author's live edit), the author is refused a reply to the reader's comment, and the
// reader undoes both in the profile.
describe.each([
  { name: 'a phone 320 px wide', width: 320, height: 640, isMobile: true },
  { name: 'a desktop 1280 px wide', width: 1280, height: 800, isMobile: false },
])('muting and blocking on $name', ({ width, height, isMobile }) => {
  let browser: Browser;
  let readerContext: BrowserContext;
  let authorContext: BrowserContext;
  let page: Page;
  let reader: TestUser;
  let author: TestUser;
  let other: TestUser;
  let thread: { book_id: number; chapter_id: number };
  let chapterPath: string;
  let authorCommentId: string;
  let readerCommentId: string;

  const post = async (user: TestUser, comment_content: string) =>
    (await callApi<{ comment_id: string }>('POST', '/comment/post-comments', { token: user.token, body: { ...thread, parent_comment_id: null, comment_content, honeypot: '' } })).comment_id;
  const shown = async () => (await api<CommentsResponse>(`/comment/show-comments?book_id=${thread.book_id}&chapter_id=${thread.chapter_id}&criteria=newest`)).comments;
  /** Until the workers have projected what `check` looks for (a hook cannot poll with expect). */
  const projected = async (check: (comments: CommentsResponse['comments']) => boolean) => {
    for (let tries = 0; !check(await shown()); tries++) {
      if (tries > 150) throw new Error('not projected within 15 s');
      await new Promise((done) => setTimeout(done, 100));
    }
  };
  const readerLists = () => callApi<MutesResponse>('GET', '/user/mutes', { token: reader.token });
  const authorComment = () => page.locator(`[id="${authorCommentId}"]`);
  const openMenuOf = async (article: ReturnType<Page['locator']>, item: string) => {
    await article.getByRole('button', { name: `More actions for ${author.user.username}` }).click();
    const button = article.getByRole('button', { name: `${item} ${author.user.username}` });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
  };

  beforeAll(async () => {
    browser = await launchChromium();
    const tag = isMobile ? 'Phone' : 'Desk';
    [reader, author, other] = await Promise.all([verifiedUser(`Muter${tag}`), verifiedUser(`Loud${tag}`), verifiedUser(`Third${tag}`)]);
    const home = await api<HomeResponse>('/');
    const book = await api<BookPageResponse>(`/${home.latestBooks.at(isMobile ? -3 : -4)!.book_id}`);
    thread = { book_id: book.bookDetails.book_id, chapter_id: book.chapters[0].chapter_id };
    chapterPath = `/${storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name)}/${thread.chapter_id}`;
    authorCommentId = await post(author, 'The loud author has opinions about this chapter.');
    readerCommentId = await post(reader, 'The quiet reader liked this chapter very much.');
    await projected((comments) => comments.some((c) => c.comment_id === readerCommentId) && comments.some((c) => c.comment_id === authorCommentId));

    readerContext = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
    await logInContext(readerContext, reader);
    authorContext = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
    await logInContext(authorContext, author);
    page = await readerContext.newPage();
    await page.goto(url(chapterPath));
    await authorComment().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('mutes the author from their comment’s menu: it folds, Show opens it, and it stays folded on a new load', async () => {
    await openMenuOf(authorComment(), 'Mute');
    await expect.poll(() => authorComment().getByText(MuteText.mutedFold).count()).toBe(1);
    expect(await authorComment().getByText('The loud author has opinions about this chapter.').count()).toBe(0);
    expect(await authorComment().getByText(author.user.username).count()).toBe(0);
    await noSidewaysScroll(page, width);

    await authorComment().getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => authorComment().getByText('The loud author has opinions about this chapter.').count()).toBe(1);

    // Folded by the server's list from now on (once the workers have the mute).
    await expect.poll(async () => (await readerLists()).muted.map((entry) => entry.user_id)).toEqual([author.user.user_id]);
    await page.reload();
    // The page may first show the visitor's list (before the session is read), then the reader's.
    await expect.poll(() => authorComment().getByText(MuteText.mutedFold).count()).toBe(1);
    // Other readers see it as it is.
    expect((await shown()).find((c) => c.comment_id === authorCommentId)?.author_relation).toBeUndefined();
  });

  it('keeps the author’s live edit folded: the server pushes it folded to this reader', async () => {
    await callApi('POST', '/comment/edit-comments', {
      token: author.token,
      body: { comment_id: authorCommentId, new_comment_content: 'The loud author edited these opinions live.', honeypot: '' },
    });
    await projected((comments) => comments.some((c) => c.comment_id === authorCommentId && c.comment_content.includes('edited these opinions')));
    // A later comment by someone else: once it is on the page, the edit's push (sent before it) has been applied.
    const markerId = await post(other, 'A third reader says hello to everyone here.');
    await page.locator(`[id="${markerId}"]`).waitFor();
    expect(await authorComment().getByText(MuteText.mutedFold).count()).toBe(1);
    await authorComment().getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => authorComment().getByText('The loud author edited these opinions live.').count()).toBe(1);
  });

  it('blocks the author after asking; the author’s reply to the reader’s comment is refused with a message', async () => {
    await openMenuOf(authorComment(), 'Block');
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await expect.poll(() => dialog.textContent()).toContain(`Block ${author.user.username}?`);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => authorComment().getByText(MuteText.blockedFold).count()).toBe(1);
    await expect.poll(async () => (await readerLists()).blocked.map((entry) => entry.user_id)).toEqual([author.user.user_id]);

    const authorPage = await authorContext.newPage();
    await authorPage.goto(url(chapterPath));
    const mine = authorPage.locator(`[id="${readerCommentId}"]`);
    await mine.waitFor();
    await mine.getByRole('button', { name: 'Reply' }).click();
    await mine.getByRole('textbox', { name: 'Write a reply' }).fill('I would like to answer this reader about it.');
    await mine.getByRole('button', { name: 'Post Reply' }).click();
    await expect.poll(() => mine.getByRole('alert').textContent()).toBe(MuteText.replyBlocked);
    await noSidewaysScroll(authorPage, width);
    await authorPage.close();
  });

  it('lists both in the profile, and unmutes and unblocks there', async () => {
    await page.goto(url('/user/profile'));
    const muted = page.getByRole('region', { name: 'Muted readers', exact: true });
    const blocked = page.getByRole('region', { name: 'Blocked readers', exact: true });
    await expect.poll(() => muted.getByText(author.user.username, { exact: true }).count()).toBe(1);
    expect(await blocked.getByText(author.user.username, { exact: true }).count()).toBe(1);
    await noSidewaysScroll(page, width);

    await muted.getByRole('button', { name: `Unmute ${author.user.username}` }).click();
    await expect.poll(() => muted.getByText('You have not muted anyone.').count()).toBe(1);
    await blocked.getByRole('button', { name: `Unblock ${author.user.username}` }).click();
    await expect.poll(() => blocked.getByText('You have not blocked anyone.').count()).toBe(1);

    await expect.poll(async () => (await readerLists()).muted.length + (await readerLists()).blocked.length).toBe(0);
    await page.goto(url(chapterPath));
    await expect.poll(() => authorComment().getByText('The loud author edited these opinions live.').count()).toBe(1);
    expect(await authorComment().locator('.muted-fold').count()).toBe(0);
  });
});
