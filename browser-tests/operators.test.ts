import {
  type AuditResponse,
  CommentMessage,
  type CommentWriteResponse,
  type LoginResponse,
  type ModerationItem,
  type ModerationQueueResponse,
  storySlug,
} from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { markDocument, openThread, stillSameDocument } from './harness/live-page';
import { runSiteCommand } from './harness/site-command';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

const PHONE = { width: 375, height: 740 };
const NARROWEST = 320;
const REPORTERS = 10;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Calls `probe` until it answers something, for at most `timeoutMs`; the last failure explains a timeout. */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const found = await probe();
      if (found !== undefined) return found;
    } catch (error) {
      last = error;
    }
    await sleep(300);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last: ${String(last)})` : ''}`);
}

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("operators' moderation: a comment removed by reports, restored from a phone, live for readers and in the audit trail", () => {
  let browser: Browser;
  let author: TestUser;
  let reporters: TestUser[];
  let operator: TestUser;
  let operatorContext: BrowserContext;
  let readerContext: BrowserContext;
  let operatorPage: Page;
  let readerPage: Page;
  let storyPath: string;
  let commentId: string;
  const text = `A comment the readers reported, written at ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchChromium();
    // Twelve accounts, a few at a time: registration hashes a password, and many at once overload the embedded store.
    const names = ['Author', 'Operator', ...Array.from({ length: REPORTERS }, (_, index) => `Reporter${index}`)];
    const users: TestUser[] = [];
    for (let start = 0; start < names.length; start += 3) users.push(...(await Promise.all(names.slice(start, start + 3).map(verifiedUser))));
    [author, operator, ...reporters] = users;
    const { bookDetails } = await bookWithChapters(1);
    storyPath = `/${storySlug(bookDetails.book_id, bookDetails.english_book_name)}`;

    const posted = await callApi<CommentWriteResponse>('POST', '/comment/post-comments', {
      token: author.token,
      body: { book_id: bookDetails.book_id, chapter_id: null, parent_comment_id: null, comment_content: text, honeypot: '' },
    });
    if (!posted.comment_id) throw new Error(`the comment was not posted: ${posted.message}`);
    commentId = posted.comment_id;
    // Ten readers report it, half with a reason: the tenth report removes it.
    for (const [index, reporter] of reporters.entries()) {
      const reason = index % 2 === 0 ? { reason: 'spam' } : {};
      await callApi('POST', '/comment/report-comments', { token: reporter.token, body: { comment_id: commentId, ...reason } });
    }

    // The operator role, granted as an operator grants it: the CLI, with the site's environment.
    await runSiteCommand(process.execPath, 'backend/dist/modules/operators/cli/main.js', 'grant', operator.email);
    operator = await logInAgain(operator);
    await waitFor('the operator role reaches /api/admin/me', async () => {
      await callApi('GET', '/admin/me', { token: operator.token });
      return true;
    });

    operatorContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await logInContext(operatorContext, operator);
    operatorPage = await operatorContext.newPage();
    readerContext = await browser.newContext();
    await logInContext(readerContext, reporters[0]);
    readerPage = await readerContext.newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh login (the role may travel in the token). */
  async function logInAgain(user: TestUser): Promise<TestUser> {
    const login = await callApi<LoginResponse>('POST', '/user/login', { body: { email: user.email, password: user.password, honeypot: '' } });
    if (!login.token || !login.refreshToken || !login.user) throw new Error(`login of ${user.email} failed: ${login.message}`);
    return { ...user, token: login.token, refreshToken: login.refreshToken, user: login.user };
  }

  it('shows the comment under Needs review as removed by reports, and restores it from its context at 375 px', async () => {
    // The queue is a read model the workers project: wait until it holds the removal.
    await waitFor('the removed comment in the moderation queue', async () => {
      const queue = await callApi<ModerationQueueResponse>('GET', '/admin/moderation?view=review&page=1', { token: operator.token });
      return queue.items.find((item: ModerationItem) => item.comment.comment_id === commentId && item.status === 'removed');
    });

    // A reader has the story's comments open: the comment shows as removed.
    await openThread(readerPage, storyPath);
    await markDocument(readerPage);
    const readerComment = readerPage.locator(`article[id="${commentId}"]`);
    await readerComment.getByText(CommentMessage.removedText).waitFor();

    // The operator finds Moderation in the account menu.
    const site = inject('site').baseUrl;
    await operatorPage.goto(`${site}/`);
    await operatorPage.getByRole('button', { name: 'Account menu' }).click();
    await operatorPage.getByRole('link', { name: 'Moderation' }).click();
    await operatorPage.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    expect(await operatorPage.getByRole('link', { name: 'Needs review' }).getAttribute('aria-current')).toBe('page');

    const card = operatorPage.getByRole('article', { name: `Comment by ${author.user.username}` }).filter({ hasText: text });
    await card.waitFor();
    await card.getByText('Removed by reports').waitFor();
    await card.getByText(`10 open of 10`).waitFor();
    await card.getByText(/Spam or advertising \(5\)/).waitFor();
    expect(await fitsTheScreen(operatorPage)).toBe(true);

    await card.getByRole('button', { name: 'Context' }).click();
    const context = card.getByRole('region', { name: 'Comment in context' });
    await context.getByRole('heading', { name: `Author: ${author.user.username}` }).waitFor();
    await context.getByText('Can comment.').waitFor();
    await context.getByRole('button', { name: 'Suspend' }).waitFor();

    await card.getByRole('button', { name: 'Restore' }).click();
    const notice = operatorPage.locator('.action-notice-bar [role="status"] .action-notice__text');
    await notice.waitFor();
    expect((await notice.textContent())?.trim().length).toBeGreaterThan(0);
    expect(await operatorPage.locator('.action-notice-bar [role="alert"] .action-notice').count()).toBe(0);

    // The reader sees the comment again, without reloading.
    await readerComment.getByText(text).waitFor({ timeout: 20_000 });
    await readerComment.getByText(author.user.username, { exact: true }).waitFor();
    expect(await readerComment.getByText(CommentMessage.removedText).count()).toBe(0);
    expect(await stillSameDocument(readerPage)).toBe(true);

    // It is restored in the queue too (All lists it, whatever Needs review now holds).
    await operatorPage.getByRole('link', { name: 'All' }).click();
    await operatorPage
      .getByRole('article', { name: `Comment by ${author.user.username}` })
      .filter({ hasText: text })
      .getByText('Restored', { exact: true })
      .waitFor();
  });

  it('lists the restoration in the audit trail with the operator as its actor', async () => {
    await waitFor('the restoration in the audit trail', async () => {
      const audit = await callApi<AuditResponse>('GET', `/admin/audit?type=comment.restored.v1&target=${encodeURIComponent(commentId)}&page=1`, {
        token: operator.token,
      });
      return audit.entries.find((entry) => entry.target === commentId);
    });
    await operatorPage.getByRole('link', { name: 'Audit trail' }).click();
    await operatorPage.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    await operatorPage.getByLabel('Event').selectOption('comment.restored.v1');
    await operatorPage.getByRole('button', { name: 'Filter', exact: true }).click();
    await operatorPage.waitForURL(/[?&]type=comment\.restored\.v1/);
    // The filtered list replaces the whole trail once it arrives; the restoration is in both.
    await operatorPage.getByRole('row').filter({ hasText: 'Comment reported' }).first().waitFor({ state: 'detached' });
    const row = operatorPage.getByRole('row').filter({ hasText: commentId });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toContain(operator.user.username);
    expect(await row.getByRole('cell').nth(2).textContent()).toContain('Comment restored');
    expect(await fitsTheScreen(operatorPage)).toBe(true);
  });

  it('fits both pages in a screen 320 px wide', async () => {
    const site = inject('site').baseUrl;
    await operatorPage.setViewportSize({ width: NARROWEST, height: 640 });
    await operatorPage.goto(`${site}/admin/moderation?view=all`);
    const card = operatorPage.getByRole('article', { name: `Comment by ${author.user.username}` }).filter({ hasText: text });
    await card.waitFor();
    await card.getByRole('button', { name: 'Context' }).click();
    await card.getByRole('region', { name: 'Comment in context' }).getByRole('button', { name: 'Suspend' }).waitFor();
    expect(await operatorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROWEST);
    // Restored, it may be removed again: the button is on the screen.
    const box = await card.getByRole('button', { name: 'Remove' }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(NARROWEST);

    await operatorPage.goto(`${site}/admin/audit`);
    await operatorPage.getByRole('row').filter({ hasText: commentId }).first().waitFor();
    expect(await operatorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROWEST);
    const exportButton = await operatorPage.getByRole('button', { name: 'Export CSV' }).boundingBox();
    expect(exportButton!.x + exportButton!.width).toBeLessThanOrEqual(NARROWEST);
  });

  it('exports the audit trail as a CSV file', async () => {
    const site = inject('site').baseUrl;
    await operatorPage.goto(`${site}/admin/audit?type=comment.restored.v1`);
    await operatorPage.getByRole('row').filter({ hasText: commentId }).first().waitFor();
    const download = operatorPage.waitForEvent('download');
    await operatorPage.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(path, 'utf8')).toContain(commentId);
  });

  it('opens the queue dashboard from the moderation page', async () => {
    const site = inject('site').baseUrl;
    await operatorPage.goto(`${site}/admin/moderation`);
    const statuses: number[] = [];
    operatorPage.on('response', (response) => {
      if (response.request().isNavigationRequest() && new URL(response.url()).pathname.startsWith('/admin/queues')) statuses.push(response.status());
    });
    await operatorPage.getByRole('link', { name: 'Queue dashboard' }).click();
    await operatorPage.waitForURL(/\/admin\/queues/);
    await operatorPage.waitForLoadState('load');
    // The session cookie opened it: no HTTP Basic challenge (401).
    expect(statuses.at(-1)).toBe(200);
  });

  it("tells a reader without the role that the page is for operators, at 320 px without sideways scrolling", async () => {
    const site = inject('site').baseUrl;
    await readerPage.setViewportSize({ width: NARROWEST, height: 640 });
    for (const path of ['/admin/moderation', '/admin/audit']) {
      await readerPage.goto(`${site}${path}`);
      await readerPage.getByText('This page is for operators.').waitFor();
      expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROWEST);
    }
    // Nor does the reader's account menu offer the operators' pages.
    await readerPage.getByRole('button', { name: 'Account menu' }).click();
    await readerPage.getByRole('link', { name: 'Profile' }).waitFor();
    await sleep(500);
    expect(await readerPage.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
  });
});
