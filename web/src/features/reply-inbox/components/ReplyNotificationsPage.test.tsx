import type { ReplyItem } from '@shelf/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { ReplyNotificationsPage } from './ReplyNotificationsPage';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

const reply = (overrides: Partial<ReplyItem> = {}): ReplyItem => ({
  comment_id: 'r1',
  comment_content: 'I **agree**, the ending was perfect. See [my fan art](https://art.example.com/1).',
  comment_time: '2026-01-01T00:00:00.000Z',
  parent_comment_id: 'p1',
  parent_comment_content: 'What an ending this chapter had! %He lives% [Spoilers here](https://wiki.example.com/ending)',
  username: 'Bo',
  book_id: 12,
  english_book_name: "The Moon's Reply: Part 2",
  chapter_id: 7,
  chapter_title: 'Chapter 7: Night Rain',
  notification_is_read: false,
  ...overrides,
});

function serve(replies: ReplyItem[], unreadCount: number) {
  const calls: string[] = [];
  stubFetch((url, init) => {
    calls.push(`${init.method} ${url}`);
    if (url.startsWith('/api/user/replies?')) return json(200, { replies, totalPages: 1 });
    if (url === '/api/user/replies/unread-count') return json(200, { unreadCount });
    return json(200, { message: 'Marked 1 reply as read.' });
  });
  return calls;
}

describe('ReplyNotificationsPage', () => {
  it('shows the unread count fetched before marking, reply cards with new-tab links, then marks the replies read', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const calls = serve([reply(), reply({ comment_id: 'r2', notification_is_read: true, chapter_id: undefined, chapter_title: undefined })], 1);
    renderWithProviders(<ReplyNotificationsPage />, '/user/reply-notification');
    expect(screen.getByRole('heading', { level: 1, name: 'Reply Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('You have 1 unread replies.')).toBeInTheDocument();
    const [unread, read] = await screen.findAllByRole('article');
    expect(unread).toHaveClass('reply-card--unread');
    expect(read).not.toHaveClass('reply-card--unread');

    const card = within(unread);
    const slug = '/12-the-moons-reply-part-2';
    expect(card.getByRole('link', { name: "The Moon's Reply: Part 2" })).toHaveAttribute('href', slug);
    expect(card.getByRole('link', { name: 'Chapter 7: Night Rain' })).toHaveAttribute('href', `${slug}/7`);
    expect(card.getByRole('link', { name: 'Your comment' })).toHaveAttribute('href', `${slug}/7#p1`);
    expect(card.getByRole('link', { name: 'View reply' })).toHaveAttribute('href', `${slug}/7#r1`);
    for (const link of card.getAllByRole('link')) expect(link).toHaveAttribute('target', '_blank');
    // What the commenters linked opens in a new tab too, without access to this page and without endorsement.
    for (const name of ['my fan art', 'Spoilers here']) {
      expect(card.getByRole('link', { name })).toHaveAttribute('target', '_blank');
      expect(card.getByRole('link', { name })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
    expect(card.getByText('What an ending this chapter had!', { exact: false }).closest('.clamp')).toHaveClass('clamp--5');
    // Spoilers stay hidden in the cards too.
    expect(card.getByRole('button', { name: 'Spoiler: show the hidden text' })).toHaveTextContent('He lives');
    expect(card.queryByText(/%He lives%/)).toBeNull();
    expect(card.getByText('agree').closest('.clamp')).toHaveClass('clamp--6');
    expect(card.getByText('Bo')).toBeInTheDocument();
    // A book-level reply links to the story only.
    expect(within(read).getByRole('link', { name: 'View reply' })).toHaveAttribute('href', `${slug}#r2`);
    expect(within(read).queryByRole('link', { name: 'Chapter 7: Night Rain' })).toBeNull();

    await waitFor(() => expect(calls).toContain('PUT /api/user/replies/mark-read'));
    expect(calls.indexOf('PUT /api/user/replies/mark-read')).toBeGreaterThan(calls.indexOf('GET /api/user/replies/unread-count'));
    expect(screen.getByText('You have 1 unread replies.')).toBeInTheDocument();
  });

  it('folds a reply on a chapter later than the one the reader is on until they ask to see it', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    serve([reply({ chapter_id: 42, reader_chapter_id: 17 }), reply({ comment_id: 'r2', comment_content: 'On the chapter you are on, shown as it is.' })], 0);
    renderWithProviders(<ReplyNotificationsPage />, '/user/reply-notification');
    const [folded, shown] = await screen.findAllByRole('article');
    const card = within(folded);
    expect(card.getByText('Comment on chapter 42 — you are on chapter 17')).toBeInTheDocument();
    expect(card.queryByText('agree')).toBeNull();
    // The reader's own comment is not a spoiler to them: it stays.
    expect(card.getByText('What an ending this chapter had!', { exact: false })).toBeInTheDocument();
    expect(within(shown).getByText('On the chapter you are on, shown as it is.')).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Show' })).toBeNull();

    fireEvent.click(card.getByRole('button', { name: 'Show' }));
    expect(card.getByText('agree')).toBeInTheDocument();
    expect(card.queryByText('Comment on chapter 42 — you are on chapter 17')).toBeNull();
  });

  it("shows 'No one has replied to you yet! Come back later!' without replies", async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    serve([], 0);
    renderWithProviders(<ReplyNotificationsPage />, '/user/reply-notification');
    expect(await screen.findByText('No one has replied to you yet! Come back later!')).toBeInTheDocument();
    expect(screen.getByText('You have 0 unread replies.')).toBeInTheDocument();
  });
});
