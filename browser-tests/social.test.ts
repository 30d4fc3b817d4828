import { CommentMessage, storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { markDocument, openThread, stillSameDocument } from './harness/live-page';
import { logInContext, type TestUser, verifiedUser } from './harness/users';


const commentArticle = (page: Page, text: string) => page.locator('article.comment', { hasText: text });

describe('comments, replies and live updates between two readers', () => {
  let browser: Browser;
  let alice: TestUser;
  let bruno: TestUser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let chapterPath: string;
  const aliceText = `Alice thinks this chapter is wonderful ${Date.now()}`;
  const brunoText = 'Bruno agrees, the ending was perfect.';

  beforeAll(async () => {
    browser = await launchChromium();
    [alice, bruno] = await Promise.all([verifiedUser('Alice'), verifiedUser('Bruno')]);
    const { bookDetails, chapters } = await bookWithChapters(3);
    chapterPath = `/${storySlug(bookDetails.book_id, bookDetails.english_book_name)}/${chapters[2].chapter_id}`;
    contextA = await browser.newContext();
    contextB = await browser.newContext();
    await logInContext(contextA, alice);
    await logInContext(contextB, bruno);
    pageA = await contextA.newPage();
    pageB = await contextB.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows Alice's new comment live in Bruno's open thread", async () => {
    await openThread(pageB, chapterPath);
    await markDocument(pageB);
    await openThread(pageA, chapterPath);
    await pageA.getByRole('textbox', { name: 'Write a comment' }).fill(aliceText);
    await pageA.getByRole('button', { name: 'Post', exact: true }).click();
    // Alice's own list reloads and highlights her comment.
    await pageA.locator('article.comment--highlighted', { hasText: aliceText }).waitFor();
    await commentArticle(pageB, aliceText).waitFor();
    expect(await stillSameDocument(pageB)).toBe(true);
  });

  it("raises Alice's header badge live when Bruno replies, and Reply Notifications shows the card and clears it", async () => {
    await markDocument(pageA);
    const bell = pageA.getByRole('link', { name: 'Notifications' });
    expect(await bell.locator('.count-badge').count()).toBe(0);

    const target = commentArticle(pageB, aliceText);
    await target.getByRole('button', { name: 'Reply', exact: true }).click();
    await target.getByRole('textbox', { name: 'Write a reply' }).fill(brunoText);
    await target.getByRole('button', { name: 'Post Reply' }).click();

    await bell.locator('.count-badge', { hasText: '1' }).waitFor();
    expect(await bell.getAttribute('class')).toContain('icon-button--attention');
    expect(await pageA.getByRole('button', { name: 'Account menu' }).getAttribute('class')).toContain('icon-button--attention');
    // Bruno's reply also arrived live in Alice's open thread, with its 'Reply to:' line.
    await commentArticle(pageA, brunoText).getByText(`Reply to: ${alice.user.username}`).waitFor();
    expect(await stillSameDocument(pageA)).toBe(true);

    await pageA.getByRole('button', { name: 'Account menu' }).click();
    await pageA.getByRole('link', { name: /Reply Notification/ }).click();
    await pageA.getByRole('heading', { level: 1, name: 'Reply Notifications' }).waitFor();
    await pageA.getByText('You have 1 unread replies.').waitFor();
    const card = pageA.getByRole('article', { name: `Reply from ${bruno.user.username}` });
    await card.getByText(brunoText).waitFor();
    expect(await card.getAttribute('class')).toContain('reply-card--unread');
    expect(await card.getByText(aliceText).count()).toBe(1);
    await bell.locator('.count-badge').waitFor({ state: 'detached' });
    expect(await bell.getAttribute('class')).not.toContain('icon-button--attention');
  });

  it('opens the log-in modal when a visitor clicks like', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${inject('site').baseUrl}${chapterPath}`);
    const like = visitor.locator('.like-box').getByRole('button', { name: /Like/ });
    await visitor.locator('.like-count').waitFor();
    await like.click();
    const dialog = visitor.getByRole('dialog', { name: 'Log in required' });
    await dialog.getByText(CommentMessage.logInToLikeStory).waitFor();
    expect(await dialog.getByRole('link', { name: 'Log In' }).getAttribute('target')).toBe('_blank');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visitor.close();
  });

  it('shows every comment rule for a bad comment, and the 30-second cooldown', async () => {
    await pageA.goto(`${inject('site').baseUrl}${chapterPath}`);
    const box = pageA.getByRole('textbox', { name: 'Write a comment' });
    const post = pageA.getByRole('button', { name: 'Post', exact: true });
    const problem = pageA.locator('.comment-section > form .comment-form__problem');
    const bad: [string, string][] = [
      ['Too short to post', 'Your comment must have at least 5 words.'],
      ['a b c d e f', 'Your comment must be at least 20 characters long.'],
      [`this word is ${'x'.repeat(51)} far too long`, 'Words in your comment should not exceed 50 characters.'],
      ['this is soooooooooooo good really', 'Please do not use excessive repeated characters.'],
      ['this is very very very very good', 'Your comment appears to be spammy. Please revise.'],
    ];
    for (const [text, message] of bad) {
      await box.fill(text);
      await post.click();
      await problem.getByText(message, { exact: true }).waitFor();
    }
    // Alice commented moments ago, and this browser remembers it: another comment within 30 seconds is refused. (Should
    // the first test have taken longer than that, this comment goes through and the next one is refused.)
    const cooldown = /^Please wait for \d+ seconds before commenting again\.$/;
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect.poll(() => post.isEnabled()).toBe(true);
      await box.fill(`One more thought about this chapter, number ${attempt + 1}.`);
      await post.click();
      await expect.poll(async () => ((await problem.count()) > 0 ? await problem.textContent() : await box.inputValue())).toMatch(/^$|Please wait/);
      if ((await problem.count()) > 0) break;
    }
    expect(await problem.textContent()).toMatch(cooldown);
  });
});
