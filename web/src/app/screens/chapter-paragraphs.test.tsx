import '../../test/jsdom-polyfills';
import { type CommentView, LivePush, LiveRequest, ParagraphCommentText } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveClient } from '../../shared/live/live-client';
import { LiveContext } from '../../shared/live/live-context';
import { paragraphKeys } from '../../shared/markdown/paragraph-keys';
import { preloadEveryLazyComponent } from '../../shared/ui/lazy-component';
import { comment } from '../../test/comments';
import { fakeLiveClient } from '../../test/fake-socket';
import { emptySocialAnswer, json, stubFetch } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { BOOK_SLUG, chapterPageResponse } from '../../features/chapter/chapter-page.fixture';
import { ChapterScreen } from '../page-code';

// The chapter page's code, and the parts it loads on demand, are loaded before the cases (as the server does).
beforeAll(async () => {
  await ChapterScreen.preload();
  await preloadEveryLazyComponent();
});

let running: LiveClient | null = null;
afterEach(() => running?.stop());

const [rain, windowLine] = paragraphKeys(chapterPageResponse(102).chapterContent.content);
const thread = { book_id: 12, chapter_id: 102 };
const onChapter = (overrides: Parameters<typeof comment>[0]) => comment({ chapter_id: 102, ...overrides });

interface Answers {
  /** The counts' answer: its paragraphs, or a failure's status. */
  counts: () => Record<string, number> | number;
  /** The chapter's comments, and a paragraph's (those of the chapter's on it). */
  comments?: CommentView[];
}

/** Chapter 102 of book 12, with the API's answers, and the live client `client` if any. */
function renderChapter({ counts, comments = [] }: Answers, client: LiveClient | null = null) {
  const fetchMock = stubFetch((url) => {
    if (url.startsWith('/api/comment/paragraph-counts?')) {
      const answer = counts();
      return typeof answer === 'number' ? json(answer, { message: 'Internal server error' }) : json(200, { paragraphs: answer });
    }
    if (url.startsWith('/api/comment/show-comments')) {
      const paragraph = new URL(url, 'http://site').searchParams.get('paragraph');
      return json(200, { comments: comments.filter((entry) => paragraph === null || entry.paragraph === paragraph), likedComments: [] });
    }
    const social = emptySocialAnswer(url);
    if (social) return social;
    if (url.startsWith(`/api/${BOOK_SLUG}/`)) return json(200, chapterPageResponse(102));
    return json(404, { message: 'Not found' });
  });
  renderWithProviders(
    <LiveContext.Provider value={client}>
      <Routes>
        <Route path="/:bookIDSlug/:chapterID" element={<ChapterScreen />} />
      </Routes>
    </LiveContext.Provider>,
    `/${BOOK_SLUG}/102`,
  );
  return fetchMock;
}

const buttonOf = (key: string) => document.querySelector<HTMLButtonElement>(`.chapter-text .paragraph-comments[data-paragraph="${key}"]`)!;
const countsAsked = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/comment/paragraph-counts?')).length;

describe('paragraph comments on the chapter page', () => {
  it("shows each paragraph's count, and its button opens the paragraph's thread, quoting it; closing gives the focus back", async () => {
    const fetchMock = renderChapter({ counts: () => ({ [rain]: 1 }), comments: [onChapter({ comment_id: 'c1', username: 'Lin', paragraph: rain })] });
    await screen.findByRole('heading', { level: 1, name: 'Chapter 2: Night Rain' });
    await waitFor(() => expect(buttonOf(rain)).toHaveAttribute('data-count', '1'));
    expect(fetchMock).toHaveBeenCalledWith('/api/comment/paragraph-counts?book_id=12&chapter_id=102', expect.anything());
    expect(buttonOf(rain)).toHaveAccessibleName('1 comment on this paragraph');
    expect(buttonOf(windowLine)).toHaveAttribute('data-count', '0');
    expect(buttonOf(windowLine)).toHaveAccessibleName('Comment on this paragraph');

    fireEvent.click(buttonOf(rain));
    const dialog = within(await screen.findByRole('dialog', { name: ParagraphCommentText.threadTitle }));
    expect(dialog.getByText('The rain had not stopped for three days.').closest('blockquote')).not.toBeNull();
    expect(await dialog.findByText('Lin')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`/api/comment/show-comments?book_id=12&chapter_id=102&criteria=likes&limit=200&paragraph=${rain}`, expect.anything());
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ParagraphCommentText.threadTitle })).toBeNull());
    expect(document.activeElement).toBe(buttonOf(rain));
  });

  it('asks for the counts again when a comment on a paragraph of the chapter is pushed live', async () => {
    let counts: Record<string, number> = {};
    const { client, sockets } = fakeLiveClient();
    running = client;
    client.start();
    const fetchMock = renderChapter({ counts: () => counts }, client);
    await waitFor(() => expect(buttonOf(windowLine)).toHaveAttribute('data-count', '0'));
    act(() => sockets[0].serverAccepts());
    expect(sockets[0].emitted).toContainEqual([LiveRequest.ThreadJoin, thread]);
    const asked = countsAsked(fetchMock);

    // A comment on no paragraph, or of another thread, changes no count.
    act(() => sockets[0].push(LivePush.CommentCreated, { thread, comment: onChapter({ comment_id: 'plain' }) }));
    act(() => sockets[0].push(LivePush.CommentCreated, { thread: { book_id: 12, chapter_id: 103 }, comment: comment({ comment_id: 'other', chapter_id: 103, paragraph: windowLine }) }));
    expect(countsAsked(fetchMock)).toBe(asked);

    counts = { [windowLine]: 1 };
    act(() => sockets[0].push(LivePush.CommentCreated, { thread, comment: onChapter({ comment_id: 'live', paragraph: windowLine }) }));
    await waitFor(() => expect(buttonOf(windowLine)).toHaveAttribute('data-count', '1'));
    expect(buttonOf(windowLine)).toHaveAccessibleName('1 comment on this paragraph');
    expect(countsAsked(fetchMock)).toBe(asked + 1);
  });

  it('shows the buttons without counts, and nothing else, when the counts cannot be had', async () => {
    const fetchMock = renderChapter({ counts: () => 500 });
    await screen.findByRole('heading', { level: 1, name: 'Chapter 2: Night Rain' });
    await waitFor(() => expect(countsAsked(fetchMock)).toBeGreaterThan(0));
    await new Promise((done) => setTimeout(done, 100));
    expect(buttonOf(rain)).not.toHaveAttribute('data-count');
    expect(buttonOf(rain)).toHaveAccessibleName(ParagraphCommentText.threadTitle);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("marks the chapter's comments on a paragraph it has 'On a paragraph', which opens that paragraph's thread, and others 'On an earlier version'", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderChapter({
      counts: () => ({ [windowLine]: 1, '0000000000gone': 1 }),
      comments: [onChapter({ comment_id: 'standing', username: 'Lin', paragraph: windowLine }), onChapter({ comment_id: 'earlier', username: 'Bo', paragraph: '0000000000gone' })],
    });
    const chapterThread = within(await screen.findByRole('region', { name: 'Comments' }));
    await chapterThread.findByText('Lin');
    expect(within(document.getElementById('earlier')!).getByText(ParagraphCommentText.earlierVersion)).toBeInTheDocument();

    fireEvent.click(within(document.getElementById('standing')!).getByRole('button', { name: ParagraphCommentText.onParagraph }));
    const dialog = within(await screen.findByRole('dialog', { name: ParagraphCommentText.threadTitle }));
    expect(dialog.getByText('He opened the window anyway.')).toBeInTheDocument();
    expect(scrolled.mock.contexts).toContain(buttonOf(windowLine));
    expect(await dialog.findByText('Lin')).toBeInTheDocument();
    expect(dialog.queryByText('Bo')).toBeNull();
  });
});
