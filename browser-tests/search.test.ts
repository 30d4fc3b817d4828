import type { SearchResponse } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';

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
});
