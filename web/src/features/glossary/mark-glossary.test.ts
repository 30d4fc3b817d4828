import type { GlossaryEntry } from '@shelf/contracts';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { markdownToHast } from '../../shared/markdown/markdown-to-hast';
import { markGlossary, type TitleForms } from './mark-glossary';

const entries: GlossaryEntry[] = [
  { original: 'shixiong', rendering: 'senior brother', kind: 'title', note: '', from_chapter: 1 },
  { original: 'Lan Wangji', rendering: 'Lan Wangji', kind: 'character', note: '', from_chapter: 1 },
  { original: 'Lan', rendering: 'Lan', kind: 'term', note: 'A sect.', from_chapter: 1 },
];
const marked = (markdown: string, forms: TitleForms = []) => toHtml(markGlossary(markdownToHast(markdown), entries, forms));
const mark = (index: number, text: string) => `<button type="button" class="glossary-mark" data-glossary="${index}">${text}</button>`;

describe('markGlossary', () => {
  it('marks either form as a whole word, in any case, the longest name first', () => {
    expect(marked('Shixiong bowed. Lan Wangji did not; the senior brother of the Lan sect smiled.')).toBe(
      `<p>${mark(0, 'Shixiong')} bowed. ${mark(1, 'Lan Wangji')} did not; the ${mark(0, 'senior brother')} of the ${mark(2, 'Lan')} sect smiled.</p>`,
    );
    // Inside a longer word nothing is marked.
    expect(marked('Lantern and shixiongs.')).toBe('<p>Lantern and shixiongs.</p>');
  });

  it('marks inside emphasis but never inside links or code', () => {
    expect(marked('*Lan* and [Lan](https://example.test/) and `Lan`')).toBe(`<p><em>${mark(2, 'Lan')}</em> and <a href="https://example.test/">Lan</a> and <code>Lan</code></p>`);
  });

  it("shows a title in the form the reader chose, keeping a capital where the text had one", () => {
    expect(marked('Shixiong, the senior brother, said shixiong.', [{ title: 'shixiong', form: 'rendering' }])).toBe(
      `<p>${mark(0, 'Senior brother')}, the ${mark(0, 'senior brother')}, said ${mark(0, 'senior brother')}.</p>`,
    );
    expect(marked('The senior brother.', [{ title: 'shixiong', form: 'original' }])).toBe(`<p>The ${mark(0, 'shixiong')}.</p>`);
    // A choice for a name that is not a title changes nothing.
    expect(marked('Lan Wangji.', [{ title: 'lan wangji', form: 'rendering' }])).toBe(`<p>${mark(1, 'Lan Wangji')}.</p>`);
  });

  it('leaves a chapter without a glossary as it is', () => {
    const tree = markdownToHast('Shixiong bowed.');
    expect(markGlossary(tree, [])).toBe(tree);
  });
});
