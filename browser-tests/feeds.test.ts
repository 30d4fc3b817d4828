import { type BookPageResponse, type HomeResponse, storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkFeed } from '../test/feed-rules';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

const url = (path: string) => `${inject('site').baseUrl}${path}`;

/** The feeds a page offers in its head, as the browser has them. */
const offered = (page: Page) =>
  page.evaluate(() => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"]')).map((link) => ({ type: link.type, title: link.title, href: link.getAttribute('href') })));

/** Fetches a feed as the page's browser does and checks it by the W3C rules, through the feed parser. */
async function fetchedFeed(page: Page, href: string, type: 'rss' | 'atom') {
  const response = await page.request.get(new URL(href, page.url()).href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(`application/${type}+xml; charset=utf-8`);
  return checkFeed(await response.text(), type);
}

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe.each([
  { name: 'a phone 320 px wide', width: 320, height: 640, isMobile: true },
  { name: 'a desktop 1280 px wide', width: 1280, height: 800, isMobile: false },
])('feeds on $name', ({ width, height, isMobile }) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let reader: TestUser;
  let book: BookPageResponse;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
    reader = await verifiedUser(isMobile ? 'FeedPhone' : 'FeedDesk');
    await logInContext(context, reader);
    page = await context.newPage();
    // A story from the end of Latest Updates, which the other suites leave alone.
    const home = await api<HomeResponse>('/');
    const pick = home.latestBooks.at(isMobile ? -1 : -2)!;
    book = await api<BookPageResponse>(`/${pick.book_id}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('offers the latest chapters on the home page, in the head and as links, and the feeds read back', async () => {
    const html = await (await page.request.get(url('/'))).text();
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Novel Shelf: latest chapters (RSS)" href="/api/feeds/latest.rss" data-feed>');
    await page.goto(url('/'));
    const latest = page.getByRole('region', { name: 'Latest Updates' });
    await expect.poll(() => latest.getByText('Latest chapters by feed:').count()).toBe(1);
    await expect.poll(() => offered(page)).toEqual([
      { type: 'application/rss+xml', title: 'Novel Shelf: latest chapters (RSS)', href: '/api/feeds/latest.rss' },
      { type: 'application/atom+xml', title: 'Novel Shelf: latest chapters (Atom)', href: '/api/feeds/latest.atom' },
    ]);
    for (const [name, type] of [['RSS', 'rss'], ['Atom', 'atom']] as const) {
      const href = (await latest.getByRole('link', { name, exact: true }).getAttribute('href'))!;
      const feed = await fetchedFeed(page, href, type);
      expect(feed.title).toBe('Novel Shelf: latest chapters');
      expect(feed.items.length).toBeGreaterThan(0);
      const times = feed.items.map((item) => item.date.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    await noSidewaysScroll(page, width);
  });

  it("offers a story's chapters on its page, and the feed lists them", async () => {
    const name = book.bookDetails.english_book_name;
    await page.goto(url(`/${storySlug(book.bookDetails.book_id, name)}`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect.poll(() => offered(page)).toEqual([
      { type: 'application/rss+xml', title: `${name} on Novel Shelf (RSS)`, href: `/api/feeds/stories/${book.bookDetails.book_id}.rss` },
      { type: 'application/atom+xml', title: `${name} on Novel Shelf (Atom)`, href: `/api/feeds/stories/${book.bookDetails.book_id}.atom` },
    ]);
    const links = page.locator('.feed-links', { hasText: 'New chapters by feed:' });
    const feed = await fetchedFeed(page, (await links.getByRole('link', { name: 'Atom', exact: true }).getAttribute('href'))!, 'atom');
    expect(feed.title).toBe(`${name} on Novel Shelf`);
    expect(feed.items.map((item) => item.title).sort()).toEqual(book.chapters.slice(-50).map((chapter) => chapter.title).sort());
    await noSidewaysScroll(page, width);
  });

  it("makes the reader's private Reading-shelf feed in the Library, and turns it off", async () => {
    await callApi('PUT', '/user/library/shelf', { token: reader.token, body: { book_id: book.bookDetails.book_id, shelf: 'reading' } });
    await page.goto(url('/user/library'));
    const section = page.getByRole('region', { name: 'Reading shelf feed' });
    await section.getByText('You have no feed address.').waitFor();
    await section.getByRole('button', { name: 'Make a feed address' }).click();
    await section.getByText('Anyone with this address can see the stories on your Reading shelf.', { exact: false }).waitFor();
    const rss = (await section.getByRole('link', { name: /\/api\/feeds\/reading\/[0-9a-f]{64}\.rss$/ }).getAttribute('href'))!;
    const atom = (await section.getByRole('link', { name: /\/api\/feeds\/reading\/[0-9a-f]{64}\.atom$/ }).getAttribute('href'))!;
    expect(await offered(page)).toEqual([
      { type: 'application/rss+xml', title: 'My Reading shelf on Novel Shelf (RSS)', href: rss },
      { type: 'application/atom+xml', title: 'My Reading shelf on Novel Shelf (Atom)', href: atom },
    ]);
    await noSidewaysScroll(page, width);

    // The address answers once the workers have projected it, with the shelved story's chapters.
    await expect.poll(async () => (await page.request.get(rss)).status()).toBe(200);
    const feed = await fetchedFeed(page, rss, 'rss');
    expect(feed.title).toBe('My Reading shelf on Novel Shelf');
    expect(new Set(feed.items.map((item) => new URL(item.url).pathname.split('/')[1]))).toEqual(new Set([storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name)]));
    await fetchedFeed(page, atom, 'atom');

    await section.getByRole('button', { name: 'Turn the feed off' }).click();
    await page.getByText('Turn the feed off? Its address stops working, in every feed reader that uses it.').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await section.getByText('You have no feed address.').waitFor();
    expect(await offered(page)).toEqual([]);
    await expect.poll(async () => (await page.request.get(rss)).status()).toBe(404);
    expect(await (await page.request.get(atom)).json()).toEqual({ statusCode: 404, message: 'There is no feed at this address.' });
  });
});
