import { type BookPageResponse, type ChapterPageResponse, type HomeResponse, storySlug, titleKey } from '@shelf/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './harness/api';
import { launchChromium } from './harness/browser';
import { callApi, logInContext, type TestUser, verifiedUser } from './harness/users';

interface Story {
  page: BookPageResponse;
  chapter: ChapterPageResponse;
  path: string;
}

/** The first chapters of the home page's first stories whose glossary title is `title` (the demo catalogue gives each story one). */
async function storiesWithTitle(count: number, title?: string): Promise<Story[]> {
  const home = await api<HomeResponse>('/');
  const found: Story[] = [];
  for (const book of home.latestBooks) {
    const page = await api<BookPageResponse>(`/${book.book_id}`);
    const first = page.chapters[0];
    const chapter = await api<ChapterPageResponse>(`/${book.book_id}/${first.chapter_id}`);
    const own = chapter.glossary.find((entry) => entry.kind === 'title');
    if (!own || (title && own.original !== title)) continue;
    title = own.original;
    found.push({ page, chapter, path: `/${storySlug(book.book_id, book.english_book_name)}/${first.chapter_id}` });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} stories on the home page share a glossary title`);
}

const titleOf = (story: Story) => story.chapter.glossary.find((entry) => entry.kind === 'title')!;
const marksOf = (page: Page, story: Story) => page.locator(`.chapter-text .glossary-mark[data-glossary="${story.chapter.glossary.indexOf(titleOf(story))}"]`);
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  { name: 'a phone at 320 px', viewport: { width: 320, height: 640 }, isMobile: true },
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
])('the glossary on $name', ({ viewport, isMobile }) => {
  let browser: Browser;
  let reader: TestUser;
  let stories: Story[];
  const site = () => inject('site').baseUrl;
  const newContext = (): Promise<BrowserContext> => browser.newContext({ viewport, isMobile, hasTouch: isMobile });

  beforeAll(async () => {
    browser = await launchChromium();
    reader = await verifiedUser(`Glossed${viewport.width}`);
    stories = await storiesWithTitle(2);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('marks names and terms in the page the server sends, and a tap opens their card inside the screen', async () => {
    const [story] = stories;
    const html = await (await fetch(`${site()}${story.path}`)).text();
    expect(html).toContain('class="glossary-mark"');

    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${site()}${story.path}`);
    const mark = marksOf(page, story).first();
    await mark.waitFor();
    if (isMobile) await mark.tap();
    else await mark.click();
    const card = page.getByRole('dialog', { name: titleOf(story).original });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain(titleOf(story).rendering);
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(await noSidewaysScroll(page)).toBe(true);
    // A visitor is offered no choice of form; the mark's tap is not the text's (the phone's control bar stays hidden).
    expect(await card.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Reader controls (mobile)' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    expect(await mark.evaluate((element) => element === document.activeElement)).toBe(true);

    // The keyboard opens it too.
    await page.keyboard.press('Enter');
    await card.waitFor();
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });

    // The story page lists the entries a reader who has read nothing may see.
    await page.goto(`${site()}${story.path.replace(/\/\d+$/, '')}`);
    const list = page.getByRole('region', { name: 'Glossary' });
    await list.getByText(titleOf(story).rendering).first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await context.close();
  });

  it('reads a title in the form the reader chose, in every story, and shows no marks once they are turned off', async () => {
    const [story, other] = stories;
    const title = titleOf(story);
    const context = await newContext();
    await logInContext(context, reader);
    const page = await context.newPage();
    await page.goto(`${site()}${story.path}`);
    const mark = marksOf(page, story).first();
    await mark.waitFor();
    await mark.click();
    const card = page.getByRole('dialog', { name: title.original });
    const rendering = card.getByRole('radio', { name: title.rendering });
    await rendering.waitFor();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/reader-settings/titles') && response.request().method() === 'PUT');
    // Checked once the account has it (the answer of the save).
    await rendering.click();
    expect((await saved).status()).toBe(200);
    // The text is drawn again with the rendering wherever the title stands, and the card keeps the choice.
    await expect.poll(async () => (await marksOf(page, story).allTextContents()).every((text) => text.toLowerCase() === title.rendering)).toBe(true);
    await expect.poll(() => rendering.isChecked()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.keyboard.press('Escape');

    // Kept on the account: another story with the same title, opened afresh, reads it the same way.
    await expect
      .poll(async () => ((await callApi<{ title_forms: { title: string }[] }>('GET', '/user/reader-settings', { token: reader.token })).title_forms.map((chosen) => chosen.title)))
      .toContain(titleKey(title.original));
    await page.goto(`${site()}${other.path}`);
    await expect.poll(async () => (await marksOf(page, other).allTextContents()).map((text) => text.toLowerCase())).toContain(title.rendering);

    // The profile lists the choice and turns the marks off; the chapter then has none, and the title as written.
    await page.goto(`${site()}/user/profile`);
    await page.getByText(`${titleKey(title.original)}: the translation`).waitFor();
    const marks = page.getByRole('checkbox', { name: 'Mark glossary names and terms in chapters' });
    await expect.poll(() => marks.isEnabled()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    await marks.uncheck();
    await expect.poll(() => marks.isChecked()).toBe(false);
    await page.getByRole('button', { name: `Read ${titleKey(title.original)} as written` }).click();
    await page.getByText('None yet: tap a title in a chapter to choose how you read it.').waitFor();
    await page.goto(`${site()}${story.path}`);
    await page.getByRole('heading', { level: 1, name: story.chapter.chapterContent.title }).waitFor();
    await expect.poll(() => page.locator('.chapter-text .glossary-mark').count()).toBe(0);
    await marks.page().goto(`${site()}/user/profile`);
    await expect.poll(() => marks.isEnabled()).toBe(true);
    await marks.check();
    await expect.poll(() => marks.isChecked()).toBe(true);
    await context.close();
  });
});
