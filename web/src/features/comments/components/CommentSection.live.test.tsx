import { LivePush, LiveRequest } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { comment } from '../../../test/comments';
import { fakeLiveClient } from '../../../test/fake-socket';
import { json, stubFetch } from '../../../test/fetch';
import '../../../test/jsdom-polyfills';
import { renderWithProviders } from '../../../test/render';
import type { LiveClient } from '../../../shared/live/live-client';
import { LiveContext } from '../../../shared/live/live-context';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { CommentSection } from './CommentSection';

const me = { user_id: 'user-mine', username: 'me', email: 'me@example.com', email_verified: true };
const thread = { book_id: 12, chapter_id: 7 };
let running: LiveClient | null = null;
afterEach(() => running?.stop());

describe('CommentSection, live', () => {
  it('follows its thread and shows new comments, edits, like counts, removals and restorations without losing what is being typed', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: me });
    stubFetch((url) =>
      url.startsWith('/api/comment/show-comments')
        ? json(200, { comments: [comment({ comment_id: 'top', chapter_id: 7, username: 'Lin', comment_content: 'First version of the text.' })], likedComments: [] })
        : json(200, {}),
    );
    const { client, sockets } = fakeLiveClient();
    running = client;
    client.start();
    renderWithProviders(
      <LiveContext.Provider value={client}>
        <CommentSection bookId={12} chapterId={7} />
      </LiveContext.Provider>,
    );
    await screen.findByText('Lin');
    const socket = sockets[0];
    act(() => socket.serverAccepts());
    expect(socket.emitted).toContainEqual([LiveRequest.ThreadJoin, thread]);

    const top = () => within(document.getElementById('top')!);
    fireEvent.click(top().getByRole('button', { name: 'Reply' }));
    fireEvent.change(top().getByRole('textbox', { name: 'Write a reply' }), { target: { value: 'Half-written reply' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'Half-written comment' } });

    act(() => socket.push(LivePush.CommentCreated, { thread, comment: comment({ comment_id: 'live', chapter_id: 7, parent_comment_id: 'top', username: 'Bo' }) }));
    expect(await screen.findByText('Bo')).toBeInTheDocument();
    expect(within(document.getElementById('live')!).getByText('Reply to: Lin')).toBeInTheDocument();

    act(() => socket.push(LivePush.CommentEdited, { thread, comment: comment({ comment_id: 'top', chapter_id: 7, username: 'Lin', comment_content: 'Second version of the text.' }) }));
    expect(await top().findByText('Second version of the text.')).toBeInTheDocument();

    act(() => socket.push(LivePush.CommentLikeCount, { thread, comment_id: 'top', like_count: 5 }));
    await waitFor(() => expect(top().getByRole('button', { name: /Like this comment/ })).toHaveTextContent('5'));

    // Another thread's push changes nothing here.
    act(() => socket.push(LivePush.CommentCreated, { thread: { book_id: 12, chapter_id: 8 }, comment: comment({ comment_id: 'elsewhere', username: 'Zed' }) }));

    act(() =>
      socket.push(LivePush.CommentRemoved, {
        thread,
        comment: comment({ comment_id: 'live', chapter_id: 7, parent_comment_id: 'top', username: '[removed]', comment_content: 'This comment has been removed due to numerous reports.', report_count: 10, email_hash: null, user_id: null }),
      }),
    );
    expect(await screen.findByText('This comment has been removed due to numerous reports.')).toBeInTheDocument();
    expect(screen.queryByText('Zed')).toBeNull();

    // An operator restores it: the text and author are back, with no open reports.
    act(() =>
      socket.push(LivePush.CommentRestored, {
        thread,
        comment: comment({ comment_id: 'live', chapter_id: 7, parent_comment_id: 'top', username: 'Bo', comment_content: 'Restored words of Bo, back again.' }),
      }),
    );
    expect(await within(document.getElementById('live')!).findByText('Restored words of Bo, back again.')).toBeInTheDocument();
    expect(screen.queryByText('This comment has been removed due to numerous reports.')).toBeNull();
    expect(within(document.getElementById('live')!).getByText('Bo')).toBeInTheDocument();

    expect(top().getByRole('textbox', { name: 'Write a reply' })).toHaveValue('Half-written reply');
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('Half-written comment');
  });

  it("shows an author's new name on their comments, and replies to them, when a rename is pushed", async () => {
    stubFetch((url) =>
      url.startsWith('/api/comment/show-comments')
        ? json(200, {
            comments: [
              comment({ comment_id: 'top', chapter_id: 7, username: 'Lin', user_id: 'user-lin' }),
              comment({ comment_id: 'answer', chapter_id: 7, parent_comment_id: 'top', username: 'Bo', user_id: 'user-bo' }),
              comment({ comment_id: 'later', chapter_id: 7, username: 'Lin', user_id: 'user-lin' }),
            ],
            likedComments: [],
          })
        : json(200, {}),
    );
    const { client, sockets } = fakeLiveClient();
    running = client;
    client.start();
    renderWithProviders(
      <LiveContext.Provider value={client}>
        <CommentSection bookId={12} chapterId={7} />
      </LiveContext.Provider>,
    );
    expect(await screen.findAllByText('Lin')).toHaveLength(2);
    act(() => sockets[0].serverAccepts());

    act(() => sockets[0].push(LivePush.UserRenamed, { user_id: 'user-lin', username: 'Lin Yue' }));
    await waitFor(() => expect(screen.getAllByText('Lin Yue')).toHaveLength(2));
    expect(screen.queryByText('Lin')).toBeNull();
    expect(within(document.getElementById('answer')!).getByText('Reply to: Lin Yue')).toBeInTheDocument();
    expect(within(document.getElementById('answer')!).getByText('Bo')).toBeInTheDocument();
  });
});
