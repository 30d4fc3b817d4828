import { type CommentView, type MutesResponse, MuteText } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommentSection } from './CommentSection';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { comment } from '../../../test/comments';
import { json, stubFetch } from '../../../test/fetch';
import '../../../test/jsdom-polyfills';
import { renderWithProviders } from '../../../test/render';

const me = { user_id: 'user-mine', username: 'me', email: 'me@example.com', email_verified: true };
const article = (id: string) => document.getElementById(id)!;
const lin = { user_id: 'user-lin', username: 'Lin', since: '2026-11-28T10:00:00.000Z' };

describe('muted and blocked readers in a comment section', () => {
  it('folds what the server marked, opens it on Show, and mutes, blocks (after asking) and unmutes from the More menu', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: me });
    const thread: CommentView[] = [
      comment({ comment_id: 'lin', user_id: 'user-lin', username: 'Lin', comment_content: 'A comment by Lin, who is muted.', author_relation: 'muted' }),
      comment({ comment_id: 'bo', user_id: 'user-bo', username: 'Bo', comment_content: 'A comment by Bo, nobody minds.' }),
      comment({ comment_id: 'bo-reply', parent_comment_id: 'lin', user_id: 'user-bo', username: 'Bo', comment_content: 'A reply by Bo under Lin.' }),
    ];
    let lists: MutesResponse = { muted: [lin], blocked: [] };
    const writes: string[] = [];
    stubFetch((url, init) => {
      if (url.startsWith('/api/comment/show-comments')) return json(200, { comments: thread, likedComments: [] });
      if (url.startsWith('/api/user/mutes')) {
        if (init.method === 'PUT') {
          const body = JSON.parse(init.body as string) as { user_id: string; relation: 'muted' | 'blocked' };
          writes.push(`PUT ${body.user_id} ${body.relation}`);
          lists = { ...lists, [body.relation]: [...lists[body.relation], { user_id: body.user_id, username: 'Bo', since: lin.since }] };
        } else if (init.method === 'DELETE') {
          writes.push(`DELETE ${url}`);
          lists = { ...lists, muted: [] };
        }
        return json(200, lists);
      }
      return json(404, { message: 'Not found.' });
    });
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('A comment by Bo, nobody minds.');

    expect(within(article('lin')).getByText(MuteText.mutedFold)).toBeInTheDocument();
    expect(within(article('lin')).queryByText('A comment by Lin, who is muted.')).not.toBeInTheDocument();
    expect(within(article('lin')).queryByText('Lin')).not.toBeInTheDocument();
    // Replies of others under a folded comment stay as they are.
    expect(within(article('bo-reply')).getByText('A reply by Bo under Lin.')).toBeInTheDocument();
    fireEvent.click(within(article('lin')).getByRole('button', { name: 'Show' }));
    expect(within(article('lin')).getByText('A comment by Lin, who is muted.')).toBeInTheDocument();

    // Bo's More menu: block, after a Yes.
    fireEvent.click(within(article('bo')).getByRole('button', { name: 'More actions for Bo' }));
    const block = await within(article('bo')).findByRole('button', { name: 'Block Bo' });
    // Enabled once the reader's lists are in.
    await waitFor(() => expect(block).toBeEnabled());
    await act(async () => fireEvent.click(block));
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Block Bo? Their comments fold for you, and they can no longer reply to your comments.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })));
    expect(await within(article('bo')).findByText(MuteText.blockedFold)).toBeInTheDocument();
    expect(within(article('bo-reply')).getByText(MuteText.blockedFold)).toBeInTheDocument();
    expect(writes).toEqual(['PUT user-bo blocked']);

    // Lin's menu (the comment shown): unmute, at once.
    fireEvent.click(within(article('lin')).getByRole('button', { name: 'More actions for Lin' }));
    const unmute = await within(article('lin')).findByRole('button', { name: 'Unmute Lin' });
    await waitFor(() => expect(unmute).toBeEnabled());
    await act(async () => fireEvent.click(unmute));
    expect(writes).toEqual(['PUT user-bo blocked', 'DELETE /api/user/mutes?user_id=user-lin&relation=muted']);
    await waitFor(() => expect(within(article('lin')).queryByRole('button', { name: 'Unmute Lin' })).not.toBeInTheDocument());
    expect(within(article('lin')).queryByText(MuteText.mutedFold)).not.toBeInTheDocument();
    expect(within(article('lin')).getByText('A comment by Lin, who is muted.')).toBeInTheDocument();
  });

  it('offers no More menu to visitors or on the reader’s own comments', async () => {
    const comments = [comment({ comment_id: 'bo', username: 'Bo' }), comment({ comment_id: 'mine', user_id: me.user_id, username: me.username })];
    stubFetch(() => json(200, { comments, likedComments: [] }));
    const { unmount } = renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Bo');
    expect(screen.queryByRole('button', { name: /^More actions/ })).not.toBeInTheDocument();
    unmount();
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: me });
    renderWithProviders(<CommentSection bookId={12} chapterId={null} />);
    await screen.findByText('Bo');
    expect(screen.getAllByRole('button', { name: /^More actions/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['More actions for Bo']);
  });
});
