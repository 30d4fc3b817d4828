import { type BookPageResponse, type CommentWriteResponse, type HomeResponse, ParagraphCommentText, storySlug } from '@shelf/contracts';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, inject, it } from 'vitest';
import { api } from '../harness/api';
import { launchChromium } from '../harness/browser';
import { callApi, logInContext, type TestUser, verifiedUser } from '../harness/users';

const OUT = resolve(import.meta.dirname, '../../docs/screenshots');

/** Posts a comment as `user` on the chapter's paragraph `paragraph` (a reply when `parent` is given) and returns its id. */
async function post(user: TestUser, thread: { book_id: number; chapter_id: number }, paragraph: string, text: string, parent: string | null = null) {
  const body = { ...thread, parent_comment_id: parent, comment_content: text, honeypot: '', ...(parent ? {} : { paragraph }) };
  const answer = await callApi<CommentWriteResponse>('POST', '/comment/post-comments', { token: user.token, body });
  return answer.comment_id!;
}

/** The avatar service is outside the test machine's reach: a plain disc coloured from the hash stands in for it. */
const avatar = (hash: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="hsl(${parseInt(hash.slice(0, 6), 16) % 360} 50% 55%)"/></svg>`;

it("paragraph comments: a paragraph's count, and its thread opened from it", async () => {
  const home = await api<HomeResponse>('/');
  const book = home.latestBooks[1];
  const [chapter] = (await api<BookPageResponse>(`/${book.book_id}`)).chapters;
  const path = `/${storySlug(book.book_id, book.english_book_name)}/${chapter.chapter_id}`;
  const thread = { book_id: book.book_id, chapter_id: chapter.chapter_id };
  const [mei, ren, jun] = await Promise.all(['Mei', 'Ren', 'Jun'].map((name) => verifiedUser(name)));
  const browser = await launchChromium();
  try {
    // The chapter's third paragraph, as the page names it.
    const probe = await browser.newPage();
    await probe.goto(`${inject('site').baseUrl}${path}`);
    const key = (await probe.locator('.chapter-text .paragraph-comments').nth(2).getAttribute('data-paragraph'))!;
    await probe.close();
    const first = await post(mei, thread, key, 'This is the moment I knew the two of them would end up together. **So** good.');
    await post(ren, thread, key, 'The way the translation keeps the rhythm of the original here is lovely.');
    await post(jun, thread, key, 'Agreed! I read this paragraph three times before moving on.', first);

    mkdirSync(OUT, { recursive: true });
    for (const [name, viewport] of [
      // Tall enough that the paragraph shows above its thread's dialog.
      ['paragraph-comments-desktop.png', { width: 1280, height: 1000 }],
      ['paragraph-comments-phone.png', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: viewport.width < 768, hasTouch: viewport.width < 768 });
      await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
      await logInContext(context, mei);
      const tab = await context.newPage();
      await tab.route('https://gravatar.com/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: avatar(new URL(route.request().url()).pathname.split('/').pop()!) }));
      const button = tab.locator(`.chapter-text .paragraph-comments[data-paragraph="${key}"]`);
      // Once the three are counted (a page rendered before is kept for a minute: the count then comes after it).
      await expect
        .poll(async () => {
          await tab.goto(`${inject('site').baseUrl}${path}`);
          return button.getAttribute('data-count');
        }, { timeout: 90_000, interval: 2_000 })
        .toBe('3');
      await button.click();
      const dialog = tab.getByRole('dialog', { name: ParagraphCommentText.threadTitle });
      await dialog.getByText('Agreed! I read this paragraph three times before moving on.').waitFor();
      // The paragraph's end, with its count, just above the dialog.
      const dialogTop = (await dialog.boundingBox())!.y;
      await button.evaluate((element, top) => window.scrollBy(0, element.getBoundingClientRect().bottom - (top - 12)), dialogTop);
      await tab.evaluate(async () => {
        const images = Array.from(document.querySelectorAll<HTMLImageElement>('dialog img'));
        for (const image of images) image.loading = 'eager';
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
        await document.fonts.ready;
      });
      await tab.screenshot({ path: resolve(OUT, name), animations: 'disabled' });
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
