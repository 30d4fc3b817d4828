import { LivePush, type ReplyItem } from '@shelf/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { fakeLiveClient } from '../../../test/fake-socket';
import { json, stubFetch } from '../../../test/fetch';
import { badgeKeys } from '../../badges/queries';
import type { LiveClient } from '../../../shared/live/live-client';
import { LiveContext } from '../../../shared/live/live-context';
import { replyKeys } from '../queries';
import { ReplyNotificationsPage } from './ReplyNotificationsPage';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };
const reply = (id: string, read = false): ReplyItem => ({
  comment_id: id,
  comment_content: `Reply ${id} to your comment, in a few words.`,
  comment_time: '2026-01-01T00:00:00.000Z',
  parent_comment_id: 'p1',
  parent_comment_content: 'Your comment about the ending.',
  username: 'Bo',
  book_id: 12,
  english_book_name: 'A Story',
  notification_is_read: read,
});

let running: LiveClient | null = null;
afterEach(() => running?.stop());

function renderPage(queryClient: QueryClient, live?: LiveClient) {
  const page: ReactNode = live ? <LiveContext.Provider value={live}><ReplyNotificationsPage /></LiveContext.Provider> : <ReplyNotificationsPage />;
  return render(
    <JotaiProvider store={getAppStore()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/user/reply-notification']}>{page}</MemoryRouter>
      </QueryClientProvider>
    </JotaiProvider>,
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 300_000 } } });

describe('Reply Notifications and the reply badge agree', () => {
  it('marks replies read only once the list is fetched afresh, never on a list kept from an earlier visit', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const queryClient = newClient();
    // The list as an earlier visit left it, within the app's 5-minute freshness: no replies then.
    queryClient.setQueryData(replyKeys.page('u1', 1), { replies: [], totalPages: 0 });
    let answerList: () => void = () => undefined;
    const calls: string[] = [];
    stubFetch((url, init) => {
      calls.push(`${init.method} ${url}`);
      if (url.startsWith('/api/user/replies?')) return new Promise((resolve) => (answerList = () => resolve(json(200, { replies: [reply('r1')], totalPages: 1 }))));
      if (url === '/api/user/replies/unread-count') return json(200, { unreadCount: 1 });
      return json(200, { message: 'Marked 1 reply as read.' });
    });
    renderPage(queryClient);
    expect(await screen.findByText('You have 1 unread replies.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The reply the count speaks of is not on screen yet: nothing is marked read before it is.
    expect(calls).not.toContain('PUT /api/user/replies/mark-read');

    act(() => answerList());
    expect(await screen.findByRole('article')).toHaveClass('reply-card--unread');
    await waitFor(() => expect(calls).toContain('PUT /api/user/replies/mark-read'));
    expect(queryClient.getQueryData(badgeKeys.unreadReplies('u1'))).toEqual({ unreadCount: 0 });
  });

  it('shows a reply that comes while the page is open, with the count, then marks it read too', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    let replies = [reply('r1', true)];
    let unread = 0;
    const calls: string[] = [];
    stubFetch((url, init) => {
      calls.push(`${init.method} ${url}`);
      if (url.startsWith('/api/user/replies?')) return json(200, { replies, totalPages: 1 });
      if (url === '/api/user/replies/unread-count') return json(200, { unreadCount: unread });
      return json(200, { message: 'No unread replies.' });
    });
    const { client, sockets } = fakeLiveClient();
    running = client;
    client.start();
    const queryClient = newClient();
    renderPage(queryClient, client);
    expect(await screen.findByText('You have 0 unread replies.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call === 'PUT /api/user/replies/mark-read')).toHaveLength(1));
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0].serverAccepts());

    // Our own mark, projected: nothing to fetch.
    act(() => sockets[0].push(LivePush.BadgesChanged, { unreadReplies: 0, uncheckedUpdates: 0 }));
    // Somebody replies: the badge rises, and the page takes the reply in.
    replies = [reply('r2'), reply('r1', true)];
    unread = 1;
    act(() => sockets[0].push(LivePush.BadgesChanged, { unreadReplies: 1, uncheckedUpdates: 0 }));
    expect(await screen.findByText('You have 1 unread replies.')).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveClass('reply-card--unread');
    await waitFor(() => expect(calls.filter((call) => call === 'PUT /api/user/replies/mark-read')).toHaveLength(2));
    await waitFor(() => expect(queryClient.getQueryData(badgeKeys.unreadReplies('u1'))).toEqual({ unreadCount: 0 }));
    expect(calls.filter((call) => call.startsWith('GET /api/user/replies?'))).toHaveLength(2);
  });
});
