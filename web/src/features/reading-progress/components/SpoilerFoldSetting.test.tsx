import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { SpoilerFoldSetting } from './SpoilerFoldSetting';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

describe('SpoilerFoldSetting', () => {
  it('shows the account’s setting and saves a change through the API', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch((_url, init) => (init.method === 'PUT' ? json(200, { spoiler_fold: false }) : json(200, { spoiler_fold: true })));
    renderWithProviders(<SpoilerFoldSetting />);
    const box = screen.getByRole('checkbox', { name: 'Fold comments on chapters I have not reached yet' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    fireEvent.click(box);
    // At once, as the click leaves it (a browser test's uncheck reads the box straight after its click).
    expect(box).not.toBeChecked();
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/user/reader-settings');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ spoiler_fold: false });
  });

  it('shows the server’s message when the change is refused, and keeps the setting as it was', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch((_url, init) =>
      init.method === 'PUT' ? json(429, { message: 'You are doing that too often. Please wait a moment and try again.' }) : json(200, { spoiler_fold: true }),
    );
    renderWithProviders(<SpoilerFoldSetting />);
    const box = screen.getByRole('checkbox', { name: 'Fold comments on chapters I have not reached yet' });
    await waitFor(() => expect(box).toBeEnabled());
    fireEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are doing that too often. Please wait a moment and try again.');
    expect(box).toBeChecked();
  });
});
