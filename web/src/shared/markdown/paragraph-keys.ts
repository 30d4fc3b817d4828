import type { RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { markdownToHast } from './markdown-to-hast';

/**
 * A text's hash as 14 letters and digits: two 32-bit FNV-1a hashes (different offset bases) of its UTF-16 code units.
 * Not a secret, only a name that changes when the text does.
 */
function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193 + 0x2000);
  }
  return (a >>> 0).toString(36).padStart(7, '0') + (b >>> 0).toString(36).padStart(7, '0');
}

/** A paragraph's text as its key reads it: what it shows, its spaces collapsed, in Unicode's composed form. */
const keyText = (node: RootContent) => toString(node).normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * The key of each of a chapter's top-level blocks that is a paragraph with text (PARAGRAPH_KEY), null for the others:
 * a hash of the paragraph's text, with `-n` for the n-th paragraph of the same text. Computed on the text as written
 * (before the glossary's marks and forms), so every reader's text has the same keys.
 */
export function paragraphKeysOf(blocks: readonly RootContent[]): (string | null)[] {
  const seen = new Map<string, number>();
  return blocks.map((block) => {
    if (block.type !== 'element' || block.tagName !== 'p') return null;
    const text = keyText(block);
    if (text === '') return null;
    const hash = textHash(text);
    const nth = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, nth);
    return nth === 1 ? hash : `${hash}-${nth}`;
  });
}

/** The keys of a chapter text's paragraphs, in their order (what the API checks a paragraph comment's key against). */
export const paragraphKeys = (markdown: string): string[] =>
  paragraphKeysOf(markdownToHast(markdown).children).filter((key): key is string => key !== null);
