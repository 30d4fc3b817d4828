import type { MutesResponse } from '@shelf/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSessionAtom } from '../../../../shared/state/session.atoms';
import { getAppStore } from '../../../../shared/state/store';
import { json, stubFetch } from '../../../../test/fetch';
import '../../../../test/jsdom-polyfills';
import { renderWithProviders } from '../../../../test/render';
import { MutedReaders } from './MutedReaders';

const since = '2026-11-28T10:00:00.000Z';

describe('MutedReaders', () => {
  it('lists the muted and blocked readers, and unmutes and unblocks them', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: { user_id: 'u1', username: 'me', email: 'me@example.com', email_verified: true } });
    let lists: MutesResponse = { muted: [{ user_id: 'u2', username: 'Lin', since }], blocked: [{ user_id: 'u3', username: 'Bo', since }] };
    const calls: string[] = [];
    stubFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (init.method === 'DELETE') lists = url.includes('relation=muted') ? { ...lists, muted: [] } : { ...lists, blocked: [] };
      return json(200, lists);
    });
    renderWithProviders(<MutedReaders />);
    const muted = await screen.findByRole('region', { name: 'Muted readers' });
    const blocked = screen.getByRole('region', { name: 'Blocked readers' });
    expect(within(muted).getByText('Lin')).toBeInTheDocument();
    expect(within(blocked).getByText('Bo')).toBeInTheDocument();

    await act(async () => fireEvent.click(within(muted).getByRole('button', { name: 'Unmute Lin' })));
    expect(await within(muted).findByText('You have not muted anyone.')).toBeInTheDocument();
    await act(async () => fireEvent.click(within(blocked).getByRole('button', { name: 'Unblock Bo' })));
    expect(await within(blocked).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/user/mutes', 'DELETE /api/user/mutes?user_id=u2&relation=muted', 'DELETE /api/user/mutes?user_id=u3&relation=blocked']);
  });
});
