import { isParagraphKey } from '@shelf/contracts';
import { describe, expect, it } from 'vitest';
import { markdownToHast } from './markdown-to-hast';
import { paragraphKeys, paragraphKeysOf } from './paragraph-keys';

describe('paragraph keys', () => {
  it('names each paragraph with text by a key of the API pattern, and nothing else', () => {
    const keys = paragraphKeysOf(markdownToHast('# Title\n\nFirst paragraph.\n\n- a list\n\n![](https://example.com/a.png)\n\nSecond *one*.').children);
    const named = keys.filter((key) => key !== null);
    expect(named).toHaveLength(2);
    expect(named.every(isParagraphKey)).toBe(true);
  });

  it('keeps the key of a paragraph when others change, and gives a changed paragraph a new one', () => {
    const [first, second] = paragraphKeys('Shixiong smiled.\n\nThe sect gate opened.');
    const revised = paragraphKeys('A new opening line.\n\nShixiong smiled.\n\nThe sect gate opened at dawn.');
    expect(revised).toContain(first);
    expect(revised).not.toContain(second);
  });

  it('reads the text as shown: spaces and emphasis do not change a key', () => {
    expect(paragraphKeys('He  said\nhello.')).toEqual(paragraphKeys('He said hello.'));
    expect(paragraphKeys('*He* said hello.')).toEqual(paragraphKeys('He said hello.'));
  });

  it('numbers paragraphs of the same text', () => {
    const keys = paragraphKeys('* * *\n\n...\n\nWords.\n\n...');
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-z]{14}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(`${keys[0]}-2`);
  });
});
