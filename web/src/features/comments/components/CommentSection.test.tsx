import type { CommentView } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { comment } from '../../../test/comments';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import '../../../test/jsdom-polyfills';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { LazyMarkdown } from '../../../shared/markdown/components/LazyMarkdown';
import { Link } from '../../../shared/ui/Link';
import { CommentSection } from './CommentSection';

const me = { user_id: 'user-mine', username: 'me', email: 'me@example.com', email_verified: true };
const logIn = (user = me) => getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });

const thread: CommentView[] = [
  comment({ comment_id: 'top', username: 'Lin', comment_content: 'The %ending% made me cry so much.', like_count: 3 }),
  comment({ comment_id: 'mine', parent_comment_id: 'top', user_id: 'user-mine', username: 'me', comment_content: 'Same here, it was beautiful.' }),
  comment({ comment_id: 'gone', deleted_comment: true, username: '[deleted]', comment_content: '[deleted]', email_hash: null, user_id: null }),
  comment({ comment_id: 'under-gone', parent_comment_id: 'gone', username: 'Bo' }),
];

function serve(comments: CommentView[], liked: string[] = [], other: (url: string, init: RequestInit) => Response | undefined = () => undefined) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/comment/show-comments')) return json(200, { comments, likedComments: liked.map((comment_id) => ({ comment_id })) });
    return other(url, init) ?? json(200, { success: 1, message: 'ok' });
  });
}

const article = (id: string) => document.getElementById(id)!;

describe('CommentSection', () => {
  // The comment list waits for the Markdown renderer's chunk; compiling it once is this file's set-up, not a test's
  // wait (on a busy machine it took longer than a query's 5 s).
  beforeAll(() => LazyMarkdown.preload(), 60_000);

  it("shows 'Loading comments...', then the tree with Reply to: lines, avatars, Markdown and a spoiler revealed on click", async () => {
    const fetchMock = serve(thread);
    renderWithProviders(<CommentSection bookId={12} chapterId={7} />);
    expect(screen.getByText('Loading comments...')).toBeInTheDocument();
    await screen.findByText('Lin');
    expect(fetchMock).toHaveBeenCalledWith('/api/comment/show-comments?book_id=12&chapter_id=7&criteria=likes&limit=200', expect.anything());

    expect(within(article('mine')).getByText('Reply to: Lin')).toBeInTheDocument();
    expect(within(article('under-gone')).getByText('Reply to: [deleted]')).toBeInTheDocument();
    expect(article('top').querySelector('img')).toHaveAttribute('src', `https://gravatar.com/avatar/${'a'.repeat(64)}?d=identicon&s=80`);
    expect(article('gone').querySelector('img')).toHaveAttribute('src', '/avatar-fallback.svg');
    // The reply sits in the nested, indented list of its parent.
    expect(article('mine').closest('ul')).toHaveClass('comment-replies--indented');

    const spoiler = within(article('top')).getByRole('button', { name: 'Spoiler: show the hidden text' });
    fireEvent.click(spoiler);
    expect(article('top').querySelector('.spoiler-revealed')).toHaveTextContent('ending');
  });

  it('asks again in the chosen order', async () => {
    const fetchMock = serve(thread);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('likes');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Most Liked', 'Newest', 'Oldest']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'newest' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/comment/show-comments?book_id=12&chapter_id=&criteria=newest&limit=200', expect.anything()));
  });

  it("shows 'Nobody is here yet. Be the first to comment!' for an empty thread and 'Error loading comments.' on failure", async () => {
    serve([]);
    const { unmount } = renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    expect(await screen.findByText('Nobody is here yet. Be the first to comment!')).toBeInTheDocument();
    unmount();
    stubFetch(() => json(500, { message: 'Internal server error' }));
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    expect(await screen.findByText('Error loading comments.')).toBeInTheDocument();
  });

  it('collapses and expands replies', async () => {
    serve(thread);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    fireEvent.click(within(article('top')).getByRole('button', { name: 'Hide replies (1)' }));
    expect(document.getElementById('mine')).toBeNull();
    fireEvent.click(within(article('top')).getByRole('button', { name: 'Show replies (1)' }));
    expect(document.getElementById('mine')).not.toBeNull();
  });

  it('opens collapsed replies when a #link points at a comment inside them', async () => {
    serve(thread);
    renderWithProviders(
      <>
        <CommentSection bookId={12} chapterId={null} />
        <Link to="#mine">to my reply</Link>
      </>,
    );
    await screen.findByText('Lin');
    fireEvent.click(within(article('top')).getByRole('button', { name: 'Hide replies (1)' }));
    expect(document.getElementById('mine')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'to my reply' }));
    await waitFor(() => expect(article('mine')).toHaveClass('comment--highlighted'));
  });

  it('offers Edit and Delete only on your own comment, Report only on others, and none of them on a deleted one', async () => {
    logIn();
    serve(thread, ['top']);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    const names = (id: string) => within(article(id)).getAllByRole('button').map((button) => button.textContent?.trim());
    expect(names('mine')).toEqual(['♡ 0', 'Reply', 'Edit', 'Delete']);
    expect(names('top')).toEqual(['ending', '♥ 3', 'Reply', 'Report', 'More', 'Hide replies (1)']);
    expect(names('gone')).toEqual(['Reply', 'Hide replies (1)']);
    expect(within(article('top')).getByRole('button', { name: /Like this comment/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the reply and edit panels of a comment exclusive, and keeps the edit text while the list changes', async () => {
    logIn();
    serve(thread);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    const mine = within(article('mine'));
    fireEvent.click(mine.getByRole('button', { name: 'Reply' }));
    expect(mine.getByRole('textbox', { name: 'Write a reply' })).toBeInTheDocument();
    fireEvent.click(mine.getByRole('button', { name: 'Edit' }));
    expect(mine.queryByRole('textbox', { name: 'Write a reply' })).toBeNull();
    expect(mine.getByRole('textbox', { name: 'Edit your comment' })).toHaveValue('Same here, it was beautiful.');
    fireEvent.click(mine.getByRole('button', { name: 'Reply' }));
    expect(mine.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull();
  });

  it('asks before deleting, then shows the comment as [deleted]', async () => {
    logIn();
    const fetchMock = serve(thread);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    fireEvent.click(within(article('mine')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this comment?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })));
    expect(bodyOf(fetchMock, '/api/comment/delete-comments')).toEqual({ comment_id: 'mine' });
    await waitFor(() => expect(within(article('mine')).getByText('[deleted]', { selector: 'p' })).toBeInTheDocument());
  });

  it("asks before reporting and shows the server's answer", async () => {
    logIn();
    const fetchMock = serve(thread, [], (url) => (url.endsWith('report-comments') ? json(200, { success: 1, message: 'Thank you. The comment has been reported.' }) : undefined));
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    fireEvent.click(within(article('top')).getByRole('button', { name: 'Report' }));
    expect(screen.getByRole('dialog', { name: 'Please confirm' })).toHaveTextContent('Are you sure you want to report this comment?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes' })));
    expect(bodyOf(fetchMock, '/api/comment/report-comments')).toEqual({ comment_id: 'top' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Thank you. The comment has been reported.');
  });

  it('sends the reason the reader chose with a report, and starts the next report without one', async () => {
    logIn();
    const fetchMock = serve(thread, [], (url) => (url.endsWith('report-comments') ? json(200, { success: 1, message: 'Thank you. The comment has been reported.' }) : undefined));
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    fireEvent.click(within(article('top')).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Are you sure you want to report this comment?');
    const reason = within(dialog).getByRole('combobox', { name: 'Reason (optional)' });
    expect(reason).toHaveValue('');
    expect(within(reason).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No reason given',
      'Spam or advertising',
      'Harassment or hate',
      'Unmarked spoilers',
      'Off-topic',
      'Something else',
    ]);
    fireEvent.change(reason, { target: { value: 'spoilers' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })));
    expect(bodyOf(fetchMock, '/api/comment/report-comments')).toEqual({ comment_id: 'top', reason: 'spoilers' });
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(within(article('top')).getByRole('button', { name: 'Report' }));
    expect(within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('combobox', { name: 'Reason (optional)' })).toHaveValue('');
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog', { name: 'Please confirm' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/comment/report-comments')).toHaveLength(1);
  });

  it("asks a visitor to log in to like a comment: 'You must log in to like a comment.'", async () => {
    const fetchMock = serve(thread);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    fireEvent.click(within(article('top')).getByRole('button', { name: /Like this comment/ }));
    expect(screen.getByRole('dialog', { name: 'Log in required' })).toHaveTextContent('You must log in to like a comment.');
    expect(fetchMock.mock.calls.some(([url]) => url.includes('like-comments'))).toBe(false);
  });

  it('toggles a comment like at once, then calls the API; a 429 shows its message in a modal', async () => {
    logIn();
    const fetchMock = serve(thread, [], (url) =>
      url.endsWith('/like-comments') ? json(429, { success: 0, message: 'You are doing that too often. Please wait a moment and try again.' }) : undefined,
    );
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    const like = within(article('top')).getByRole('button', { name: /Like this comment/ });
    fireEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveTextContent('4');
    expect(bodyOf(fetchMock, '/api/comment/like-comments')).toEqual({ comment_id: 'top' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are doing that too often. Please wait a moment and try again.');
  });

  it('after posting, reloads the list and scrolls to the new comment, highlighted for 2 seconds', async () => {
    logIn();
    const comments = [...thread];
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/comment/show-comments')) return json(200, { comments, likedComments: [] });
      comments.push(comment({ comment_id: 'new', user_id: 'user-mine', username: 'me', comment_content: 'A brand new comment of mine here.' }));
      return json(200, { success: 1, message: 'Your comment has been posted.', comment_id: 'new' });
    });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Lin');
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'A brand new comment of mine here.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(document.getElementById('new')).toHaveClass('comment--highlighted'));
    expect(bodyOf(fetchMock, '/api/comment/post-comments')).toEqual({
      book_id: 12,
      chapter_id: null,
      parent_comment_id: null,
      comment_content: 'A brand new comment of mine here.',
      honeypot: '',
    });
    expect(scrolled).toHaveBeenCalled();
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('new'));
    await waitFor(() => expect(document.getElementById('new')).not.toHaveClass('comment--highlighted'), { timeout: 3000 });
  });

  it('scrolls to and highlights the comment of the address hash after loading', async () => {
    serve(thread);
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />, '/12-golden-stage#under-gone');
    await waitFor(() => expect(article('under-gone')).toHaveClass('comment--highlighted'));
    expect(scrolled.mock.contexts[0]).toBe(article('under-gone'));
  });

  it('shows the comments without a highlight when the address hash is malformed percent-encoding', async () => {
    serve(thread);
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />, '/12-golden-stage#%E0%A4%A');
    await screen.findByText('Lin');
    expect(document.querySelector('.comment--highlighted')).toBeNull();
  });
});
