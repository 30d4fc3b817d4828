import { type GlossaryEntry, PAGE_DATA_ELEMENT_ID } from '@shelf/contracts';
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as MarkdownToHast from '../../../shared/markdown/markdown-to-hast';
import { paragraphKeys } from '../../../shared/markdown/paragraph-keys';
import type { TitleForms } from '../../glossary';
import { ChapterText, ParsedText } from './ChapterText';

// Ten paragraphs of 30, 30, 90, 60, 190, 190, 30, 170, 20 and 90 words: ads follow paragraphs 2, 4, 5, 7 and 9.
const content = [30, 30, 90, 60, 190, 190, 30, 170, 20, 90].map((words, i) => `P${i + 1} *${'word '.repeat(words - 1).trim()}*`).join('\n\n') + '\n\nShixiong bowed.';
const glossary: GlossaryEntry[] = [{ original: 'shixiong', rendering: 'senior brother', kind: 'title', note: '', from_chapter: 1 }];

describe('ChapterText on a page the server rendered', () => {
  afterEach(() => {
    vi.doUnmock('../../../shared/markdown/markdown-to-hast');
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  /** The server's HTML of the chapter, in the page as the browser gets it; and a count of the chapter's parsings from then on. */
  async function serverPage(counts?: Record<string, number>) {
    await ParsedText.preload(); // as the server does before it renders
    const serverHtml = renderToString(<ChapterText content={content} glossary={glossary} forms={[]} counts={counts} />);
    document.body.innerHTML = `<div id="root">${serverHtml}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{}</script>`;
    const parsed = vi.fn();
    vi.resetModules();
    vi.doMock('../../../shared/markdown/markdown-to-hast', async (original) => {
      const actual = await original<typeof MarkdownToHast>();
      return { ...actual, markdownToHast: (...args: Parameters<typeof actual.markdownToHast>) => (parsed(), actual.markdownToHast(...args)) };
    });
    const { ChapterText: Hydrated } = await import('./ChapterText');
    return { serverHtml, parsed, Hydrated };
  }

  it("hydrates keeping the server's HTML, without parsing the chapter again, and places the ads as the server would", async () => {
    const { serverHtml, parsed, Hydrated } = await serverPage();
    const errors = vi.fn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      hydrateRoot(document.getElementById('root')!, <Hydrated content={content} glossary={glossary} forms={[]} />, { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(parsed).not.toHaveBeenCalled();
    expect(document.getElementById('root')!.innerHTML).toBe(serverHtml);

    act(() => vi.advanceTimersByTime(1000));
    const text = document.querySelector('.chapter-text')!;
    const ads = [...text.querySelectorAll('[data-ad-slot]')];
    expect(ads.map((ad) => ad.previousElementSibling?.lastElementChild?.textContent?.split(' ')[0])).toEqual(['P2', 'P4', 'P5', 'P7', 'P9']);
    expect(text.querySelectorAll('p em')).toHaveLength(10);
    expect(text.querySelector('.glossary-mark')?.textContent).toBe('Shixiong');
  });

  it("hydrates with the server's paragraph counts, then shows new ones on the buttons without parsing the chapter again", async () => {
    const [first, second] = paragraphKeys(content);
    const { serverHtml, parsed, Hydrated } = await serverPage({ [first]: 2 });
    const root = document.getElementById('root')!;
    const button = (key: string) => root.querySelector(`.paragraph-comments[data-paragraph="${key}"]`)!;
    expect(button(first)).toHaveAttribute('data-count', '2');
    const errors = vi.fn();
    const page = await act(async () => hydrateRoot(root, <Hydrated content={content} glossary={glossary} forms={[]} counts={{ [first]: 2 }} />, { onRecoverableError: errors }));
    expect(root.innerHTML).toBe(serverHtml);

    await act(async () => page.render(<Hydrated content={content} glossary={glossary} forms={[]} counts={{ [first]: 3, [second]: 1 }} />));
    expect(button(first)).toHaveAttribute('data-count', '3');
    expect(button(first)).toHaveAttribute('aria-label', '3 comments on this paragraph');
    expect(button(second)).toHaveAttribute('data-count', '1');
    expect(button(second)).toHaveAttribute('aria-label', '1 comment on this paragraph');
    expect(parsed).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('draws the text again for a reader who chose another form of a title, or turned the marks off', async () => {
    const { parsed, Hydrated } = await serverPage();
    const root = document.getElementById('root')!;
    const errors = vi.fn();
    const page = await act(async () => hydrateRoot(root, <Hydrated content={content} glossary={glossary} forms={[]} />, { onRecoverableError: errors }));
    await act(async () => page.render(<Hydrated content={content} glossary={glossary} forms={[{ title: 'shixiong', form: 'rendering' }]} />));
    await vi.waitFor(() => expect(root.querySelector('.glossary-mark')?.textContent).toBe('Senior brother'));
    expect(parsed).toHaveBeenCalled();
    await act(async () => page.render(<Hydrated content={content} glossary={[]} forms={[]} />));
    await vi.waitFor(() => expect(root.querySelector('.glossary-mark')).toBeNull());
    expect(root.textContent).toContain('Shixiong bowed.');
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('ChapterText drawn in the browser', () => {
  afterEach(() => {
    vi.doUnmock('../../../shared/markdown/markdown-to-hast');
    document.body.innerHTML = '';
  });

  it('parses the chapter once: counts that come later are shown on its buttons', async () => {
    const parsed = vi.fn();
    const noForms: TitleForms = [];
    vi.resetModules();
    vi.doMock('../../../shared/markdown/markdown-to-hast', async (original) => {
      const actual = await original<typeof MarkdownToHast>();
      return { ...actual, markdownToHast: (...args: Parameters<typeof actual.markdownToHast>) => (parsed(), actual.markdownToHast(...args)) };
    });
    const { ChapterText: Drawn, ParsedText: Parsed } = await import('./ChapterText');
    await Parsed.preload();
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => root.render(<Drawn content={content} glossary={glossary} forms={noForms} />));
    const buttons = () => [...document.querySelectorAll<HTMLElement>('.paragraph-comments')];
    expect(buttons()).toHaveLength(11);
    expect(buttons().some((button) => button.hasAttribute('data-count'))).toBe(false);

    const [first] = paragraphKeys(content);
    await act(async () => root.render(<Drawn content={content} glossary={glossary} forms={noForms} counts={{ [first]: 4 }} />));
    expect(buttons()[0]).toHaveAttribute('data-count', '4');
    expect(buttons().slice(1).every((button) => button.dataset.count === '0')).toBe(true);
    expect(parsed).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});
