import { type BookPageResponse, type HomeResponse, storySlug } from '@shelf/contracts';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { inject, it } from 'vitest';
import { api } from '../harness/api';
import { launchChromium } from '../harness/browser';
import { fakeSpeech, speech } from '../harness/fake-speech';

const OUT = resolve(import.meta.dirname, '../../docs/screenshots');

it('read aloud: the block being read highlighted, and the player', async () => {
  const home = await api<HomeResponse>('/');
  const book = home.latestBooks[0];
  const [chapter] = (await api<BookPageResponse>(`/${book.book_id}`)).chapters;
  const browser = await launchChromium();
  try {
    mkdirSync(OUT, { recursive: true });
    for (const [name, viewport] of [
      ['read-aloud-desktop.png', { width: 1280, height: 800 }],
      ['read-aloud-phone.png', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: viewport.width < 768, hasTouch: viewport.width < 768 });
      // The machine's Chromium has no speech service: a stand-in that speaks nothing (browser-tests/harness/fake-speech.ts).
      await context.addInitScript(fakeSpeech, [{ name: 'Alto', lang: 'en-GB', voiceURI: 'alto' }]);
      await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
      const tab = await context.newPage();
      await tab.goto(`${inject('site').baseUrl}/${storySlug(book.book_id, book.english_book_name)}/${chapter.chapter_id}`);
      await tab.getByRole('button', { name: 'Listen' }).click();
      await tab.locator('.read-aloud-current').waitFor();
      // A few blocks on: the reading has moved the page with it.
      for (let i = 0; i < 4; i++) await speech(tab).finish();
      await tab.waitForTimeout(800);
      await tab.evaluate(() => document.fonts.ready);
      await tab.screenshot({ path: resolve(OUT, name), animations: 'disabled' });
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
