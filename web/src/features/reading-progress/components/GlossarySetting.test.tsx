import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { KEPT_SETTINGS_KEY } from '../reader-settings.queries';
import { GlossarySetting } from './GlossarySetting';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };
const chosen = { spoiler_fold: true, glossary_marks: true, title_forms: [{ title: 'shixiong', form: 'rendering' }] };

describe('GlossarySetting', () => {
  it('turns the marks off and puts a chosen title back as written, through the API', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch((url, init) => {
      if (init.method !== 'PUT') return json(200, chosen);
      return String(url).endsWith('/titles') ? json(200, { ...chosen, title_forms: [] }) : json(200, { ...chosen, glossary_marks: false });
    });
    renderWithProviders(<GlossarySetting />);
    const box = screen.getByRole('checkbox', { name: 'Mark glossary names and terms in chapters' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    expect(screen.getByRole('listitem')).toHaveTextContent('shixiong: the translation');
    fireEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Read shixiong as written' }));
    expect(await screen.findByText('None yet: tap a title in a chapter to choose how you read it.')).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url, init]) => [url, JSON.parse(init?.body as string)]);
    expect(puts).toEqual([
      ['/api/user/reader-settings', { glossary_marks: false }],
      ['/api/user/reader-settings/titles', { title: 'shixiong', form: 'as_written' }],
    ]);
    // Kept in this browser for reading offline.
    expect(JSON.parse(localStorage.getItem(KEPT_SETTINGS_KEY)!)).toEqual({ user_id: 'u1', settings: { ...chosen, title_forms: [] } });
  });

  it('shows the settings this browser kept when the API cannot be reached, and only for the same reader', async () => {
    localStorage.setItem(KEPT_SETTINGS_KEY, JSON.stringify({ user_id: 'u1', settings: chosen }));
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<GlossarySetting />);
    expect(await screen.findByText('shixiong')).toBeInTheDocument();
  });

  it('shows nothing kept for another reader', async () => {
    localStorage.setItem(KEPT_SETTINGS_KEY, JSON.stringify({ user_id: 'someone else', settings: chosen }));
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<GlossarySetting />);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Your settings could not be loaded.');
    expect(screen.queryByText('shixiong')).toBeNull();
  });
});
