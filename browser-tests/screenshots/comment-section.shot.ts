import { COMMENT_RULES, type CommentWriteResponse, type HomeResponse, storySlug } from '@shelf/contracts';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, inject, it } from 'vitest';
import { api } from '../harness/api';
import { launchChromium } from '../harness/browser';
import { callApi, logInContext, type TestUser, verifiedUser } from '../harness/users';

const OUT = resolve(import.meta.dirname, '../../docs/screenshots');

/** Posts a comment as `user` (one comment per user: the server allows one every 30 seconds) and returns its id. */
async function post(user: TestUser, thread: { book_id: number; chapter_id: number | null }, text: string, parent: string | null = null): Promise<string> {
  const answer = await callApi<CommentWriteResponse>('POST', '/comment/post-comments', {
    token: user.token,
    body: { ...thread, parent_comment_id: parent, comment_content: text, honeypot: '' },
  });
  return answer.comment_id!;
}

it('the comment section (nested replies, a spoiler, a deleted and a removed comment) and a reply notification', async () => {
  // The oldest book of the home page's latest updates, so the browser tests' threads stay elsewhere.
  const home = await api<HomeResponse>('/');
  const book = home.latestBooks.at(-1)!;
  const thread = { book_id: book.book_id, chapter_id: null };

  const [mei, ren, jun, kai, ling, vex, ...others] = await Promise.all(
    ['Mei', 'Ren', 'Jun', 'Kai', 'Ling', 'Vex', 'Ash', 'Bea', 'Cyd', 'Dov', 'Eli'].map((name) => verifiedUser(name)),
  );
  const top = await post(mei, thread, 'I did **not** see that coming. %Chen was the one who sent the letters% all along!\nRe-reading the first chapter now.');
  const reply = await post(ren, thread, 'Same here! The hints were there from the start, I just missed them.', top);
  await post(jun, thread, 'The rain scene is my favourite part of the whole book, honestly.', reply);
  const deleted = await post(kai, thread, 'Posting this by mistake, I will delete it in a moment.');
  await post(ling, thread, 'Whatever was said here, I agree with the translator note below.', deleted);
  await callApi('POST', '/comment/delete-comments', { token: kai.token, body: { comment_id: deleted } });
  const removed = await post(vex, thread, 'Buy cheap followers now at my site, best prices guaranteed!');
  const reporters = [mei, ren, jun, kai, ling, ...others];
  expect(reporters).toHaveLength(COMMENT_RULES.removalReports);
  for (const reporter of reporters) await callApi('POST', '/comment/report-comments', { token: reporter.token, body: { comment_id: removed } });
  for (const liker of [ren, jun, kai]) await callApi('POST', '/comment/like-comments', { token: liker.token, body: { comment_id: top } });

  const browser = await launchChromium();
  try {
    mkdirSync(OUT, { recursive: true });
    for (const [name, viewport] of [
      ['comment-section.png', { width: 1100, height: 900 }],
      ['comment-section-phone.png', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await logInContext(context, mei);
      await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
      const tab = await context.newPage();
      // The avatar service is outside the test machine's reach: draw what it would (an identicon) locally.
      await tab.route('https://gravatar.com/**', (route) =>
        route.fulfill({ contentType: 'image/svg+xml', body: identicon(new URL(route.request().url()).pathname.split('/').pop()!) }),
      );
      await tab.goto(`${inject('site').baseUrl}/${storySlug(book.book_id, book.english_book_name)}`);
      const section = tab.locator('.comment-section');
      // Wait for the projections: the removal and the like counts are in once the list shows them.
      await expect.poll(async () => {
        await tab.reload();
        await section.locator('.comment-list').waitFor();
        return (await section.getByText('[removed]').count()) > 0 && (await section.getByRole('button', { name: /\(3 likes\)/ }).count()) > 0;
      }, { timeout: 30_000 }).toBe(true);
      // Avatars load lazily; the picture needs them all.
      await tab.evaluate(async () => {
        const images = Array.from(document.querySelectorAll<HTMLImageElement>('.comment-section img'));
        for (const image of images) image.loading = 'eager';
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
        await document.fonts.ready;
      });
      await section.screenshot({ path: resolve(OUT, name), animations: 'disabled' });
      await context.close();
    }

    // Mei's Reply Notifications (Ren replied to her), on her first visit: the reply is still highlighted as unread.
    const context = await browser.newContext({ viewport: { width: 1100, height: 700 }, deviceScaleFactor: 1 });
    await logInContext(context, mei);
    await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
    const tab = await context.newPage();
    await tab.goto(`${inject('site').baseUrl}/user/reply-notification`);
    await tab.getByRole('article', { name: `Reply from ${ren.user.username}` }).waitFor();
    // From the heading to the last card (the main area itself is at least a screen tall).
    const top = (await tab.getByRole('heading', { level: 1 }).boundingBox())!;
    const cards = (await tab.locator('.reply-cards').boundingBox())!;
    const clip = { x: cards.x - 8, y: top.y - 8, width: cards.width + 16, height: cards.y + cards.height - top.y + 16 };
    await tab.screenshot({ path: resolve(OUT, 'reply-notifications.png'), clip, animations: 'disabled' });
    await context.close();
  } finally {
    await browser.close();
  }
});

/** A 5×5 mirrored pattern coloured from the hash, like the avatar service's identicons. */
function identicon(hash: string): string {
  const hue = parseInt(hash.slice(0, 6), 16) % 360;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let column = 0; column < 3; column++) {
      if (parseInt(hash[row * 3 + column] ?? '0', 16) % 2 === 0) continue;
      for (const x of new Set([column, 4 - column])) cells.push(`<rect x="${x * 14 + 5}" y="${row * 14 + 5}" width="14" height="14"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#f0f0f0"/><g fill="hsl(${hue} 55% 50%)">${cells.join('')}</g></svg>`;
}
