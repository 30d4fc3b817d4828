import { LivePush, LiveRequest, type ModerationContextResponse, type ModerationItem, type ModerationQueueResponse } from '@shelf/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { fakeLiveClient } from '../../../test/fake-socket';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import { moderationContext, moderationItem, moderatedComment } from '../../../test/moderation';
import { renderWithProviders } from '../../../test/render';
import type { LiveClient } from '../../../shared/live/live-client';
import { LiveContext } from '../../../shared/live/live-context';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { ModerationPage } from './ModerationPage';
import { QueueDashboardLink } from './QueueDashboardLink';

const operator = { user_id: 'op-1', username: 'Mod', email: 'mod@example.com', email_verified: true };
const logIn = () => getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: operator });
const ME = { operator: true, user_id: 'op-1', username: 'Mod' };

let running: LiveClient | null = null;
afterEach(() => {
  running?.stop();
  running = null;
});

const queue = (items: ModerationItem[], overrides: Partial<ModerationQueueResponse> = {}): ModerationQueueResponse => ({
  items,
  total: items.length,
  page: 1,
  pages: 1,
  ...overrides,
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

/** An operator's API: /admin/me says yes, the queue answers `queueOf(view, page)`, `other` answers the rest. */
function serve(queueOf: (view: string, page: number) => ModerationQueueResponse, other: Answer = () => undefined) {
  return stubFetch((url, init) => {
    if (url === '/api/admin/me') return json(200, ME);
    const listed = /^\/api\/admin\/moderation\?view=(\w+)&page=(\d+)$/.exec(url);
    if (listed) return json(200, queueOf(listed[1], Number(listed[2])));
    return other(url, init) ?? json(404, { statusCode: 404, message: `no answer for ${url}` });
  });
}

const queueCalls = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/admin/moderation?'));

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

const card = (name: string) => within(screen.getByRole('article', { name: `Comment by ${name}` }));

describe('ModerationPage', () => {
  const open = moderationItem('c1', {
    comment: moderatedComment({ comment_id: 'c1', username: 'Spammer', comment_content: 'Buy **cheap** coins at example.com now please' }),
    reasons: { spam: 2, none: 1 },
    open_reports: 3,
    total_reports: 4,
  });
  const removed = moderationItem('c2', {
    comment: moderatedComment({ comment_id: 'c2', username: 'Loud', chapter_id: null, removed: true, comment_content: 'A removed comment that readers no longer see.' }),
    status: 'removed',
    removed_by: 'reports',
    open_reports: 10,
    total_reports: 10,
    reasons: { harassment: 10 },
  });

  it('lists the reported comments with where they were written, their reports, reasons, status and the decisions that apply', async () => {
    logIn();
    serve(() => queue([open, removed]));
    renderWithProviders(<ModerationPage />, '/admin/moderation');
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(await screen.findByText('2 comments need review.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Needs review' })).toHaveAttribute('aria-current', 'page');

    const first = card('Spammer');
    expect(first.getByText('cheap').tagName).toBe('STRONG');
    expect(first.getByRole('link', { name: "The Moon's Reply" })).toHaveAttribute('href', '/12-the-moons-reply');
    expect(first.getByRole('link', { name: 'Chapter 7' })).toHaveAttribute('href', '/12-the-moons-reply/7');
    expect(first.getByRole('link', { name: 'View comment' })).toHaveAttribute('href', '/12-the-moons-reply/7#c1');
    expect(first.getByText('3 open of 4')).toBeInTheDocument();
    expect(first.getByText('Spam or advertising (2), No reason given (1)')).toBeInTheDocument();
    expect(first.getByText('Reports open')).toBeInTheDocument();
    expect(first.getAllByRole('button').map((button) => button.textContent)).toEqual(['Dismiss reports', 'Remove', 'Context']);

    const second = card('Loud');
    expect(second.getByText('Removed by reports')).toBeInTheDocument();
    expect(second.getByText('A removed comment that readers no longer see.')).toBeInTheDocument();
    expect(second.getByRole('link', { name: 'View comment' })).toHaveAttribute('href', '/12-the-moons-reply#c2');
    expect(second.queryByRole('link', { name: /Chapter/ })).toBeNull();
    expect(second.getAllByRole('button').map((button) => button.textContent)).toEqual(['Restore', 'Context']);
  });

  it("shows the answer's message after a decision and fetches the queue again; a refusal shows the server's message", async () => {
    logIn();
    const fetchMock = serve(
      () => queue([open]),
      (url) => {
        if (url === '/api/admin/moderation/remove') return json(200, { message: 'The comment has been removed.' });
        if (url === '/api/admin/moderation/dismiss') return json(400, { statusCode: 400, message: 'There are no open reports to dismiss.' });
        return undefined;
      },
    );
    renderWithProviders(<ModerationPage />, '/admin/moderation');
    await screen.findByText('1 comment needs review.');
    expect(queueCalls(fetchMock)).toHaveLength(1);

    fireEvent.click(card('Spammer').getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The comment has been removed.');
    expect(bodyOf(fetchMock, '/api/admin/moderation/remove')).toEqual({ comment_id: 'c1' });
    await waitFor(() => expect(queueCalls(fetchMock)).toHaveLength(2));

    await waitFor(() => expect(card('Spammer').getByRole('button', { name: 'Dismiss reports' })).toBeEnabled());
    fireEvent.click(card('Spammer').getByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There are no open reports to dismiss.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    fireEvent.click(screen.getByRole('button', { name: 'Close the notice' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('restores a removed comment', async () => {
    logIn();
    const fetchMock = serve(
      () => queue([removed]),
      (url) => (url === '/api/admin/moderation/restore' ? json(200, { message: 'The comment has been restored.' }) : undefined),
    );
    renderWithProviders(<ModerationPage />, '/admin/moderation');
    await screen.findByRole('article', { name: 'Comment by Loud' });
    fireEvent.click(card('Loud').getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The comment has been restored.');
    expect(bodyOf(fetchMock, '/api/admin/moderation/restore')).toEqual({ comment_id: 'c2' });
  });

  it('keeps the view in the address, and says when a view is empty', async () => {
    logIn();
    const fetchMock = serve((view) => (view === 'removed' ? queue([removed]) : queue([])));
    renderWithProviders(
      <>
        <ModerationPage />
        <Address />
      </>,
      '/admin/moderation',
    );
    expect(await screen.findByText('No reported comments need review.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Removed' }));
    expect(await screen.findByText('1 removed comment.')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('?view=removed');
    expect(screen.getByRole('link', { name: 'Removed' })).toHaveAttribute('aria-current', 'page');
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/moderation?view=removed&page=1', expect.anything());
    fireEvent.click(screen.getByRole('link', { name: 'All' }));
    expect(await screen.findByText('No comment has been reported.')).toBeInTheDocument();
  });

  it('pages through the queue and keeps the reader at the list', async () => {
    logIn();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const fetchMock = serve((_view, page) =>
      queue([moderationItem(`p${page}`, { comment: moderatedComment({ comment_id: `p${page}`, username: `Writer${page}` }) })], { total: 21, pages: 2, page }),
    );
    renderWithProviders(
      <>
        <ModerationPage />
        <Address />
      </>,
      '/admin/moderation?view=all',
    );
    await screen.findByRole('article', { name: 'Comment by Writer1' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Comment by Writer2' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/moderation?view=all&page=2', expect.anything());
    expect(screen.getByTestId('address')).toHaveTextContent('?view=all&page=2');
    expect(scrolled).toHaveBeenCalled();
    expect(document.activeElement).toHaveTextContent('All');
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it("shows the comment in context, and suspends its author for the chosen time with a required reason", async () => {
    logIn();
    let context: ModerationContextResponse = moderationContext(open);
    const fetchMock = serve(
      () => queue([open]),
      (url) => {
        if (url === '/api/admin/moderation/comments/c1') return json(200, context);
        if (url === '/api/admin/moderation/suspend') {
          context = moderationContext(open, { author: { ...context.author, suspension: { until: null, reason: 'Spam, again and again.' } } });
          return json(200, { message: 'Spammer can no longer comment.' });
        }
        if (url === '/api/admin/moderation/lift-suspension') return json(200, { message: 'Spammer can comment again.' });
        return undefined;
      },
    );
    renderWithProviders(<ModerationPage />, '/admin/moderation');
    await screen.findByRole('article', { name: 'Comment by Spammer' });
    const toggle = card('Spammer').getByRole('button', { name: 'Context' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = within(await screen.findByRole('region', { name: 'Comment in context' }));
    expect(await panel.findByText('hello')).toBeInTheDocument();
    expect(panel.getByRole('heading', { name: 'Replies (1)' })).toBeInTheDocument();
    expect(panel.getByText('A reply to the reported comment.')).toBeInTheDocument();
    expect(panel.getByRole('heading', { name: 'Author: Spammer' })).toBeInTheDocument();
    expect(panel.getByText('An older comment elsewhere.')).toBeInTheDocument();
    expect(panel.getByRole('article', { name: 'Comment by author-older' }).querySelector('a')).toHaveAttribute('href', '/40#older');
    expect(panel.getByText('Can comment.')).toBeInTheDocument();

    const form = within(panel.getByRole('form', { name: 'Suspend Spammer from commenting' }));
    const length = form.getByRole('combobox', { name: 'Suspend for' });
    expect(within(length).getAllByRole('option').map((option) => option.textContent)).toEqual(['1 day', '7 days', '30 days', 'For good']);
    fireEvent.click(form.getByRole('button', { name: 'Suspend' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please give a reason for the suspension.');
    expect(bodyOf(fetchMock, '/api/admin/moderation/suspend')).toBeUndefined();

    fireEvent.change(length, { target: { value: 'forever' } });
    fireEvent.change(form.getByRole('textbox', { name: /Reason/ }), { target: { value: '  Spam, again and again.  ' } });
    fireEvent.click(form.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Spammer can no longer comment.');
    expect(bodyOf(fetchMock, '/api/admin/moderation/suspend')).toEqual({ user_id: 'user-c1', days: null, reason: 'Spam, again and again.' });

    expect(await panel.findByText('Suspended from commenting for good.')).toBeInTheDocument();
    expect(panel.getByText('Reason: Spam, again and again.')).toBeInTheDocument();
    fireEvent.click(panel.getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Spammer can comment again.'));
    expect(bodyOf(fetchMock, '/api/admin/moderation/lift-suspension')).toEqual({ user_id: 'user-c1' });
  });

  it("follows the operators' room and fetches the queue again when it changes, so new reports appear without reloading", async () => {
    logIn();
    let items = [open];
    const fetchMock = serve(() => queue(items));
    const { client, sockets } = fakeLiveClient();
    running = client;
    client.start();
    renderWithProviders(
      <LiveContext.Provider value={client}>
        <ModerationPage />
      </LiveContext.Provider>,
      '/admin/moderation',
    );
    await screen.findByText('1 comment needs review.');
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0].serverAccepts());
    expect(sockets[0].emitted).toContainEqual([LiveRequest.ModerationJoin, undefined]);

    items = [open, moderationItem('c3', { comment: moderatedComment({ comment_id: 'c3', username: 'Newcomer' }) })];
    act(() => sockets[0].push(LivePush.ModerationChanged, { comment_id: 'c3', open_reports: 1 }));
    act(() => sockets[0].push(LivePush.ModerationChanged, { comment_id: 'c3', open_reports: 2 }));
    expect(await screen.findByRole('article', { name: 'Comment by Newcomer' })).toBeInTheDocument();
    expect(screen.getByText('2 comments need review.')).toBeInTheDocument();
    // Two pushes close together cost one refetch.
    expect(queueCalls(fetchMock)).toHaveLength(2);
  });

  it("tells a visitor the page is for operators and offers the login, asking the API nothing", () => {
    const fetchMock = stubFetch(() => json(200, {}));
    renderWithProviders(<ModerationPage />, '/admin/moderation');
    expect(screen.getByText('This page is for operators.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/user/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a reader without the operator role the page is for operators (a 403 is no failure)', async () => {
    logIn();
    const fetchMock = stubFetch(() => json(403, { statusCode: 403, message: 'This page is for operators.' }));
    renderWithProviders(<ModerationPage />, '/admin/moderation');
    expect(await screen.findByText('This page is for operators.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/admin/me']);
  });

  it("shows the queue's failure", async () => {
    logIn();
    stubFetch((url) => (url === '/api/admin/me' ? json(200, ME) : json(503, { message: 'The store is not answering. Please try again shortly.' })));
    renderWithProviders(<ModerationPage />, '/admin/moderation');
    expect(await screen.findByText('Error: The store is not answering. Please try again shortly.')).toBeInTheDocument();
  });
});

describe('QueueDashboardLink', () => {
  it('opens the dashboard session, then goes to /admin/queues', async () => {
    logIn();
    const fetchMock = stubFetch(() => json(200, { message: 'The queue dashboard is open to you for 15 minutes at /admin/queues.' }));
    const open = vi.fn();
    renderWithProviders(<QueueDashboardLink onNotice={() => undefined} open={open} />);
    const link = screen.getByRole('link', { name: 'Queue dashboard' });
    expect(link).toHaveAttribute('href', '/admin/queues');
    fireEvent.click(link);
    await waitFor(() => expect(open).toHaveBeenCalledWith('/admin/queues'));
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/queue-dashboard-session', expect.objectContaining({ method: 'POST' }));
  });

  it("shows why the session was refused and stays", async () => {
    logIn();
    stubFetch(() => json(403, { statusCode: 403, message: 'This page is for operators.' }));
    const open = vi.fn();
    const onNotice = vi.fn();
    renderWithProviders(<QueueDashboardLink onNotice={onNotice} open={open} />);
    fireEvent.click(screen.getByRole('link', { name: 'Queue dashboard' }));
    await waitFor(() => expect(onNotice).toHaveBeenCalledWith({ text: 'This page is for operators.', isError: true }));
    expect(open).not.toHaveBeenCalled();
  });
});
