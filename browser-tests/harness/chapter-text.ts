import type { Page } from 'playwright-core';

/**
 * Taps the chapter's text where it is only text, as a reader does to show or hide the phone's control bar: a few
 * letters of the first paragraph on screen that are not a link or a glossary mark (a tap there opens the mark's card).
 * Measured just before the tap: ad slots appear after 1 s and move the text down.
 */
export async function tapChapterText(page: Page): Promise<void> {
  await page.locator('.chapter-text p').first().scrollIntoViewIfNeeded();
  const point = await page.evaluate(() => {
    for (const paragraph of Array.from(document.querySelectorAll('.chapter-text p'))) {
      for (const node of Array.from(paragraph.childNodes)) {
        const text = node.textContent ?? '';
        if (node.nodeType !== Node.TEXT_NODE || text.trim().length < 4) continue;
        const start = text.search(/\S/);
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + 3);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0 && rect.top >= 0 && rect.bottom <= window.innerHeight) return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      }
    }
    return null;
  });
  if (!point) throw new Error('no plain text of the chapter is on screen to tap');
  await page.touchscreen.tap(point.x, point.y);
}
