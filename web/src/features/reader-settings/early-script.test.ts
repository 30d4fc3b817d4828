import { afterEach, describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { CONTINUE_ROW_SHOWN_KEY } from '../reading-progress/continue-row-room';
import { LOCAL_PROGRESS_KEY } from '../reading-progress/local-progress-key';
import { FONT_FAMILIES, TEXT_WIDTHS } from './font-and-width';
import { FONT_SIZES, PAGE_SPACES, THEMES } from './reader-preferences';

const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';
const root = document.documentElement;

/** Runs the inline script of index.html with `stored` in local storage (values as the app stores them, JSON). */
function runWith(stored: Record<string, string>): void {
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  new Function(script)();
}

const property = (name: string) => root.style.getPropertyValue(name);

describe("index.html's early script", () => {
  afterEach(() => {
    root.removeAttribute('style');
    for (const name of ['theme', 'cookiesAccepted', 'readerFontPending', 'continueRow']) delete root.dataset[name];
    localStorage.clear();
    document.head.querySelectorAll('meta[name="reader-font-stylesheet"], link').forEach((element) => element.remove());
  });

  it('knows exactly the themes, sizes, spacings, fonts and widths of the reader settings', () => {
    const list = (values: readonly string[]) => `[${values.map((value) => `'${value}'`).join(', ')}]`;
    expect(script).toContain(list(THEMES));
    expect(script).toContain(list(FONT_SIZES.map((size) => size.size)));
    expect(script).toContain(list(PAGE_SPACES.map((space) => space.gap)));
    expect(script).toContain(list(PAGE_SPACES.map((space) => space.padding)));
    for (const family of FONT_FAMILIES) {
      runWith({ fontFamily: JSON.stringify(family.id) });
      expect([family.id, property('--reader-font-family')]).toEqual([family.id, family.stack]);
    }
    for (const width of TEXT_WIDTHS) {
      runWith({ textWidth: JSON.stringify(width.id) });
      expect([width.id, property('--reader-text-width')]).toEqual([width.id, width.maxWidth]);
    }
  });

  it('sets a stored theme on <html> and ignores anything else', () => {
    const themeSetBy = (stored: string) => {
      delete root.dataset.theme;
      runWith({ theme: stored });
      return root.dataset.theme;
    };
    expect(themeSetBy('"dark"')).toBe('dark');
    expect(themeSetBy('"neon"')).toBeUndefined();
    expect(themeSetBy('not json')).toBeUndefined();
  });

  it('marks an accepted cookie notice, so that it never shows', () => {
    runWith({ cookieAccepted: 'false' });
    expect(root.dataset.cookiesAccepted).toBeUndefined();
    runWith({ cookieAccepted: 'true' });
    expect(root.dataset.cookiesAccepted).toBe('');
  });

  it("puts the reader's text settings on <html>, and nothing for a value the app would not take", () => {
    runWith({ fontSizeIndex: '5', pageSpaceIndex: '0', fontFamily: '"serif"', textWidth: '"narrow"' });
    expect(property('--reader-font-size')).toBe(FONT_SIZES[5].size);
    expect(property('--reader-paragraph-gap')).toBe(PAGE_SPACES[0].gap);
    expect(property('--reader-page-padding')).toBe(PAGE_SPACES[0].padding);
    expect(property('--reader-font-family')).toBe(FONT_FAMILIES[0].stack);
    expect(property('--reader-text-width')).toBe('60ch');
    root.removeAttribute('style');
    runWith({ fontSizeIndex: '9', pageSpaceIndex: '"2"', fontFamily: '"comic"', textWidth: '"huge"' });
    expect(root.getAttribute('style')).toBeNull();
  });

  it('holds back a server-drawn chapter for the chosen dyslexia-friendly font, loading its style sheet', () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'reader-font-stylesheet', content: '/assets/dyslexic-font-x.css' });
    document.head.append(meta);
    Object.defineProperty(document, 'fonts', { value: { load: () => new Promise(() => undefined) }, configurable: true });
    runWith({ fontFamily: '"dyslexic"' });
    expect(root.dataset.readerFontPending).toBe('');
    expect(document.head.querySelector('link[rel="stylesheet"]')).toHaveAttribute('href', '/assets/dyslexic-font-x.css');
    delete (document as { fonts?: unknown }).fonts;
  });

  it('keeps room for home\'s Continue reading row for a visitor with places, or a logged-in reader whose row showed last', () => {
    const roomKeptWith = (stored: Record<string, string>) => {
      localStorage.clear();
      delete root.dataset.continueRow;
      runWith(stored);
      return root.dataset.continueRow === '';
    };
    const session = { token: '"t"', user: '{"user_id":"u1"}' };
    expect(roomKeptWith({})).toBe(false);
    expect(roomKeptWith({ [LOCAL_PROGRESS_KEY]: '{}' })).toBe(false);
    expect(roomKeptWith({ [LOCAL_PROGRESS_KEY]: '{"b7":{"book_id":7}}' })).toBe(true);
    expect(roomKeptWith(session)).toBe(false);
    expect(roomKeptWith({ ...session, [CONTINUE_ROW_SHOWN_KEY]: 'false' })).toBe(false);
    expect(roomKeptWith({ ...session, [CONTINUE_ROW_SHOWN_KEY]: 'true' })).toBe(true);
    expect(roomKeptWith({ token: '"t"', [CONTINUE_ROW_SHOWN_KEY]: 'true' })).toBe(false);
  });
});
