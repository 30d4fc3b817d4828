import { LivePush } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comment } from '../../../test/comments';
import { fakeLiveClient } from '../../../test/fake-socket';
import { json, stubFetch } from '../../../test/fetch';
import '../../../test/jsdom-polyfills';
import { renderWithProviders } from '../../../test/render';
import { getAppStore } from '../../../shared/state/store';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import type { LiveClient } from '../../../shared/live/live-client';
import { LiveContext } from '../../../shared/live/live-context';
import { CommentSection } from './CommentSection';

/** A thread of five comments the API answers two at a time; the page after `held`, once, when `release` is called. */
function serveInPages(held?: { after: string; release: Promise<Response> }) {
  const ids = ['c1', 'c2', 'c3', 'c4', 'c5'];
  return stubFetch((url) => {
    if (!url.startsWith('/api/comment/show-comments')) return json(200, {});
    const after = new URL(url, 'http://site').searchParams.get('after');
    if (held && after === held.after) {
      const { release } = held;
      held = undefined;
      return release;
    }
    const start = after === null ? 0 : ids.indexOf(after) + 1;
    const page = ids.slice(start, start + 2);
    const more = start + 2 < ids.length;
    return json(200, {
      comments: page.map((comment_id) => comment({ comment_id, username: `Author of ${comment_id}` })),
      likedComments: [],
      next_after: more ? page.at(-1) : null,
      total_comments: ids.length,
    });
  });
}

const shown = () => [...document.querySelectorAll('.comment-list > li article')].map((article) => article.id);
let running: LiveClient | null = null;
afterEach(() => running?.stop());

describe('CommentSection, a thread a page at a time', () => {
  it('shows the first page, says how many there are, and loads the next ones on demand until the last', async () => {
    const fetchMock = serveInPages();
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Author of c1');
    expect(shown()).toEqual(['c1', 'c2']);
    expect(screen.getByText('Showing 2 of 5 comments')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Author of c4');
    expect(fetchMock).toHaveBeenCalledWith('/api/comment/show-comments?book_id=12&chapter_id=&criteria=likes&limit=200&after=c2', expect.anything());
    expect(shown()).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(screen.getByText('Showing 4 of 5 comments')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Author of c5');
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('says it is loading, keeps the button focusable meanwhile, and offers to try again after an error', async () => {
    let fail = (_: Response) => {};
    serveInPages({ after: 'c2', release: new Promise<Response>((resolve) => (fail = resolve)) });
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Author of c1');
    const button = screen.getByRole('button', { name: 'Load more comments' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('Loading more comments...')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    fireEvent.click(button);
    act(() => fail(json(500, { message: 'Internal server error' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading more comments.');
    expect(shown()).toEqual(['c1', 'c2']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Author of c3');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads on until the comment a link points at is shown, then highlights it', async () => {
    serveInPages();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />, '/12-golden-stage#c5');
    await waitFor(() => expect(shown()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']));
    await waitFor(() => expect(document.getElementById('c5')).toHaveClass('comment--highlighted'));
    expect(shown()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('c5'));
  });

  it('shows a new comment pushed live after those loaded, and where its page puts it once that is loaded', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: { user_id: 'u', username: 'me', email: 'me@example.com', email_verified: true } });
    serveInPages();
    const { client, sockets } = fakeLiveClient();
    running = client;
    client.start();
    renderWithProviders(
      <LiveContext.Provider value={client}>
        <CommentSection bookId={12} chapterId={null} />
      </LiveContext.Provider>,
    );
    await screen.findByText('Author of c1');
    act(() => sockets[0].serverAccepts());
    act(() => sockets[0].push(LivePush.CommentCreated, { thread: { book_id: 12, chapter_id: null }, comment: comment({ comment_id: 'c5', username: 'Author of c5' }) }));
    await screen.findByText('Author of c5');
    expect(shown()).toEqual(['c1', 'c2', 'c5']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Author of c3');
    fireEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(shown()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']));
  });
});
