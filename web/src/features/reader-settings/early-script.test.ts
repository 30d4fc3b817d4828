import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { THEMES } from './reader-preferences';

const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

/** Runs the inline script of index.html with `stored` as the saved theme, and returns the theme it set. */
function themeSetBy(stored: string | null): string | undefined {
  delete document.documentElement.dataset.theme;
  if (stored !== null) localStorage.setItem('theme', stored);
  new Function(script)();
  return document.documentElement.dataset.theme;
}

describe("index.html's early theme script", () => {
  it('knows exactly the six themes', () => {
    expect(script).toContain(`[${THEMES.map((theme) => `'${theme}'`).join(', ')}]`);
  });

  it('sets a stored theme on <html> and ignores anything else', () => {
    expect(themeSetBy('"dark"')).toBe('dark');
    expect(themeSetBy('"neon"')).toBeUndefined();
    expect(themeSetBy('not json')).toBeUndefined();
    expect(themeSetBy(null)).toBeUndefined();
  });
});
