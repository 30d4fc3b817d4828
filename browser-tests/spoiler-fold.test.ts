import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

const FOLD = (comment: number, reader: number) => `Comment on chapter ${comment} — you are on chapter ${reader}`;
const REPLY = 'Just wait until the masked stranger turns out to be the brother.';

/** The reader's reply cards, read afresh until `check` holds for the one card (the workers project in a moment). */
async function repliesUntil(page: Page, check: (card: ReturnType<Page['getByRole']>) => Promise<boolean>) {
  const site = inject('site').baseUrl;
  await expect
    .poll(async () => {
      await page.goto(`${site}/user/reply-notification`);
      const card = page.getByRole('article').first();
      await card.waitFor();
      return check(card);
    }, { timeout: 30_000 })
    .toBe(true);
}

describe.each([
  { name: 'a phone at 320 px', viewport: { width: 320, height: 640 }, isMobile: true },
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, isMobile: false },

])('spoiler folds on $name', ({ viewport, isMobile }) => {
  let browser: Browser;
  let reader: TestUser;
  let replier: TestUser;

  beforeAll(async () => {
    browser = await launchChromium();
    [reader, replier] = [await verifiedUser('Folded'), await verifiedUser('Ahead')];
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('folds a reply on a chapter the reader has not reached, follows their progress, and can be turned off', async () => {
    const site = inject('site').baseUrl;
    const book = await bookWithChapters(3);
    const [first, , third] = book.chapters;
    const at = (chapter: { chapter_id: number }, position: number) =>
      callApi('POST', '/user/reading-progress', { token: reader.token, body: { book_id: book.bookDetails.book_id, chapter_id: chapter.chapter_id, position } });

    // The reader comments on the third chapter, someone replies, and the reader goes back to re-read the first.
    await at(third, 0.3);
    const thread = { book_id: book.bookDetails.book_id, chapter_id: third.chapter_id };
    const { comment_id } = await callApi<{ comment_id: string }>('POST', '/comment/post-comments', {
      token: reader.token,
      body: { ...thread, parent_comment_id: null, comment_content: 'That ending of the chapter left me speechless, truly.', honeypot: '' },
    });
    await callApi('POST', '/comment/post-comments', { token: replier.token, body: { ...thread, parent_comment_id: comment_id, comment_content: REPLY, honeypot: '' } });
    await at(first, 0.3);

    const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile });
    await logInContext(context, reader);
    const page = await context.newPage();
    await repliesUntil(page, async (card) => (await card.getByText(FOLD(third.chapter_id, first.chapter_id)).count()) === 1);
    const card = page.getByRole('article').first();
    expect(await card.getByText(REPLY).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await card.getByRole('button', { name: 'Show' }).click();
    await card.getByText(REPLY).waitFor();

    // Reading further in the third chapter moves the reader's place there: the reply is no longer ahead of them.
    await at(third, 0.8);
    await repliesUntil(page, async (card) => (await card.getByText(REPLY).count()) === 1);
    expect(await page.getByRole('article').first().getByRole('button', { name: 'Show' }).count()).toBe(0);

    // Back on the first chapter, then folding turned off in the profile: nothing is folded.
    await at(first, 0.6);
    await repliesUntil(page, async (card) => (await card.getByText(FOLD(third.chapter_id, first.chapter_id)).count()) === 1);
    await page.goto(`${site}/user/profile`);
    const setting = page.getByRole('checkbox', { name: 'Fold comments on chapters I have not reached yet' });
    await expect.poll(() => setting.isEnabled()).toBe(true);
    expect(await setting.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/reader-settings') && response.request().method() === 'PUT');
    await setting.click();
    expect((await saved).status()).toBe(200);
    await repliesUntil(page, async (card) => (await card.getByText(REPLY).count()) === 1);

    // The choice is kept on the account: the profile shows it on another visit.
    await page.goto(`${site}/user/profile`);
    await expect.poll(() => setting.isEnabled()).toBe(true);
    expect(await setting.isChecked()).toBe(false);
    await context.close();
  });
});
