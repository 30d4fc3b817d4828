import { storySlug } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { tapChapterText } from './harness/chapter-text';
import { fakeSpeech, speech } from './harness/fake-speech';

const highlighted = (page: Page) => page.locator('.read-aloud-current').allTextContents();

for (const width of [320, 1280]) {
  describe(`read aloud at ${width} px`, () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    const open = async (voices: { name: string; lang: string; voiceURI: string }[]) => {
      const context = await browser.newContext({ viewport: { width, height: 700 }, isMobile: width < 768, hasTouch: width < 768 });
      await context.addInitScript(fakeSpeech, voices);
      const page = await context.newPage();
      const book = await bookWithChapters(2);
      const slug = storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name);
      const [first, second] = book.chapters.slice(-2);
      await page.goto(`${inject('site').baseUrl}/${slug}/${first.chapter_id}`);
      await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
      return { page, first, second };
    };

    it('reads the chapter aloud in the chosen voice and speed, highlighting and following the block, then on into the next chapter', async () => {
      const { page, first, second } = await open([
        { name: 'Alto', lang: 'en-GB', voiceURI: 'alto' },
        { name: 'Tenor', lang: 'en-US', voiceURI: 'tenor' },
      ]);
      // The voice and speed, from the reader settings.
      const settings = width < 768 ? (await tapChapterText(page), page.getByRole('navigation', { name: 'Reader controls (mobile)' })) : page.getByRole('navigation', { name: 'Reader controls', exact: true });
      await settings.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reader settings' });
      await dialog.getByRole('combobox', { name: 'Voice' }).selectOption('tenor');
      await dialog.getByRole('button', { name: 'Increase reading speed' }).click();
      await dialog.getByRole('button', { name: 'Increase reading speed' }).click();
      await dialog.getByRole('group', { name: 'Reading speed' }).getByText('1.5×').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      if (width < 768) await tapChapterText(page);

      // The place the page keeps on opening (sent half a second after it shows), before listening.
      const placeOf = (chapterId: number) =>
        page.evaluate(
          (id) => (Object.values(JSON.parse(localStorage.getItem('readingProgress') ?? '{}')) as { chapter_id: number; position: number }[]).find((place) => place.chapter_id === id)?.position ?? 0,
          chapterId,
        );
      await expect.poll(() => placeOf(first.chapter_id)).toBeGreaterThan(0);
      const opened = await placeOf(first.chapter_id);

      await page.getByRole('button', { name: 'Listen' }).click();
      const blocks = await page.locator('.chapter-text p').allTextContents();
      await expect.poll(() => speech(page).speaking()).toBe(blocks[0]);
      expect(await highlighted(page)).toEqual([blocks[0]]);
      expect((await speech(page).spoken())[0]).toEqual({ text: blocks[0], rate: 1.5, voice: 'Tenor' });
      const player = page.getByRole('group', { name: 'Read aloud' });
      await player.waitFor();
      const box = (await player.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);

      // Block after block, each highlighted and kept in view; the place reached is the reader's place.
      const later = Math.min(blocks.length - 1, 15);
      for (let i = 0; i < later; i++) await speech(page).finish();
      expect(await highlighted(page)).toEqual([blocks[later]]);
      await expect.poll(() => page.locator('.read-aloud-current').evaluate((block) => {
        const { top, bottom } = block.getBoundingClientRect();
        return top >= 0 && bottom <= innerHeight;
      })).toBe(true);
      // The page scrolled with the reading, and the visitor's place (kept in this browser) moved on with it.
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
      await expect.poll(() => placeOf(first.chapter_id), { timeout: 10_000 }).toBeGreaterThan(opened + 0.02);

      // Pause and resume.
      await player.getByRole('button', { name: 'Pause' }).click();
      expect(await speech(page).paused()).toBe(true);
      await player.getByRole('button', { name: 'Resume' }).click();
      expect(await speech(page).paused()).toBe(false);

      // To the chapter's end: the next chapter opens and is read from its top.
      await speech(page).finishChapter();
      await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
      // Opened in the app, the chapter draws its text from the Markdown just after its heading.
      await page.locator('.chapter-text p').first().waitFor();
      const nextBlocks = await page.locator('.chapter-text p').allTextContents();
      await expect.poll(() => speech(page).speaking()).toBe(nextBlocks[0]);
      expect(await highlighted(page)).toEqual([nextBlocks[0]]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await player.getByRole('button', { name: 'Stop' }).click();
      await player.waitFor({ state: 'detached' });
      expect(await speech(page).speaking()).toBeNull();
      expect(await highlighted(page)).toEqual([]);
      await page.context().close();
    });

    it('says so where the browser has no voices', async () => {
      const { page } = await open([]);
      await page.getByRole('button', { name: 'Listen' }).click();
      await page.getByText('Read aloud is not available: this browser has no voices.').waitFor();
      expect(await speech(page).spoken()).toEqual([]);
      await page.context().close();
    });
  });
}
