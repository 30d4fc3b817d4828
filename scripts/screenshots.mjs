// `npm run screenshots`: saves PNG screenshots of the main screens of a running site (BASE_URL, default
// http://127.0.0.1:8080, e.g. `npm start`) at desktop and phone sizes into docs/screenshots/, shown in
// docs/screenshots.md. Uses Debian's Chromium (CHROME_PATH overrides); no browser is downloaded.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import services from './lib/services.cjs';

const baseUrl = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const outDir = join(services.root, 'docs', 'screenshots');
const sizes = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

/** The story and chapter to show: the first book of Latest Updates and its first chapter, reached through the site's links. */
async function findStoryAndChapter(browser) {
  const page = await browser.newPage();
  try {
    await page.goto(baseUrl);
    await page.getByRole('region', { name: 'Latest Updates' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
    const firstChapter = page.getByRole('region', { name: 'Chapters List' }).getByRole('link').first();
    return { storyPath: new URL(page.url()).pathname, chapterPath: await firstChapter.getAttribute('href') };
  } finally {
    await page.close();
  }
}

function shotsOf({ storyPath, chapterPath }) {
  const chapterReady = (page) => page.locator('.chapter-text').waitFor();
  return [
    { name: 'home', path: '/', ready: (page) => page.getByRole('heading', { name: 'Latest Updates' }).waitFor() },
    { name: 'story', path: storyPath, ready: (page) => page.getByRole('region', { name: 'Chapters List' }).waitFor() },
    { name: 'chapter-crimson', path: chapterPath, theme: 'crimson', ready: chapterReady },
    { name: 'chapter-dark', path: chapterPath, theme: 'dark', ready: chapterReady },
    { name: 'search', path: '/searchbook', ready: (page) => page.getByText(/^Showing \d+ results$/).waitFor() },
    { name: 'login', path: '/user/login', ready: (page) => page.getByRole('heading', { name: 'Login' }).waitFor() },
  ];
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const shots = shotsOf(await findStoryAndChapter(browser));
  for (const [size, options] of Object.entries(sizes)) {
    for (const shot of shots) {
      const context = await browser.newContext(options);
      // The cookie notice is accepted, so it does not cover the page; the theme is the reader's stored choice.
      await context.addInitScript((theme) => {
        localStorage.setItem('cookieAccepted', 'true');
        if (theme) localStorage.setItem('theme', JSON.stringify(theme));
      }, shot.theme ?? null);
      const page = await context.newPage();
      await page.goto(baseUrl + shot.path);
      await shot.ready(page);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1200); // ad slots appear after 1 s
      const file = join(outDir, `${shot.name}-${size}.png`);
      await page.screenshot({ path: file });
      console.log(`saved ${file}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
