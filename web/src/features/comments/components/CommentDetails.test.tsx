import type { CommentView } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { exactTime } from '../../../shared/time/exact-time';
import { TICK_MS } from '../../../shared/time/use-now';
import { comment } from '../../../test/comments';
import { json, stubFetch } from '../../../test/fetch';
import '../../../test/jsdom-polyfills';
import { renderWithProviders } from '../../../test/render';
import { CommentSection } from './CommentSection';

const me = { user_id: 'user-mine', username: 'me', email: 'me@example.com', email_verified: true };
const logIn = () => getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: me });

function serve(comments: CommentView[]) {
  return stubFetch((url) => {
    if (url.startsWith('/api/comment/show-comments')) return json(200, { comments, likedComments: [] });
    return json(200, { success: 1, message: 'Your comment has been edited.' });
  });
}

const article = (id: string) => document.getElementById(id)!;

describe('comment details', () => {
  it('marks an edited comment (edited), with the time of the edit in its title', async () => {
    serve([
      comment({ comment_id: 'edited', edited_time: '2026-01-02T08:30:00.000Z' }),
      comment({ comment_id: 'plain', edited_time: null }),
      comment({ comment_id: 'older' }),
      comment({ comment_id: 'gone', deleted_comment: true, username: '[deleted]', comment_content: '[deleted]', edited_time: null }),
    ]);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('author-edited');
    const marker = within(article('edited')).getByText('(edited)');
    expect(marker.tagName).toBe('TIME');
    expect(marker).toHaveAttribute('dateTime', '2026-01-02T08:30:00.000Z');
    fireEvent.pointerEnter(marker);
    expect(marker).toHaveAttribute('title', `Edited ${exactTime('2026-01-02T08:30:00.000Z')}`);
    for (const id of ['plain', 'older', 'gone']) expect(within(article(id)).queryByText('(edited)')).toBeNull();
  });

  it('marks your own comment edited as soon as the edit is accepted', async () => {
    logIn();
    serve([comment({ comment_id: 'mine', user_id: 'user-mine', username: 'me', comment_content: 'Same here, it was beautiful.' })]);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('me');
    expect(within(article('mine')).queryByText('(edited)')).toBeNull();
    fireEvent.click(within(article('mine')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(article('mine')).getByRole('textbox', { name: 'Edit your comment' }), {
      target: { value: 'Same here, it was so very beautiful.' },
    });
    await act(async () => fireEvent.click(within(article('mine')).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(within(article('mine')).getByText('(edited)')).toBeInTheDocument());
    expect(article('mine')).toHaveTextContent('Same here, it was so very beautiful.');
  });

  it("keeps every comment's time current on one timer for the page, the exact time in its title", async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:50.000Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    try {
      serve([
        comment({ comment_id: 'new', comment_time: '2026-01-01T00:00:00.000Z' }),
        comment({ comment_id: 'old', comment_time: '2025-12-31T23:50:00.000Z' }),
        comment({ comment_id: 'reply', parent_comment_id: 'new', comment_time: '2026-01-01T00:00:20.000Z' }),
      ]);
      renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
      await screen.findByText('author-new');
      const timeOf = (id: string) => article(id).querySelector('.comment__header time')!;
      expect(timeOf('new')).toHaveTextContent('50 seconds ago');
      fireEvent.pointerEnter(timeOf('new'));
      expect(timeOf('new')).toHaveAttribute('title', exactTime('2026-01-01T00:00:00.000Z'));
      expect(timeOf('reply')).toHaveTextContent('30 seconds ago');
      act(() => vi.advanceTimersByTime(TICK_MS));
      expect(timeOf('new')).toHaveTextContent('1 minute ago');
      expect(timeOf('old')).toHaveTextContent('11 minutes ago');
      expect(timeOf('reply')).toHaveTextContent('1 minute ago');
      expect(setInterval.mock.calls.filter(([, ms]) => ms === TICK_MS)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  describe('a long comment', () => {
    // jsdom lays nothing out: a comment's text is as tall as its lines of 8 words at 24 px (jsdom's line height here).
    const linesOf = (element: HTMLElement) => element.textContent!.split(' ').length / 8;
    beforeAll(() =>
      Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('comment__fold') ? Math.ceil(linesOf(this)) * 24 : 0;
        },
      }),
    );
    afterAll(() => delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight);
    const words = (lines: number) => Array.from({ length: lines * 8 }, (_, i) => `word${i}`).join(' ');

    it('shows a text over about 12 lines folded, with Read more to unfold it and Show less to fold it again', async () => {
      serve([comment({ comment_id: 'long', comment_content: words(30) }), comment({ comment_id: 'short', comment_content: words(13) })]);
      renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
      await screen.findByText('author-long');
      const fold = article('long').querySelector('.comment__fold')!;
      expect(fold).toHaveClass('comment__fold--collapsed');
      const more = within(article('long')).getByRole('button', { name: 'Read more' });
      expect(more).toHaveAttribute('aria-expanded', 'false');
      expect(more).toHaveAttribute('aria-controls', fold.id);

      fireEvent.click(more);
      expect(fold).not.toHaveClass('comment__fold--collapsed');
      const less = within(article('long')).getByRole('button', { name: 'Show less' });
      expect(less).toHaveAttribute('aria-expanded', 'true');
      fireEvent.click(less);
      expect(fold).toHaveClass('comment__fold--collapsed');
      expect(within(article('long')).getByRole('button', { name: 'Read more' })).toBeInTheDocument();

      // 13 lines are shown whole: folding away one line would help nobody.
      expect(article('short').querySelector('.comment__fold')).not.toHaveClass('comment__fold--collapsed');
      expect(within(article('short')).queryByRole('button', { name: 'Read more' })).toBeNull();
    });

    it('folds your own text once an edit made it long', async () => {
      logIn();
      serve([comment({ comment_id: 'grows', user_id: 'user-mine', username: 'me', comment_content: words(3) })]);
      renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
      await screen.findByText('me');
      expect(within(article('grows')).queryByRole('button', { name: 'Read more' })).toBeNull();
      fireEvent.click(within(article('grows')).getByRole('button', { name: 'Edit' }));
      fireEvent.change(within(article('grows')).getByRole('textbox', { name: 'Edit your comment' }), { target: { value: words(40) } });
      await act(async () => fireEvent.click(within(article('grows')).getByRole('button', { name: 'Save' })));
      await waitFor(() => expect(within(article('grows')).getByRole('button', { name: 'Read more' })).toBeInTheDocument());
    });

  });
});
