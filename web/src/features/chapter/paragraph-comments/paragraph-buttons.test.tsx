import { type GlossaryEntry, isParagraphKey } from '@shelf/contracts';
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paragraphKeys } from '../../../shared/markdown/paragraph-keys';
import { ChapterText, ParsedText } from '../components/ChapterText';
import { readableBlocks } from '../read-aloud/read-aloud-blocks';
import { showParagraphCounts } from './paragraph-button';

const content = '# The gate\n\nShixiong smiled at the gate.\n\n- a list item\n\nThe sect gate *opened*.\n\n![A gate](https://example.com/gate.png)';
const glossary: GlossaryEntry[] = [{ original: 'shixiong', rendering: 'senior brother', kind: 'title', note: '', from_chapter: 1 }];
const [first, second] = paragraphKeys(content);
const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.chapter-text .paragraph-comments')];

beforeAll(() => ParsedText.preload());

describe("the chapter text's paragraph buttons", () => {
  it('ends each paragraph with text with a button named by its key and count, glossary marks and all', () => {
    render(<ChapterText content={content} glossary={glossary} forms={[{ title: 'shixiong', form: 'rendering' }]} counts={{ [first]: 3, 'gone0000000000': 2 }} />);
    expect(buttons().map((button) => button.dataset.paragraph)).toEqual([first, second]);
    expect([first, second].every(isParagraphKey)).toBe(true);
    expect(buttons().map((button) => button.parentElement?.tagName)).toEqual(['P', 'P']);
    expect(buttons()[0]).toHaveAttribute('type', 'button');
    expect(buttons()[0]).toHaveAttribute('data-count', '3');
    expect(buttons()[0]).toHaveAccessibleName('3 comments on this paragraph');
    expect(buttons()[1]).toHaveAttribute('data-count', '0');
    expect(buttons()[1]).toHaveAccessibleName('Comment on this paragraph');
    // The key is the text's as written, though the reader reads the title in another form.
    expect(document.querySelector('.glossary-mark')).toHaveTextContent('Senior brother');
    expect(buttons()[0].parentElement).toContainElement(document.querySelector('.glossary-mark') as HTMLElement);
  });

  it('adds nothing to what read aloud reads, and draws no count while none is known', () => {
    render(<ChapterText content={content} glossary={[]} forms={[]} counts={undefined} />);
    const text = document.querySelector<HTMLElement>('.chapter-text')!;
    expect(readableBlocks(text).map((block) => block.textContent)).toEqual(['The gate', 'Shixiong smiled at the gate.', 'a list item', 'The sect gate opened.']);
    expect(buttons()).toHaveLength(2);
    for (const button of buttons()) {
      expect(button).not.toHaveAttribute('data-count');
      expect(button).toHaveAccessibleName('Comments on this paragraph');
      expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('shows counts on the drawn buttons, and takes them away again when they are no longer known', () => {
    render(<ChapterText content={content} glossary={[]} forms={[]} />);
    const text = document.querySelector<HTMLElement>('.chapter-text')!;
    showParagraphCounts(text, { [second]: 1 });
    expect(buttons().map((button) => [button.dataset.count, button.getAttribute('aria-label')])).toEqual([
      ['0', 'Comment on this paragraph'],
      ['1', '1 comment on this paragraph'],
    ]);
    showParagraphCounts(text, undefined);
    expect(buttons().every((button) => !button.hasAttribute('data-count'))).toBe(true);
  });
});
