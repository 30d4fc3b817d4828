import { PAGE_DATA_ELEMENT_ID } from '@shelf/contracts';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as MarkdownToHast from '../../../shared/markdown/markdown-to-hast';
import { ChapterText, ParsedText } from './ChapterText';

// Ten paragraphs of 30, 30, 90, 60, 190, 190, 30, 170, 20 and 90 words: ads follow paragraphs 2, 4, 5, 7 and 9.
const content = [30, 30, 90, 60, 190, 190, 30, 170, 20, 90].map((words, i) => `P${i + 1} *${'word '.repeat(words - 1).trim()}*`).join('\n\n');

describe('ChapterText on a page the server rendered', () => {
  afterEach(() => {
    vi.doUnmock('../../../shared/markdown/markdown-to-hast');
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it("hydrates keeping the server's HTML, without parsing the chapter again, and places the ads as the server would", async () => {
    await ParsedText.preload(); // as the server does before it renders
    const serverHtml = renderToString(<ChapterText content={content} />);
    document.body.innerHTML = `<div id="root">${serverHtml}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{}</script>`;
    const parsed = vi.fn();
    vi.resetModules();
    vi.doMock('../../../shared/markdown/markdown-to-hast', async (original) => {
      const actual = await original<typeof MarkdownToHast>();
      return { ...actual, markdownToHast: (...args: Parameters<typeof actual.markdownToHast>) => (parsed(), actual.markdownToHast(...args)) };
    });
    const { ChapterText: Hydrated } = await import('./ChapterText');
    const errors = vi.fn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      hydrateRoot(document.getElementById('root')!, <Hydrated content={content} />, { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(parsed).not.toHaveBeenCalled();
    expect(document.getElementById('root')!.innerHTML).toBe(serverHtml);

    act(() => vi.advanceTimersByTime(1000));
    const text = document.querySelector('.chapter-text')!;
    const ads = [...text.querySelectorAll('[data-ad-slot]')];
    expect(ads.map((ad) => ad.previousElementSibling?.lastElementChild?.textContent?.split(' ')[0])).toEqual(['P2', 'P4', 'P5', 'P7', 'P9']);
    expect(text.querySelectorAll('p em')).toHaveLength(10);
  });
});
