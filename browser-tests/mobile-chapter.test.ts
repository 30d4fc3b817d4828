import { storySlug } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { tapChapterText } from './harness/chapter-text';


describe('the reader on a phone (390×844)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the bottom bar after a tap on the page, hides it after another, and has no desktop bar', async () => {
    const { bookDetails, chapters } = await bookWithChapters(2);
    await page.goto(`${inject('site').baseUrl}/${storySlug(bookDetails.book_id, bookDetails.english_book_name)}/${chapters[0].chapter_id}`);
    await page.getByRole('heading', { level: 1, name: chapters[0].title }).waitFor();
    // Ad slots come after 1 s; should one be filled, it moves the text, so tap only once they are in.
    await page.locator('.chapter-text [data-ad-slot]').first().waitFor({ state: 'attached' });
    const mobileBar = page.getByRole('navigation', { name: 'Reader controls (mobile)' });
    expect(await page.getByRole('navigation', { name: 'Reader controls', exact: true }).isVisible()).toBe(false);
    expect(await mobileBar.count()).toBe(0);

    await tapChapterText(page);
    await mobileBar.waitFor({ state: 'visible' });
    for (const name of ['Previous', 'Next', 'Book', 'Chapters', 'Comments', 'Settings']) {
      expect(await mobileBar.getByRole(name === 'Next' || name === 'Book' ? 'link' : 'button', { name, exact: true }).isVisible()).toBe(true);
    }

    await tapChapterText(page);
    await mobileBar.waitFor({ state: 'detached' });
  });

  it('opens the chapter list from the bottom bar and goes to the chosen chapter', async () => {
    const { chapters } = await bookWithChapters(2);
    await tapChapterText(page);
    await page.getByRole('navigation', { name: 'Reader controls (mobile)' }).getByRole('button', { name: 'Chapters' }).click();
    const list = page.getByRole('dialog', { name: 'Chapters' });
    await list.getByRole('link', { name: chapters[1].title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: chapters[1].title }).waitFor();
    expect(new URL(page.url()).pathname.endsWith(`/${chapters[1].chapter_id}`)).toBe(true);
  });
});
