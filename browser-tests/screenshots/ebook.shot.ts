import { type BookPageResponse, ebookPath, type HomeResponse, storySlug } from '@shelf/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject, it } from 'vitest';
import { api } from '../harness/api';
import { launchChromium } from '../harness/browser';

const OUT = resolve(import.meta.dirname, '../../docs/screenshots');

it("e-books: the story page's download link, and a chapter of the downloaded book", async () => {
  const home = await api<HomeResponse>('/');
  const book = home.latestBooks[0];
  const story = await api<BookPageResponse>(`/${book.book_id}`);
  const base = inject('site').baseUrl;
  const browser = await launchChromium();
  const unpacked = mkdtempSync(join(tmpdir(), 'ebook-shot-'));
  try {
    mkdirSync(OUT, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
    const tab = await context.newPage();
    await tab.goto(`${base}/${storySlug(book.book_id, book.english_book_name)}`);
    const link = tab.getByRole('link', { name: 'Download as EPUB' });
    await link.scrollIntoViewIfNeeded();
    await tab.evaluate(() => window.scrollBy(0, 200));
    await tab.evaluate(() => document.fonts.ready);
    await tab.screenshot({ path: resolve(OUT, 'ebook-link-desktop.png'), animations: 'disabled' });

    // The book's own files, as an e-reader the size of a phone draws a chapter with the book's style sheet.
    const files = unzipSync(new Uint8Array(await (await tab.request.get(`${base}${ebookPath(book.book_id)}`)).body()));
    for (const [name, bytes] of Object.entries(files)) {
      mkdirSync(dirname(join(unpacked, name)), { recursive: true });
      writeFileSync(join(unpacked, name), bytes);
    }
    const reader = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const page = await reader.newPage();
    const chapter = story.chapters[0].chapter_id;
    if (!strFromU8(files[`OEBPS/chapter-${chapter}.xhtml`]).includes('<h1>')) throw new Error('the chapter has no heading');
    await page.goto(pathToFileURL(join(unpacked, `OEBPS/chapter-${chapter}.xhtml`)).href);
    await page.addStyleTag({ content: 'body { margin: 1.5rem 1.25rem; font-family: Georgia, serif; line-height: 1.5; }' });
    await page.screenshot({ path: resolve(OUT, 'ebook-chapter-phone.png') });
  } finally {
    await browser.close();
    rmSync(unpacked, { recursive: true, force: true });
  }
});
