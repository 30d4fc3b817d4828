import type { AuditEntry, AuditResponse } from '@shelf/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { AuditPage } from './AuditPage';

const operator = { user_id: 'op-1', username: 'Mod', email: 'mod@example.com', email_verified: true };
const logIn = () => getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: operator });

const entry = (overrides: Partial<AuditEntry> & { event_id: string }): AuditEntry => ({
  type: 'comment.restored.v1',
  actor: 'op-1',
  actor_name: 'Mod',
  target: 'comment-77',
  target_kind: 'comment',
  occurred_at: '2026-11-23T10:00:00.000Z',
  summary: 'Restored, 10 reports dismissed',
  ...overrides,
});

function serve(answer: (query: URLSearchParams) => AuditResponse) {
  return stubFetch((url) => {
    if (url === '/api/admin/me') return json(200, { operator: true, user_id: 'op-1', username: 'Mod' });
    if (url.startsWith('/api/admin/audit?') || url === '/api/admin/audit') return json(200, answer(new URL(url, 'http://x').searchParams));
    return json(404, { message: 'Not found' });
  });
}

const auditCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/admin/audit?') || url === '/api/admin/audit');

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

describe('AuditPage', () => {
  it('lists who did what to which comment or account, newest first, with readable event names', async () => {
    logIn();
    serve(() => ({
      entries: [
        entry({ event_id: 'e1' }),
        entry({
          event_id: 'e2',
          type: 'user.operator-granted.v1',
          actor: 'operators-cli:root',
          actor_name: null,
          target: 'op-1',
          target_kind: 'user',
          summary: 'Operator role granted',
        }),
      ],
      page: 1,
      has_more: false,
    }));
    renderWithProviders(<AuditPage />, '/admin/audit');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit trail, newest first' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Time', 'Actor', 'Action', 'Target']);
    const [, restored, granted] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(restored).slice(1)).toEqual(['Modop-1', 'Comment restoredRestored, 10 reports dismissed', 'Commentcomment-77']);
    expect(within(restored).getByRole('cell', { name: /Comment restored/ })).toHaveAttribute('data-label', 'Action');
    expect(cells(granted).slice(1)).toEqual(['operators-cli:root', 'Operator role granted', 'Userop-1']);
    expect(within(restored).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute('datetime', '2026-11-23T10:00:00.000Z');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('reads the filters from the address, asks for them (days as whole local days) and keeps new ones in the address', async () => {
    logIn();
    const fetchMock = serve(() => ({ entries: [], page: 1, has_more: false }));
    renderWithProviders(
      <>
        <AuditPage />
        <Address />
      </>,
      '/admin/audit?actor=op-1&type=comment.restored.v1&from=2026-11-01&to=2026-11-23&type2=x',
    );
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    const first = new URLSearchParams(auditCalls(fetchMock)[0].split('?')[1]);
    expect(first.get('actor')).toBe('op-1');
    expect(first.get('type')).toBe('comment.restored.v1');
    expect(first.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(first.get('to')).toBe(new Date(new Date(2026, 10, 24).getTime() - 1).toISOString());
    expect(first.get('page')).toBe('1');
    expect(first.has('target')).toBe(false);

    expect(screen.getByRole('textbox', { name: /Actor/ })).toHaveValue('op-1');
    expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('comment.restored.v1');
    fireEvent.change(screen.getByRole('textbox', { name: /Target/ }), { target: { value: ' user-9 ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Event' }), { target: { value: 'user.commenting-suspended.v1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent('?actor=op-1&target=user-9&type=user.commenting-suspended.v1&from=2026-11-01&to=2026-11-23'),
    );
    await waitFor(() => expect(auditCalls(fetchMock)).toHaveLength(2));
    expect(new URLSearchParams(auditCalls(fetchMock)[1].split('?')[1]).get('target')).toBe('user-9');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('address')).toBeEmptyDOMElement());
    expect(await screen.findByText('The audit trail is empty.')).toBeInTheDocument();
    expect(auditCalls(fetchMock).at(-1)).toBe('/api/admin/audit?page=1');
  });

  it('offers every audited event type by name', async () => {
    logIn();
    serve(() => ({ entries: [], page: 1, has_more: false }));
    renderWithProviders(<AuditPage />, '/admin/audit');
    const options = within(await screen.findByRole('combobox', { name: 'Event' })).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      '',
      'comment.reported.v2',
      'comment.reported.v1',
      'comment.removed.v1',
      'comment.removed-by-operator.v1',
      'comment.reports-dismissed.v1',
      'comment.restored.v1',
      'user.commenting-suspended.v1',
      'user.commenting-suspension-lifted.v1',
      'user.password-reset-requested.v1',
      'user.password-reset.v2',
      'user.password-reset.v1',
      'user.password-changed.v2',
      'user.password-changed.v1',
      'user.operator-granted.v1',
      'user.operator-revoked.v1',
      'user.data-exported.v1',
      'user.erasure-requested.v1',
      'user.erased.v1',
    ]);
    expect(options[0]).toHaveTextContent('Any event');
    expect(options[8]).toHaveTextContent('Commenting suspension lifted');
  });

  it('refuses a "From" day after the "To" day', async () => {
    logIn();
    const fetchMock = serve(() => ({ entries: [], page: 1, has_more: false }));
    renderWithProviders(<AuditPage />, '/admin/audit');
    await screen.findByText('The audit trail is empty.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-23' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(within(screen.getByRole('form', { name: 'Filter the audit trail' })).getByRole('alert')).toHaveTextContent(
      'The "From" day must not be after the "To" day.',
    );
    expect(auditCalls(fetchMock)).toHaveLength(1);
  });

  it('pages to older and newer entries, keeping the filters', async () => {
    logIn();
    const fetchMock = serve((query) => ({
      entries: [entry({ event_id: `e${query.get('page')}`, summary: `Entry of page ${query.get('page')}` })],
      page: Number(query.get('page')),
      has_more: query.get('page') === '1',
    }));
    renderWithProviders(
      <>
        <AuditPage />
        <Address />
      </>,
      '/admin/audit?actor=op-1',
    );
    await screen.findByText('Entry of page 1');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Entry of page 2')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('?actor=op-1&page=2');
    expect(auditCalls(fetchMock).at(-1)).toBe('/api/admin/audit?actor=op-1&page=2');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Entry of page 1')).toBeInTheDocument();
  });

  it('exports the filtered trail as CSV with the bearer token and saves it as a file', async () => {
    logIn();
    const fetchMock = stubFetch((url) => {
      if (url === '/api/admin/me') return json(200, { operator: true, user_id: 'op-1', username: 'Mod' });
      if (url.startsWith('/api/admin/audit.csv')) {
        return new Response('event_id,type\ne1,comment.restored.v1\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-2026-11-23.csv"' },
        });
      }
      return json(200, { entries: [], page: 1, has_more: false });
    });
    const created = vi.fn(() => 'blob:audit');
    const revoked = vi.fn();
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: created, revokeObjectURL: revoked }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderWithProviders(<AuditPage />, '/admin/audit?type=comment.restored.v1');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls.find(([called]) => called.startsWith('/api/admin/audit.csv'))!;
    expect(url).toBe('/api/admin/audit.csv?type=comment.restored.v1');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer t');
    expect(clicked[0].download).toBe('audit-2026-11-23.csv');
    expect(clicked[0].getAttribute('href')).toBe('blob:audit');
    expect(await (created.mock.calls[0] as unknown as [Blob])[0].text()).toContain('e1,comment.restored.v1');
    click.mockRestore();
  });

  it("shows a failed export's message", async () => {
    logIn();
    stubFetch((url) => {
      if (url === '/api/admin/me') return json(200, { operator: true, user_id: 'op-1', username: 'Mod' });
      if (url.startsWith('/api/admin/audit.csv')) return json(503, { message: 'The store is not answering. Please try again shortly.' });
      return json(200, { entries: [], page: 1, has_more: false });
    });
    renderWithProviders(<AuditPage />, '/admin/audit');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('The store is not answering. Please try again shortly.'));
  });

  it('tells a visitor the page is for operators', () => {
    stubFetch(() => json(200, {}));
    renderWithProviders(<AuditPage />, '/admin/audit');
    expect(screen.getByText('This page is for operators.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
