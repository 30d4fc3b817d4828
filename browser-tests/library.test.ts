import { storySlug } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { logInContext, verifiedUser } from './harness/users';

const PHONE_WIDTH = 320;

describe('library shelves, on a phone 320 px wide', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 640 }, isMobile: true, hasTouch: true });
    await logInContext(context, await verifiedUser('Shelves'));
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The titles the Library page lists under a shelf, once the workers have projected the latest choice. */
  const storiesOn = async (shelf: string) => {
    await page.goto(`${inject('site').baseUrl}/user/library`);
    await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
    return page.getByRole('region', { name: new RegExp(`^${shelf} \\(`) }).getByRole('listitem').allInnerTexts();
  };

  it('puts a story on a shelf from its page, moves it and takes it off, as the Library page shows', async () => {
    const site = inject('site').baseUrl;
    const { bookDetails: book } = await bookWithChapters(1);
    const bookPage = `${site}/${storySlug(book.book_id, book.english_book_name)}`;
    const shelf = page.getByLabel('Library shelf');

    await page.goto(bookPage);
    await expect.poll(() => shelf.isEnabled()).toBe(true);
    expect(await shelf.inputValue()).toBe('');
    await shelf.selectOption({ label: 'Reading' });
    await expect.poll(async () => (await storiesOn('Reading')).join('|'), { timeout: 10_000 }).toContain(book.english_book_name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(await page.getByRole('region', { name: /^Dropped \(/ }).getByText('No stories on this shelf yet.', { exact: false }).count()).toBe(1);

    await page.goto(bookPage);
    await expect.poll(() => shelf.inputValue()).toBe('reading');
    await shelf.selectOption({ label: 'Completed' });
    await expect.poll(async () => (await storiesOn('Completed')).join('|'), { timeout: 10_000 }).toContain(book.english_book_name);
    expect(await storiesOn('Reading')).toEqual([]);

    await page.goto(bookPage);
    await expect.poll(() => shelf.inputValue()).toBe('completed');
    await shelf.selectOption({ label: 'Not in library' });
    await expect.poll(async () => (await storiesOn('Completed')).length, { timeout: 10_000 }).toBe(0);
  });
});
