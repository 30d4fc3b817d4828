import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { listBook } from '../../../test/books';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { LikedStoriesPage, updatesNotice } from './LikedStoriesPage';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

describe('updatesNotice', () => {
  it("reads '{n} book has/have new updates.'", () => {
    expect(updatesNotice(1)).toBe('1 book has new updates.');
    expect(updatesNotice(3)).toBe('3 books have new updates.');
    expect(updatesNotice(0)).toBe('0 books have new updates.');
  });
});

describe('LikedStoriesPage', () => {
  it('shows the count fetched before marking, the cards (red tint for new updates), then marks the updates checked', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const calls: string[] = [];
    const fetchMock = stubFetch((url, init) => {
      calls.push(`${init.method} ${url}`);
      if (url.startsWith('/api/user/liked-story?')) {
        return json(200, { books: [listBook({ book_id: 1, english_book_name: 'Updated Book', has_new_updates: true }), listBook({ book_id: 2, english_book_name: 'Quiet Book' })], totalPages: 3 });
      }
      if (url === '/api/user/liked-story/unchecked-updates-count') return json(200, { uncheckedUpdatesCount: 1 });
      return json(200, { message: 'Marked updates of 1 story as checked.' });
    });
    renderWithProviders(<LikedStoriesPage />, '/user/liked-story');
    expect(screen.getByRole('heading', { level: 1, name: 'Liked Stories' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('1 book has new updates.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Updated Book' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Updated Book' }).closest('article')).toHaveClass('book-card--new-updates');
    expect(screen.getByRole('link', { name: 'Quiet Book' }).closest('article')).not.toHaveClass('book-card--new-updates');
    await waitFor(() => expect(calls).toContain('PUT /api/user/liked-story/mark-updates-checked'));
    expect(calls.indexOf('PUT /api/user/liked-story/mark-updates-checked')).toBeGreaterThan(calls.indexOf('GET /api/user/liked-story/unchecked-updates-count'));
    expect(fetchMock).toHaveBeenCalledWith('/api/user/liked-story?pageNum=1&sort_by=last_updated', expect.anything());
    // The notice keeps the count of the visit.
    expect(screen.getByText('1 book has new updates.')).toBeInTheDocument();

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect([...sort.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Latest Updates', 'Most Liked', 'Most Recently Liked']);
    fireEvent.change(sort, { target: { value: 'liked_time' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/user/liked-story?pageNum=1&sort_by=liked_time', expect.anything()));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Page 2' })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/user/liked-story?pageNum=2&sort_by=liked_time', expect.anything()));
    expect(calls.filter((call) => call.startsWith('PUT'))).toHaveLength(1);
  });

  it("shows 'Error: {message}' when the list cannot be loaded", async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch((url) => (url.startsWith('/api/user/liked-story?') ? json(500, { message: 'Internal server error' }) : json(200, { uncheckedUpdatesCount: 0 })));
    renderWithProviders(<LikedStoriesPage />, '/user/liked-story');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Internal server error');
  });
});
