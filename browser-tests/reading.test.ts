import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import type { BookPageResponse, ChapterPageResponse, HomeResponse } from '@shelf/contracts';

describe('reading on a desktop (1280×800)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes home → story → first chapter → next chapter with the right arrow key', async () => {
    const { latestBooks } = await api<HomeResponse>('/');
    // The first book of Latest Updates with two chapters or more.
    const pages = await Promise.all(latestBooks.map((book) => api<BookPageResponse>(`/${book.book_id}`)));
    const story = pages.find((candidate) => candidate.chapters.length >= 2)!;
    const [first, second] = story.chapters;

    await page.goto(inject('site').baseUrl);
    const latest = page.getByRole('region', { name: 'Latest Updates' });
    await latest.getByRole('link', { name: story.bookDetails.english_book_name, exact: true }).click();

    await page.getByRole('heading', { level: 1, name: story.bookDetails.english_book_name }).waitFor();
    await page.getByRole('link', { name: first.title, exact: true }).first().click();

    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    expect(await page.getByRole('link', { name: story.bookDetails.english_book_name, exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Reader controls', exact: true }).isVisible()).toBe(true);
    const firstPath = new URL(page.url()).pathname;
    expect(firstPath.endsWith(`/${first.chapter_id}`)).toBe(true);

    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(firstPath.replace(/\/\d+$/, `/${second.chapter_id}`));
    expect(await page.title()).toContain(second.title);

    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
  });

  it("leads from a story's last chapter to the next book with 'Next:'", async () => {
    const { latestBooks } = await api<HomeResponse>('/');
    const book = latestBooks[0];
    const { chapters } = await api<BookPageResponse>(`/${book.book_id}`);
    const last = chapters[chapters.length - 1];
    const { nextBook } = await api<ChapterPageResponse>(`/${book.book_id}/${last.chapter_id}`);
    expect(nextBook).not.toBeNull();

    await page.goto(`${inject('site').baseUrl}/${book.book_id}/${last.chapter_id}`);
    const nav = page.getByRole('navigation', { name: 'Chapter navigation' });
    await nav.getByRole('link', { name: `Next: ${nextBook!.english_book_name}` }).click();
    await page.getByRole('heading', { level: 1, name: nextBook!.english_book_name }).waitFor();
    expect(new URL(page.url()).pathname.startsWith(`/${nextBook!.book_id}-`)).toBe(true);
  });

  it('keeps the chosen theme and font size across pages', async () => {
    const [book] = (await api<HomeResponse>('/')).latestBooks;
    await page.goto(`${inject('site').baseUrl}/${book.book_id}/${book.latest_chapter}`);
    await page.getByRole('navigation', { name: 'Reader controls', exact: true }).getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Reader settings' });
    await settings.getByRole('radio', { name: 'Dark' }).check();
    await settings.getByRole('button', { name: 'Increase font size' }).click();
    await settings.getByRole('button', { name: 'Close' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    await page.goto(inject('site').baseUrl);
    await page.getByRole('heading', { name: 'Latest Updates' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('fontSizeIndex'))).toBe('4');
  });
});
