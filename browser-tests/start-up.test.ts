import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './harness/browser';

// What a new reader sees of `npm start` (scripts/start.mjs, which the harness runs as they would): a line while it
// starts and one short banner once the demo catalog is imported and projected (the harness checks the catalog is there
// as soon as the banner is), then the site at the address the banner names.
const BANNER = /^Novel Shelf is ready at (http:\/\/127\.0\.0\.1:\d+\/) with the demo catalog \(64 stories\)\.$/m;

describe('npm start, as a new reader runs it', () => {
  let browser: Browser;
  const output = inject('site').startOutput;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('says once, in a short banner after a single line, that the site is ready at its address with the demo catalog', () => {
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    expect(lines[0]).toBe('Starting Novel Shelf and its demo catalog (a minute or two the first time)…');
    expect(output.match(new RegExp(BANNER.source, 'gm'))).toHaveLength(1);
    expect(output.match(BANNER)?.[1]).toBe(`${inject('site').baseUrl}/`);
    expect(lines.at(-2)).toBe('Operators: `npm run operators -- grant <email>`. More logs: LOG_LEVEL=log npm start. Ctrl-C stops the site.');
    // The starting line, the banner between its two rules: nothing else, no framework or Redis start-up notes.
    expect(lines.length).toBeLessThanOrEqual(9);
    expect(output).not.toMatch(/\[Nest\]|InstanceLoader|RouterExplorer|Redis is starting|Demo catalog imported/);
  });

  it.each([320, 1280])('opens the address the banner names at %i px on a home listing the demo stories', async (width) => {
    const address = output.match(BANNER)![1];
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      await page.goto(address);
      const latest = page.getByRole('region', { name: 'Latest Updates' });
      await latest.getByRole('listitem').first().waitFor();
      expect(await latest.getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await page.close();
    }
  });
});
