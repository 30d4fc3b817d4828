import type { SearchResponse } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { callApi, logInContext, verifiedUser } from './harness/users';

const PHONE = { width: 320, height: 640 };

describe('search', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('filters by Diversity, Completion Status and Genre', async () => {
    const expected = await api<SearchResponse>('/searchbook?page=1&pageSize=10&diversity=Danmei%2FBL&completion_status=Completed&genre=Mystery');
    expect(expected.totalBooks).toBeGreaterThan(0);
    expect(expected.totalBooks).toBeLessThan(64);

    await page.goto(`${inject('site').baseUrl}/searchbook`);
    await page.getByRole('heading', { level: 1, name: 'Searching Books' }).waitFor();
    const form = page.getByRole('form', { name: 'Search filters' });
    await form.getByRole('group', { name: 'Diversity' }).getByRole('radio', { name: 'Danmei/BL' }).check();
    await form.getByRole('group', { name: 'Completion Status' }).getByRole('radio', { name: 'Completed' }).check();
    await form.getByRole('group', { name: 'Genre' }).getByRole('checkbox', { name: 'Mystery' }).check();
    await form.getByRole('button', { name: 'Search' }).click();

    await page.getByText(`Showing ${expected.totalBooks} results`).waitFor();
    const cards = page.locator('.book-card');
    expect(await cards.count()).toBe(Math.min(10, expected.totalBooks));
    const titles = await cards.locator('.book-card__title a').allTextContents();
    expect(titles).toEqual(expected.books.map((book) => book.english_book_name));
    for (const badges of await cards.locator('.book-card__badges').allTextContents()) {
      expect(badges).toContain('Danmei/BL');
      expect(badges).toContain('Completed');
    }
  });

  it('on a phone puts the search box and the result count first, excludes a genre from the folded filters, and keeps the reader at the results on the next page', async () => {
    const expected = await api<SearchResponse>('/searchbook?page=1&pageSize=10&exclude_genre=Romance');
    const everything = await api<SearchResponse>('/searchbook?page=1&pageSize=10');
    expect(expected.totalBooks).toBeGreaterThan(10);
    expect(expected.totalBooks).toBeLessThan(everything.totalBooks);
    const phone = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.goto(`${inject('site').baseUrl}/searchbook`);
    const form = phone.getByRole('form', { name: 'Search filters' });
    const box = form.getByPlaceholder('Search...');
    await box.waitFor();
    expect((await box.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
    const count = phone.getByText(`Showing ${everything.totalBooks} results`);
    await count.waitFor();
    expect((await count.boundingBox())!.y).toBeLessThan(PHONE.height);
    const filters = form.getByRole('button', { name: 'Filters' });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await form.getByRole('group', { name: 'Genre' }).isVisible()).toBe(false);

    await filters.click();
    await form.getByRole('group', { name: 'Genre' }).getByRole('button', { name: 'Exclude Romance' }).click();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await form.getByRole('button', { name: 'Search' }).click();
    await phone.getByText(`Showing ${expected.totalBooks} results`).waitFor();
    expect(new URL(phone.url()).search).toBe('?exclude_genre=Romance');
    expect(await phone.locator('.book-card__title a').allTextContents()).toEqual(expected.books.map((book) => book.english_book_name));

    const second = await api<SearchResponse>('/searchbook?page=2&pageSize=10&exclude_genre=Romance');
    await phone.getByRole('button', { name: 'Page 2' }).click();
    await phone.locator('.book-card__title a', { hasText: second.books[0].english_book_name }).first().waitFor();
    const resultsTop = await phone.getByRole('region', { name: 'Results' }).evaluate((section) => section.getBoundingClientRect().top);
    expect(resultsTop).toBeGreaterThanOrEqual(-2);
    expect(resultsTop).toBeLessThan(120);
    expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.close();
  });

  it("hides a signed-in reader's opened and shelved stories, and keeps a saved search for their next visit", async () => {
    const reader = await verifiedUser('Hider');
    const [{ bookDetails: read }, shelved] = [await bookWithChapters(1), (await api<SearchResponse>('/searchbook?page=1&pageSize=10')).books[0]];
    const readPage = await api<{ chapters: { chapter_id: number }[] }>(`/${read.book_id}`);
    await callApi('POST', '/user/reading-progress', { token: reader.token, body: { book_id: read.book_id, chapter_id: readPage.chapters[0].chapter_id, position: 0.1 } });
    await callApi('PUT', '/user/library/shelf', { token: reader.token, body: { book_id: shelved.book_id, shelf: 'plan-to-read' } });
    const all = await api<SearchResponse>('/searchbook?page=1&pageSize=10');
    let expected = all;
    await expect
      .poll(async () => (expected = await callApi<SearchResponse>('GET', '/user/searchbook?page=1&pageSize=10', { token: reader.token })).totalBooks)
      .toBe(all.totalBooks - (read.book_id === shelved.book_id ? 1 : 2));

    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await logInContext(context, reader);
    const phone = await context.newPage();
    await phone.goto(`${inject('site').baseUrl}/searchbook`);
    const form = phone.getByRole('form', { name: 'Search filters' });
    await form.getByRole('checkbox', { name: 'Hide stories I have read or shelved' }).check();
    await form.getByRole('button', { name: 'Search' }).click();
    await phone.getByText(`Showing ${expected.totalBooks} results`).waitFor();
    const titles = await phone.locator('.book-card__title a').allTextContents();
    expect(titles).toEqual(expected.books.map((book) => book.english_book_name));
    expect(titles).not.toContain(read.english_book_name);

    await phone.locator('summary', { hasText: 'Saved searches' }).click();
    await phone.getByRole('textbox', { name: 'Name' }).fill('Unread stories');
    await phone.getByRole('button', { name: 'Save this search' }).click();
    await phone.getByRole('link', { name: 'Unread stories' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await phone.goto(`${inject('site').baseUrl}/searchbook`);
    await phone.locator('summary', { hasText: 'Saved searches (1)' }).click();
    await phone.getByRole('link', { name: 'Unread stories' }).click();
    await phone.getByText(`Showing ${expected.totalBooks} results`).waitFor();
    expect(new URL(phone.url()).search).toBe('?hide_read=1');
    await context.close();
  });
});
