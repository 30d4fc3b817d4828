import { type BookPageResponse, type ChapterPageResponse, type HomeResponse, storySlug } from '@shelf/contracts';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { inject, it } from 'vitest';
import { api } from '../harness/api';
import { launchChromium } from '../harness/browser';
import { logInContext, verifiedUser } from '../harness/users';

const OUT = resolve(import.meta.dirname, '../../docs/screenshots');

it('the glossary: a title marked in the text, its card with the form the reader reads it in', async () => {
  const home = await api<HomeResponse>('/');
  const book = home.latestBooks[0];
  const [chapter] = (await api<BookPageResponse>(`/${book.book_id}`)).chapters;
  const { glossary } = await api<ChapterPageResponse>(`/${book.book_id}/${chapter.chapter_id}`);
  const title = glossary.findIndex((entry) => entry.kind === 'title');
  const reader = await verifiedUser('Glossary');
  const browser = await launchChromium();
  try {
    mkdirSync(OUT, { recursive: true });
    for (const [name, viewport] of [
      ['glossary-desktop.png', { width: 1280, height: 800 }],
      ['glossary-phone.png', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: viewport.width < 768, hasTouch: viewport.width < 768 });
      await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
      await logInContext(context, reader);
      const tab = await context.newPage();
      await tab.goto(`${inject('site').baseUrl}/${storySlug(book.book_id, book.english_book_name)}/${chapter.chapter_id}`);
      const mark = tab.locator(`.chapter-text .glossary-mark[data-glossary="${title}"]`).nth(1);
      // The mark a quarter down the screen: its card below it, whole.
      await mark.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - window.innerHeight / 4));
      await mark.click();
      await tab.getByRole('radio').first().waitFor();
      await tab.evaluate(() => document.fonts.ready);
      await tab.screenshot({ path: resolve(OUT, name), animations: 'disabled' });
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
