import '../test/jsdom-polyfills';
import { type BookPageResponse, type ChapterListEntry, type ChapterPageResponse, LivePush, LiveRequest } from '@shelf/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookDetail } from '../test/books';
import { fakeLiveClient } from '../test/fake-socket';
import { emptySocialAnswer, json, stubFetch } from '../test/fetch';
import { renderWithProviders } from '../test/render';
import { BookRoute } from './routes/BookRoute';
import { BOOK_SLUG, chapterPageResponse } from '../features/chapter/chapter-page.fixture';
import { ChapterScreen } from './page-code';
import { preloadEveryLazyComponent } from '../shared/ui/lazy-component';
import type { LiveClient } from '../shared/live/live-client';
import { LiveContext } from '../shared/live/live-context';

// The chapter page's code, and the parts it loads on demand, are loaded before the cases (as the server does).
beforeAll(async () => {
  await ChapterScreen.preload();
  await preloadEveryLazyComponent();
});

let running: LiveClient | null = null;
afterEach(() => running?.stop());

const entry = (chapter_id: number, title: string): ChapterListEntry => ({ chapter_id, title, uploaded_time: '2026-11-01T00:00:00.000Z' });

const storyPage = (chapters: ChapterListEntry[]): BookPageResponse => ({
  bookDetails: bookDetail({
    cover_image: '', book_word_count: 1000, description: 'A story.', last_updated: '2026-11-01T00:00:00.000Z', completion_statuses: 'Ongoing',
    genres: 'Romance', tags: 'Sweet', part_of_series: '',
  }),
  chapters,
  randomBooks: [],
  glossary: [],
});

/** Renders `ui` at `path` with a live client whose socket the test plays the server of. */
function renderLive(ui: ReactElement, path: string) {
  const { client, sockets } = fakeLiveClient();
  running = client;
  client.start();
  const view = renderWithProviders(<LiveContext.Provider value={client}>{ui}</LiveContext.Provider>, path);
  /** The socket the page opened, once the server accepted it. */
  const connected = async () => {
    const socket = await vi.waitFor(() => sockets[0] ?? Promise.reject(new Error('no socket yet')));
    act(() => socket.serverAccepts());
    return socket;
  };
  return { view, connected };
}

const notice = () => screen.getByRole('status');

describe('the new chapter notice', () => {
  it("on the story page: follows the book, shows the new chapter with a link to it, refreshes the chapter grid, and leaves on unmount", async () => {
    let chapters = [entry(1, 'The Audition'), entry(2, 'The Stage')];
    const fetchMock = stubFetch((url) => emptySocialAnswer(url) ?? json(200, storyPage(chapters)));
    const { view, connected } = renderLive(
      <Routes>
        <Route path="/:bookIDSlug" element={<BookRoute />} />
      </Routes>,
      '/12-golden-stage',
    );
    const grid = within(await screen.findByRole('region', { name: 'Chapters List' }));
    const socket = await connected();
    expect(grid.getAllByRole('link')).toHaveLength(2);
    expect(socket.emitted).toContainEqual([LiveRequest.BookJoin, { book_id: 12 }]);
    expect(notice()).toBeEmptyDOMElement();

    // Another book's chapter changes nothing here.
    act(() => socket.push(LivePush.ChapterPublished, { book_id: 13, chapter_id: 3, title: 'Elsewhere' }));
    expect(notice()).toBeEmptyDOMElement();

    chapters = [...chapters, entry(3, 'The Encore')];
    act(() => socket.push(LivePush.ChapterPublished, { book_id: 12, chapter_id: 3, title: 'The Encore' }));
    expect(notice()).toHaveTextContent('New chapter: Chapter 3 – The Encore');
    expect(within(notice()).getByRole('link', { name: 'Read it' })).toHaveAttribute('href', '/12-golden-stage/3');
    expect(await grid.findByRole('link', { name: 'The Encore' })).toHaveAttribute('href', '/12-golden-stage/3');
    // Refetched past the browser's HTTP cache, so the answer is the server's current one.
    expect(fetchMock).toHaveBeenLastCalledWith('/api/12-golden-stage', expect.objectContaining({ cache: 'no-cache' }));

    fireEvent.click(within(notice()).getByRole('button', { name: 'Dismiss the new chapter notice' }));
    expect(notice()).toBeEmptyDOMElement();

    view.unmount();
    expect(socket.emitted).toContainEqual([LiveRequest.BookLeave, { book_id: 12 }]);
  });

  it('keeps refetching until the chapter is listed when the first answer is still the old one', async () => {
    const old = storyPage([entry(1, 'Chapter 1 - The Audition')]);
    let answers: BookPageResponse[] = [old];
    stubFetch((url) => emptySocialAnswer(url) ?? json(200, answers.length > 1 ? answers.shift()! : answers[0]));
    const { connected } = renderLive(
      <Routes>
        <Route path="/:bookIDSlug" element={<BookRoute />} />
      </Routes>,
      '/12-golden-stage',
    );
    const grid = within(await screen.findByRole('region', { name: 'Chapters List' }));
    const socket = await connected();
    // The API's cached answer is emptied a moment after the push: the first refetch still gets the old list.
    answers = [old, storyPage([entry(1, 'Chapter 1 - The Audition'), entry(2, 'Chapter 2 - The Stage')])];
    act(() => socket.push(LivePush.ChapterPublished, { book_id: 12, chapter_id: 2, title: 'Chapter 2 - The Stage' }));
    expect(notice()).toHaveTextContent('New chapter: Chapter 2 - The Stage');
    expect(await grid.findByRole('link', { name: 'Chapter 2 - The Stage' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('on the last chapter: shows the notice and turns Next Chapter into a link to the new chapter', async () => {
    let page: ChapterPageResponse = chapterPageResponse(103);
    const newChapter = (): ChapterPageResponse => ({
      ...page,
      chapterContent: { ...page.chapterContent, chapter_id: 104, title: 'Chapter 4: Clear Sky', previous_chapter_id: 103, next_chapter_id: null },
    });
    stubFetch((url) => emptySocialAnswer(url) ?? json(200, url.endsWith('/104') ? newChapter() : page));
    const { connected } = renderLive(
      <Routes>
        <Route path="/:bookIDSlug/:chapterID" element={<ChapterScreen />} />
      </Routes>,
      `/${BOOK_SLUG}/103`,
    );
    const nav = within(await screen.findByRole('navigation', { name: 'Chapter navigation' }));
    const socket = await connected();
    expect(nav.queryByRole('link', { name: 'Next Chapter' })).toBeNull();
    expect(socket.emitted).toContainEqual([LiveRequest.BookJoin, { book_id: 12 }]);

    const base = chapterPageResponse(103);
    page = {
      ...base,
      chapterContent: { ...base.chapterContent, next_chapter_id: 104 },
      chapterList: [...base.chapterList, entry(104, 'Chapter 4: Clear Sky')],
    };
    act(() => socket.push(LivePush.ChapterPublished, { book_id: 12, chapter_id: 104, title: 'Chapter 4: Clear Sky' }));
    expect(notice()).toHaveTextContent('New chapter: Chapter 4: Clear Sky');
    expect(within(notice()).getByRole('link', { name: 'Read it' })).toHaveAttribute('href', `/${BOOK_SLUG}/104`);
    expect(await nav.findByRole('link', { name: 'Next Chapter' })).toHaveAttribute('href', `/${BOOK_SLUG}/104`);

    // Following the link opens the new chapter; the notice is gone with the chapter it was shown on.
    fireEvent.click(within(notice()).getByRole('link', { name: 'Read it' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chapter 4: Clear Sky' })).toBeInTheDocument();
    expect(notice()).toBeEmptyDOMElement();
  });
});
