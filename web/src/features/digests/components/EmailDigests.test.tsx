import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { EmailDigests } from './EmailDigests';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('EmailDigests', () => {
  it('shows the reader’s choices and sends a new one with the browser’s time zone', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch((url, init) =>
      init.method === 'PUT' ? json(200, { replies: 'none', chapters: 'weekly', time_zone: zone }) : json(200, { replies: 'daily', chapters: 'none', time_zone: 'Asia/Tokyo' }),
    );
    renderWithProviders(<EmailDigests />);
    const replies = await screen.findByRole('group', { name: 'Replies to my comments' });
    await waitFor(() => expect(within(replies).getByRole('radio', { name: 'Daily' })).toBeChecked());
    expect(screen.getByText('Time zone: Asia/Tokyo')).toBeInTheDocument();

    const chapters = screen.getByRole('group', { name: 'New chapters of stories I like or have on a shelf' });
    fireEvent.click(within(chapters).getByRole('radio', { name: 'Weekly (Mondays)' }));
    await screen.findByText('Saved.');
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/user/digests' && init?.method === 'PUT');
    expect(JSON.parse(put![1]!.body as string)).toEqual({ kind: 'chapters', frequency: 'weekly', time_zone: zone });
    expect(within(chapters).getByRole('radio', { name: 'Weekly (Mondays)' })).toBeChecked();
  });

  it('asks an unverified reader to verify first, with the choices disabled', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: { ...user, email_verified: false } });
    stubFetch(() => json(200, { replies: 'none', chapters: 'none', time_zone: null }));
    renderWithProviders(<EmailDigests />);
    expect(screen.getByText('Verify your e-mail to get digests.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Replies to my comments' })).getByRole('radio', { name: 'None' })).toBeDisabled());
  });

  it('shows a refusal', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch((url, init) => (init.method === 'PUT' ? json(429, { message: 'You are doing that too often. Please wait a moment and try again.' }) : json(200, { replies: 'none', chapters: 'none', time_zone: null })));
    renderWithProviders(<EmailDigests />);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Replies to my comments' })).getByRole('radio', { name: 'Daily' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are doing that too often. Please wait a moment and try again.');
  });
});
