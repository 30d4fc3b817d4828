import { type BookPageResponse, storySlug } from '@shelf/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookWithChapters } from './harness/api';
import { launchChromium } from './harness/browser';
import { tapChapterText } from './harness/chapter-text';

/** What the chapter text looked like when it was first painted. */
interface FirstLook {
  fontFamily: string;
  maxWidth: string;
  fontLoaded: boolean;
}

declare global {
  interface Window {
    firstLook?: FirstLook;
  }
}

/**
 * A browser context that records, on every page, the chapter text's style in the first frame that paints it (a frame
 * callback runs just before its paint; text held back for its font is not painted), and every request and
 * Content-Security-Policy complaint.
 */
async function readerContext(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    const look = () => {
      const text = document.querySelector('.chapter-page');
      if (!text?.checkVisibility({ visibilityProperty: true })) return requestAnimationFrame(look);
      const style = getComputedStyle(text);
      // document.fonts.check() also answers true for a family the page has no face of: look for the loaded face itself.
      let fontLoaded = false;
      document.fonts.forEach((face) => {
        if (face.family.replace(/["']/g, '') === 'OpenDyslexic' && face.weight === '400' && face.style === 'normal') fontLoaded ||= face.status === 'loaded';
      });
      window.firstLook = { fontFamily: style.fontFamily, maxWidth: style.maxWidth, fontLoaded };
    };
    requestAnimationFrame(look);
  });
  const requests: { url: string; type: string }[] = [];
  const policyComplaints: string[] = [];
  context.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to load/i.test(message.text())) policyComplaints.push(message.text());
  });
  return { context, requests, policyComplaints };
}

/**
 * Requests the site should never make: anything to another origin but pictures (comment avatars may come from
 * elsewhere, as the policy's img-src allows); fonts and stylesheets above all.
 */
function foreignRequests(requests: { url: string; type: string }[]): string[] {
  const site = new URL(inject('site').baseUrl).origin;
  return requests
    .filter(({ url }) => /^https?:/.test(url) && new URL(url).origin !== site)
    .filter(({ type }) => type !== 'image')
    .map(({ url, type }) => `${type} ${url}`);
}

const chapterText = (page: Page) => page.locator('.chapter-text');

/** The chapter text's computed font family, max-width and the width its lines get, in px. */
function textBox(page: Page) {
  return page.locator('.chapter-page').evaluate((element) => {
    const style = getComputedStyle(element);
    const content = element.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // One `ch`: the advance of "0" in the text's own font, as the browser measures it.
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return { maxWidth: style.maxWidth, contentWidth: content, ch: canvas.measureText('0').width, right: element.getBoundingClientRect().right };
  });
}

/** The OpenDyslexic faces the page has, with their load status. */
const dyslexicFaces = (page: Page) =>
  page.evaluate(() => {
    const faces: string[] = [];
    document.fonts.forEach((face) => {
      if (face.family.replace(/["']/g, '') === 'OpenDyslexic') faces.push(`${face.weight} ${face.style} ${face.status}`);
    });
    return faces;
  });

async function chooseFontAndWidth(settings: Locator, width: 'Narrow' | 'Medium' | 'Wide' | 'Full') {
  await settings.getByRole('combobox', { name: 'Font' }).selectOption({ label: 'Dyslexia-friendly (OpenDyslexic)' });
  await settings.getByRole('combobox', { name: 'Text width' }).selectOption({ label: width });
}

/** Checks that the dyslexia-friendly font is on the chapter text and has loaded from the site itself. */
async function expectDyslexicFontLoaded(page: Page, requests: { url: string; type: string }[]) {
  await expect.poll(() => page.evaluate(() => document.fonts.check('1em OpenDyslexic'))).toBe(true);
  expect(await dyslexicFaces(page)).toContain('400 normal loaded');
  expect(await chapterText(page).evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?OpenDyslexic"?,/);
  const fonts = requests.filter(({ type }) => type === 'font').map(({ url }) => new URL(url));
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font.origin).toBe(new URL(inject('site').baseUrl).origin);
    expect(font.pathname).toMatch(/^\/assets\/opendyslexic-latin-\d00-(normal|italic)-[\w-]+\.woff2$/);
  }
}

describe("the reader's font and text width", () => {
  let browser: Browser;
  let book: BookPageResponse;
  let chapterUrl: (index: number) => string;

  beforeAll(async () => {
    browser = await launchChromium();
    book = await bookWithChapters(2);
    const slug = storySlug(book.bookDetails.book_id, book.bookDetails.english_book_name);
    chapterUrl = (index) => `${inject('site').baseUrl}/${slug}/${book.chapters[index].chapter_id}`;
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('on a desktop (1280×800)', () => {
    let context: BrowserContext;
    let page: Page;
    let requests: { url: string; type: string }[];
    let policyComplaints: string[];

    beforeAll(async () => {
      ({ context, requests, policyComplaints } = await readerContext(browser, { viewport: { width: 1280, height: 800 } }));
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it('fetches no font before one is chosen, then the dyslexia-friendly font from the site itself, and narrows the text', async () => {
      await page.goto(chapterUrl(0), { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: book.chapters[0].title }).waitFor();
      const before = await textBox(page);
      expect(before.maxWidth).toBe('none');
      expect(requests.filter(({ url, type }) => type === 'font' || /dyslexic/i.test(url))).toEqual([]);

      await page.getByRole('navigation', { name: 'Reader controls', exact: true }).getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Reader settings' });
      await chooseFontAndWidth(settings, 'Narrow');
      await settings.getByRole('button', { name: 'Close' }).click();

      await expectDyslexicFontLoaded(page, requests);
      const narrow = await textBox(page);
      // The width is 60 characters of the chosen font: narrower than the column it had, and within a pixel of 60ch.
      expect(narrow.contentWidth).toBeLessThan(before.contentWidth);
      expect(Math.abs(parseFloat(narrow.maxWidth) - 60 * narrow.ch)).toBeLessThan(1);
      expect(Math.abs(narrow.contentWidth - parseFloat(narrow.maxWidth))).toBeLessThan(1);

      await page.getByRole('navigation', { name: 'Reader controls', exact: true }).getByRole('button', { name: 'Settings' }).click();
      await settings.getByRole('combobox', { name: 'Text width' }).selectOption({ label: 'Medium' });
      await settings.getByRole('button', { name: 'Close' }).click();
      const medium = await textBox(page);
      expect(medium.contentWidth).toBeGreaterThan(narrow.contentWidth);
      expect(Math.abs(parseFloat(medium.maxWidth) - 75 * medium.ch)).toBeLessThan(1);

      expect(await page.evaluate(() => [localStorage.getItem('fontFamily'), localStorage.getItem('textWidth')])).toEqual(['"dyslexic"', '"medium"']);
      expect(foreignRequests(requests)).toEqual([]);
      expect(policyComplaints).toEqual([]);
    });

    it('keeps the choice across pages, with the font loaded and the width set before the text is first painted', async () => {
      // Within the app: the next chapter.
      await page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('link', { name: 'Next Chapter' }).click();
      await page.getByRole('heading', { level: 1, name: book.chapters[1].title }).waitFor();
      expect(await chapterText(page).evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?OpenDyslexic"?,/);
      expect((await textBox(page)).maxWidth).not.toBe('none');

      // A fresh load of another page, then of the chapter, with the font slower to come than the chapter (routing
      // also turns the browser's cache off): the first look of the text is already the chosen one, in its font.
      await page.goto(inject('site').baseUrl);
      await page.getByRole('heading', { name: 'Latest Updates' }).waitFor();
      const slowFont = '**/assets/opendyslexic-*.woff2';
      await page.route(slowFont, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(chapterUrl(0));
      await page.getByRole('heading', { level: 1, name: book.chapters[0].title }).waitFor();
      await page.unroute(slowFont);
      const firstLook = await page.evaluate(() => window.firstLook);
      const settled = await textBox(page);
      expect(firstLook).toEqual({ fontFamily: expect.stringMatching(/^"?OpenDyslexic"?,/), maxWidth: settled.maxWidth, fontLoaded: true });
      expect(Math.abs(parseFloat(settled.maxWidth) - 75 * settled.ch)).toBeLessThan(1);

      await page.getByRole('navigation', { name: 'Reader controls', exact: true }).getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Reader settings' });
      expect(await settings.getByRole('combobox', { name: 'Font' }).inputValue()).toBe('dyslexic');
      expect(await settings.getByRole('combobox', { name: 'Text width' }).inputValue()).toBe('medium');
      expect(foreignRequests(requests)).toEqual([]);
      expect(policyComplaints).toEqual([]);
    });
  });

  describe('on a 320 px phone', () => {
    let context: BrowserContext;
    let page: Page;
    let requests: { url: string; type: string }[];
    let policyComplaints: string[];

    beforeAll(async () => {
      ({ context, requests, policyComplaints } = await readerContext(browser, {
        viewport: { width: 320, height: 640 },
        hasTouch: true,
        isMobile: true,
      }));
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    /** Opens the settings from the bottom bar, which a tap on the text shows. */
    async function openSettings() {
      await page.locator('.chapter-text [data-ad-slot]').first().waitFor({ state: 'attached' });
      await tapChapterText(page);
      await page.getByRole('navigation', { name: 'Reader controls (mobile)' }).getByRole('button', { name: 'Settings' }).click();
      return page.getByRole('dialog', { name: 'Reader settings' });
    }

    it('keeps the settings panel inside the screen and the widest text within it, with no sideways scrolling', async () => {
      await page.goto(chapterUrl(0), { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: book.chapters[0].title }).waitFor();
      const settings = await openSettings();
      await chooseFontAndWidth(settings, 'Wide');

      // The panel and every control in it are inside the 320 px screen, and the panel does not scroll sideways.
      const panel = (await settings.boundingBox())!;
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(320);
      expect(await settings.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
      for (const control of await settings.locator('button, select, input').all()) {
        const box = (await control.boundingBox())!;
        expect([await control.evaluate((element) => element.outerHTML.slice(0, 60)), box.x >= panel.x && box.x + box.width <= panel.x + panel.width]).toEqual([
          expect.any(String),
          true,
        ]);
      }
      await settings.getByRole('button', { name: 'Close' }).click();

      await expectDyslexicFontLoaded(page, requests);
      // 90 characters do not fit on a phone: the text takes the screen's width and no more.
      const wide = await textBox(page);
      expect(parseFloat(wide.maxWidth)).toBeGreaterThan(320);
      expect(wide.right).toBeLessThanOrEqual(320);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(foreignRequests(requests)).toEqual([]);
      expect(policyComplaints).toEqual([]);
    });

    it('keeps the choice on the next visit', async () => {
      await page.goto(chapterUrl(1), { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: book.chapters[1].title }).waitFor();
      expect(await page.evaluate(() => window.firstLook)).toMatchObject({ fontFamily: expect.stringMatching(/^"?OpenDyslexic"?,/), fontLoaded: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      const settings = await openSettings();
      expect(await settings.getByRole('combobox', { name: 'Font' }).inputValue()).toBe('dyslexic');
      expect(await settings.getByRole('combobox', { name: 'Text width' }).inputValue()).toBe('wide');
      expect(policyComplaints).toEqual([]);
    });
  });
});
