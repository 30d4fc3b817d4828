import { type CommentsResponse, type CommentView, storySlug } from '@shelf/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { callApi, type TestUser, verifiedUser } from './harness/users';

/** An "external" image, far larger than a phone, served to the browser by the test (no network needed). */
// Short: a word of a comment (here `scene](…)`) may have 50 characters at most.
const IMAGE_URL = 'https://img.example.test/a.svg';
const IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="3200"><rect width="2400" height="3200" fill="#c36"/></svg>';
const WIDTH = 320;

const longText = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a long thought about this chapter and its ending.`).join('\n');

describe('comment details on a phone (320 px)', () => {
  let browser: Browser;
  let page: Page;
  let writer: TestUser;
  let artist: TestUser;
  let thread: { book_id: number; chapter_id: number };
  let chapterPath: string;
  let longId: string;
  let imageId: string;
  const renamed = `Renamed${Date.now().toString(36).slice(-6)}`;

  const shown = async (): Promise<CommentView[]> =>
    (await api<CommentsResponse>(`/comment/show-comments?book_id=${thread.book_id}&chapter_id=${thread.chapter_id}&criteria=newest`)).comments;
  const post = async (user: TestUser, comment_content: string) =>
    (await callApi<{ comment_id: string }>('POST', '/comment/post-comments', { token: user.token, body: { ...thread, parent_comment_id: null, comment_content, honeypot: '' } })).comment_id;

  beforeAll(async () => {
    browser = await launchChromium();
    [writer, artist] = await Promise.all([verifiedUser('Writer'), verifiedUser('Artist')]);
    const { bookDetails, chapters } = await bookWithChapters(2);
    thread = { book_id: bookDetails.book_id, chapter_id: chapters[1].chapter_id };
    chapterPath = `/${storySlug(bookDetails.book_id, bookDetails.english_book_name)}/${thread.chapter_id}`;

    // The writer's long comment, written under the old name; the artist's drawing, then edited.
    longId = await post(writer, longText);
    imageId = await post(artist, `My drawing of the last scene, full size:\n\n![the last scene](${IMAGE_URL})`);
    await callApi('POST', '/comment/edit-comments', {
      token: artist.token,
      body: { comment_id: imageId, new_comment_content: `My drawing of the last scene, coloured now:\n\n![the last scene](${IMAGE_URL})`, honeypot: '' },
    });
    await callApi('POST', '/user/profile/change-username', { token: writer.token, body: { newUsername: renamed, honeypot: '' } });
    // The workers project all this a moment later.
    for (let tries = 0; ; tries++) {
      const comments = await shown();
      const [long, image] = [comments.find((c) => c.comment_id === longId), comments.find((c) => c.comment_id === imageId)];
      if (long?.username === renamed && image?.edited_time) break;
      if (tries > 100) throw new Error(`not projected: ${JSON.stringify([long, image])}`);
      await new Promise((done) => setTimeout(done, 100));
    }

    const context = await browser.newContext({ viewport: { width: WIDTH, height: 640 }, isMobile: true, hasTouch: true });
    await context.route(IMAGE_URL, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: IMAGE }));
    page = await context.newPage();
    await page.goto(`${inject('site').baseUrl}${chapterPath}`);
    await page.locator(`[id="${longId}"]`).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const article = (id: string) => page.locator(`[id="${id}"]`);
  const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

  it('names the writer of an old comment by the name they go by now', async () => {
    await expect.poll(() => article(longId).locator('.comment__author').textContent()).toBe(renamed);
    expect(await page.getByText(writer.user.username, { exact: true }).count()).toBe(0);
  });

  it('marks the edited comment (edited), with the edit time in its title, and keeps every time exact in a title', async () => {
    const marker = article(imageId).getByText('(edited)');
    await marker.waitFor();
    // The exact times are written when a pointer comes over them.
    await marker.hover();
    expect(await marker.getAttribute('title')).toMatch(/^Edited \S/);
    expect(await marker.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await article(longId).getByText('(edited)').count()).toBe(0);
    const time = article(longId).locator('.comment__header time').first();
    expect(await time.textContent()).toMatch(/ago$/);
    await time.hover();
    expect(await time.getAttribute('title')).toBeTruthy();
  });

  it('folds the long comment to about 12 lines behind Read more, and unfolds it', async () => {
    const fold = article(longId).locator('.comment__fold');
    const more = article(longId).getByRole('button', { name: 'Read more' });
    await more.scrollIntoViewIfNeeded();
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    const lineHeight = await fold.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    const folded = (await fold.boundingBox())!.height;
    expect(folded).toBeLessThanOrEqual(lineHeight * 12 + 2);
    expect(folded).toBeGreaterThan(lineHeight * 10);

    await more.tap();
    const less = article(longId).getByRole('button', { name: 'Show less' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    const unfolded = (await fold.boundingBox())!.height;
    expect(unfolded).toBeGreaterThan(lineHeight * 29);
    await less.tap();
    await expect.poll(async () => (await fold.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 12 + 2);
    await noSidewaysScroll();
  });

  it('shows the large external image whole within the screen, loaded lazily, opening in full in a new tab', async () => {
    const image = article(imageId).getByRole('img', { name: 'the last scene' });
    expect(await image.getAttribute('loading')).toBe('lazy');
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(2400);
    const box = (await image.boundingBox())!;
    const text = (await article(imageId).locator('.comment__fold').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(WIDTH, text.x + text.width) + 0.5);
    expect(box.height).toBeLessThanOrEqual(320.5); // 20rem
    // Whole, not cropped: the drawing keeps its 3:4 shape.
    expect(box.width / box.height).toBeCloseTo(2400 / 3200, 1);
    const link = article(imageId).locator('a.markdown__image-link');
    expect(await link.getAttribute('href')).toBe(IMAGE_URL);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    await noSidewaysScroll();
  });
});
