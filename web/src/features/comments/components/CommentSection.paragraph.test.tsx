import { LivePush, ParagraphCommentText } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveClient } from '../../../shared/live/live-client';
import { LiveContext } from '../../../shared/live/live-context';
import { type ParagraphThreads, ParagraphThreadsContext } from '../../../shared/page/paragraph-threads';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { comment } from '../../../test/comments';
import { fakeLiveClient } from '../../../test/fake-socket';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import '../../../test/jsdom-polyfills';
import { renderWithProviders } from '../../../test/render';
import { CommentSection } from './CommentSection';

const me = { user_id: 'user-mine', username: 'me', email: 'me@example.com', email_verified: true };
const HERE = '0123456789abcd';
const ELSEWHERE = 'zyxwvutsrq9876';
const thread = { book_id: 12, chapter_id: 7 };
const onChapter = (overrides: Parameters<typeof comment>[0]) => comment({ chapter_id: 7, ...overrides });

let running: LiveClient | null = null;
afterEach(() => running?.stop());

describe('CommentSection of a paragraph', () => {
  it("asks for the paragraph's comments only, and posts a new comment on that paragraph", async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: me });
    const comments = [onChapter({ comment_id: 'first', username: 'Lin', paragraph: HERE })];
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/comment/show-comments')) return json(200, { comments, likedComments: [] });
      comments.push(onChapter({ comment_id: 'new', user_id: me.user_id, username: 'me', comment_content: 'My words about this very paragraph.', paragraph: HERE }));
      return json(200, { success: 1, message: 'Your comment has been posted.', comment_id: 'new' });
    });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const threads: ParagraphThreads = { shows: () => true, open: vi.fn() };
    renderWithProviders(
      <ParagraphThreadsContext value={threads}>
        <CommentSection bookId={12} chapterId={7} paragraph={HERE} />
      </ParagraphThreadsContext>,
    );
    await screen.findByText('Lin');
    expect(fetchMock).toHaveBeenCalledWith(`/api/comment/show-comments-with-like-comments?book_id=12&chapter_id=7&criteria=likes&limit=200&paragraph=${HERE}`, expect.anything());
    // The dialog holding it is titled; its comments are the paragraph's, so none is marked as on a paragraph.
    expect(screen.queryByRole('heading', { name: 'Comments' })).toBeNull();
    expect(screen.queryByText(ParagraphCommentText.onParagraph)).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'My words about this very paragraph.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    // Its element id is its own, apart from the same comment's in the chapter's thread under the dialog.
    await waitFor(() => expect(document.getElementById('paragraph-comment-new')).toHaveClass('comment--highlighted'));
    expect(document.getElementById('new')).toBeNull();
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('paragraph-comment-new'));
    expect(bodyOf(fetchMock, '/api/comment/post-comments')).toEqual({
      book_id: 12,
      chapter_id: 7,
      parent_comment_id: null,
      comment_content: 'My words about this very paragraph.',
      honeypot: '',
      paragraph: HERE,
    });
  });

  it("takes live only the comments on its paragraph, while the chapter's section takes them all", async () => {
    stubFetch((url) =>
      url.startsWith('/api/comment/show-comments')
        ? json(200, { comments: url.includes('paragraph=') ? [] : [onChapter({ comment_id: 'old', username: 'Lin' })], likedComments: [] })
        : json(200, {}),
    );
    const { client, sockets } = fakeLiveClient();
    running = client;
    client.start();
    renderWithProviders(
      <LiveContext.Provider value={client}>
        <CommentSection bookId={12} chapterId={7} />
        <div data-testid="paragraph">
          <CommentSection bookId={12} chapterId={7} paragraph={HERE} />
        </div>
      </LiveContext.Provider>,
    );
    await screen.findByText('Lin');
    const chapterSection = within(screen.getByRole('region', { name: 'Comments' }));
    const paragraphSection = within(screen.getByTestId('paragraph'));
    await paragraphSection.findByText('Nobody is here yet. Be the first to comment!');
    act(() => sockets[0].serverAccepts());

    act(() => sockets[0].push(LivePush.CommentCreated, { thread, comment: onChapter({ comment_id: 'on-it', username: 'Bo', paragraph: HERE }) }));
    act(() => sockets[0].push(LivePush.CommentCreated, { thread, comment: onChapter({ comment_id: 'on-other', username: 'Cy', paragraph: ELSEWHERE }) }));
    act(() => sockets[0].push(LivePush.CommentCreated, { thread, comment: onChapter({ comment_id: 'on-none', username: 'Di' }) }));
    act(() => sockets[0].push(LivePush.CommentCreated, { thread, comment: onChapter({ comment_id: 'reply', parent_comment_id: 'on-it', username: 'Ed', paragraph: HERE }) }));
    for (const name of ['Bo', 'Cy', 'Di', 'Ed']) expect(await chapterSection.findByText(name)).toBeInTheDocument();
    expect(await paragraphSection.findByText('Bo')).toBeInTheDocument();
    expect(paragraphSection.getByText('Ed')).toBeInTheDocument();
    expect(paragraphSection.queryByText('Cy')).toBeNull();
    expect(paragraphSection.queryByText('Di')).toBeNull();

    // An edit of a comment on no paragraph does not slip into the paragraph's list either.
    act(() => sockets[0].push(LivePush.CommentEdited, { thread, comment: onChapter({ comment_id: 'old', username: 'Lin', comment_content: 'Edited words of the old one.' }) }));
    expect(await chapterSection.findByText('Edited words of the old one.')).toBeInTheDocument();
    expect(paragraphSection.queryByText('Lin')).toBeNull();
  });
});

describe("the chapter's thread, marking its comments on paragraphs", () => {
  const comments = [
    onChapter({ comment_id: 'standing', username: 'Lin', paragraph: HERE }),
    onChapter({ comment_id: 'answer', parent_comment_id: 'standing', username: 'Bo', paragraph: HERE }),
    onChapter({ comment_id: 'revised', username: 'Cy', paragraph: ELSEWHERE }),
    onChapter({ comment_id: 'plain', username: 'Di' }),
  ];
  const mark = (id: string) => document.getElementById(id)!.querySelector('.comment__paragraph');

  it("marks each 'On a paragraph', which opens its thread, while the chapter has it, else 'On an earlier version of this chapter'", async () => {
    stubFetch(() => json(200, { comments, likedComments: [] }));
    const threads: ParagraphThreads = { shows: (key) => key === HERE, open: vi.fn() };
    renderWithProviders(
      <ParagraphThreadsContext value={threads}>
        <CommentSection bookId={12} chapterId={7} />
      </ParagraphThreadsContext>,
    );
    await screen.findByText('Lin');
    fireEvent.click(within(document.getElementById('standing')!).getByRole('button', { name: ParagraphCommentText.onParagraph }));
    expect(threads.open).toHaveBeenCalledWith(HERE);
    expect(mark('revised')).toHaveTextContent(ParagraphCommentText.earlierVersion);
    expect(within(document.getElementById('revised')!).queryByRole('button', { name: /version/ })).toBeNull();
    // A reply shows under its comment, which has the mark; a comment on no paragraph has none.
    expect(mark('answer')).toBeNull();
    expect(mark('plain')).toBeNull();
  });

  it('marks nothing outside a chapter page', async () => {
    stubFetch(() => json(200, { comments, likedComments: [] }));
    renderWithProviders(<CommentSection bookId={12} chapterId={7} />);
    await screen.findByText('Lin');
    expect(document.querySelectorAll('.comment__paragraph')).toHaveLength(0);
  });
});
