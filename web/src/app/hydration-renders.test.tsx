import { type BookPageResponse, type EmbeddedPageData, PAGE_DATA_ELEMENT_ID } from '@shelf/contracts';
import { screen } from '@testing-library/react';
import { type ComponentProps, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outsideActEnvironment } from '../test/outside-act';
import { bookDetail, listBook } from '../test/books';
import { comment } from '../test/comments';
import type * as BookPageModule from '../features/book-page/components/BookPage';
import type * as CommentItemModule from '../features/comments/components/CommentItem';
import type * as HeaderModule from './frame/components/Header';
import { FakeSocket } from '../test/fake-socket';
import { json, stubFetch } from '../test/fetch';

// After a server-rendered page has hydrated, the reader's own values (session, settings, places) and the live client
// come in: each renders what reads them, never the layout or the whole story again. On a phone, a render of the whole
// page is one long task after the text has shown (issue 15: Lighthouse's Total Blocking Time on the story page).

const renders = { Header: 0, BookPage: 0, CommentItem: 0 };
const sockets: FakeSocket[] = [];

/** Resolved to let the live client's code load. */
let loadLiveClient = () => undefined as void;

/**
 * Counts the renders of the app's header, story and comments, holds the live client's code until loadLiveClient(),
 * and gives it FakeSockets.
 */
function countRendersAndFakeSockets() {
  const liveClientLoads = new Promise<void>((resolve) => (loadLiveClient = resolve));
  vi.doMock('../shared/live/live-client', async (original) => {
    await liveClientLoads;
    return original();
  });
  vi.doMock('./frame/components/Header', async (original) => {
    const { Header } = await original<typeof HeaderModule>();
    return { Header: () => (renders.Header++, Header()) };
  });
  vi.doMock('../features/book-page/components/BookPage', async (original) => {
    const { BookPage } = await original<typeof BookPageModule>();
    return { BookPage: (props: ComponentProps<typeof BookPage>) => (renders.BookPage++, BookPage(props)) };
  });
  vi.doMock('../features/comments/components/CommentItem', async (original) => {
    const { CommentItem } = await original<typeof CommentItemModule>();
    return { CommentItem: (props: ComponentProps<typeof CommentItem>) => (renders.CommentItem++, CommentItem(props)) };
  });
  vi.doMock('socket.io-client', () => ({
    io: (options: ConstructorParameters<typeof FakeSocket>[0]) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  }));
}

const story: BookPageResponse = {
  bookDetails: bookDetail({ description: 'First line', genres: 'Romance', tags: 'Sweet', part_of_series: '' }),
  chapters: [],
  randomBooks: [listBook({ book_id: 40, english_book_name: 'Recommended Book' })],
  glossary: [],
};
const page: EmbeddedPageData = { renderedAt: Date.now(), data: { page: 'story', bookId: 12, answer: { data: story } } };

describe('a server-rendered story page after it has hydrated', () => {
  outsideActEnvironment();
  afterEach(() => {
    for (const path of ['../shared/live/live-client', './frame/components/Header', '../features/book-page/components/BookPage', '../features/comments/components/CommentItem', 'socket.io-client']) vi.doUnmock(path);
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('renders neither the layout nor the story again, and the comment list only for its comments', async () => {
    // Drawn as the API has the server build draw it, with the reader's theme kept in this browser.
    localStorage.setItem('theme', JSON.stringify('dark'));
    const { createPageRenderer } = await import('../entry-server');
    const { html } = (await createPageRenderer()).render('/12-golden-stage', page);
    document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${JSON.stringify(page)}</script>`;
    let answerComments = () => undefined as void;
    const commentsAnswered = new Promise<void>((resolve) => (answerComments = resolve));
    stubFetch(async (url) => {
      if (url.startsWith('/api/like/show-')) return json(200, { isLiked: false, likeCount: { like_count: 3 } });
      if (url.startsWith('/api/comment/show-comments')) {
        await commentsAnswered;
        return json(200, { comments: [comment({ comment_id: 'c1', comment_content: 'Lovely' })], likedComments: [] });
      }
      return json(404, { message: 'Not found' });
    });

    window.history.replaceState(null, '', '/12-golden-stage');
    // Loaded afresh, as on a page load (the modules see a page to hydrate), and hydrated as main.tsx does.
    vi.resetModules();
    countRendersAndFakeSockets();
    const [{ App }, { seedPageData }, { createQueryClient }, { preloadPageCode }, { onHydrated }] = await Promise.all([
      import('./App'),
      import('./seed-page-data'),
      import('../shared/api/query-client'),
      import('./page-code'),
      import('../shared/state/hydration'),
    ]);
    const queryClient = createQueryClient();
    seedPageData(queryClient, page);
    await preloadPageCode('story');
    const recoverableErrors = vi.fn();
    startTransition(() => {
      hydrateRoot(document.getElementById('root')!, <App queryClient={queryClient} renderedAt={page.renderedAt} />, { onRecoverableError: recoverableErrors });
    });
    await new Promise<void>((resolve) => onHydrated(resolve));
    expect(recoverableErrors).not.toHaveBeenCalled();
    renders.Header = renders.BookPage = renders.CommentItem = 0;

    // Then the reader's theme and the like count come in, then the comments, then the live client.
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(await screen.findByText(/^3 /)).toBeInTheDocument();
    answerComments();
    expect(await screen.findByText('Lovely')).toBeInTheDocument();
    loadLiveClient();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renders).toEqual({ Header: 0, BookPage: 0, CommentItem: 1 });
  });
});
