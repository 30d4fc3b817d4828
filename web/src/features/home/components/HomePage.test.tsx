import type { BookListItem, HomeResponse } from '@shelf/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_DESCRIPTION } from '../../../shared/config/site-config';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { renderWithProviders } from '../../../test/render';
import { CONTINUE_ROW_SHOWN_KEY } from '../../reading-progress/continue-row-room';
import { LOCAL_PROGRESS_KEY } from '../../reading-progress/local-progress-key';
import { HomePage } from './HomePage';

const book = (book_id: number, english_book_name: string): BookListItem => ({
  book_id,
  english_book_name,
  cover_image: '',
  author: 'An Author',
  book_word_count: 1000,
  diversities: 'Danmei/BL',
  completion_statuses: 'Ongoing',
  description: '',
  last_updated: '2026-01-01T00:00:00.000Z',
  original_book_name: '',
  latest_chapter: 1,
  latest_chapter_title: 'Chapter 1',
  like_count: 0,
  has_new_updates: false,
});

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
}

const emptyHome: HomeResponse = { latestBooks: [book(1, 'Golden Stage')], randomBLBooks: [], randomNonBLBooks: [] };
const place = { book_id: 7, slug: '7-jade-palace', english_book_name: 'Jade Palace', cover_image: '/covers/7.svg', chapter_id: 3, chapter_title: 'Three', position: 0.5, read_at: '2026-11-20T00:00:00.000Z' };
const root = document.documentElement;

describe('HomePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete root.dataset.continueRow;
  });

  it('links the latest chapters feed under Latest Updates and offers it in the head', async () => {
    answer(200, emptyHome);
    const { unmount } = renderWithProviders(<HomePage />);
    const latest = await screen.findByRole('region', { name: 'Latest Updates' });
    expect(latest).toHaveTextContent('Latest chapters by feed: RSS · Atom');
    expect(screen.getByRole('link', { name: 'RSS' })).toHaveAttribute('href', '/api/feeds/latest.rss');
    expect(screen.getByRole('link', { name: 'Atom' })).toHaveAttribute('href', '/api/feeds/latest.atom');
    const offered = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"]')].map((link) => [link.type, link.title, link.getAttribute('href')]);
    expect(offered()).toEqual([
      ['application/rss+xml', 'Novel Shelf: latest chapters (RSS)', '/api/feeds/latest.rss'],
      ['application/atom+xml', 'Novel Shelf: latest chapters (Atom)', '/api/feeds/latest.atom'],
    ]);
    unmount();
    expect(offered()).toEqual([]);
  });

  it("shows 'Loading...' and then the three lists, with the empty-list text where a list is empty", async () => {
    const home: HomeResponse = { latestBooks: [book(1, 'Golden Stage')], randomBLBooks: [book(2, 'Qiang Jin Jiu')], randomNonBLBooks: [] };
    answer(200, home);
    renderWithProviders(<HomePage />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Latest Updates' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Latest Updates' })).toHaveTextContent('Golden Stage');
    expect(screen.getByRole('region', { name: 'BL Recommendations' })).toHaveTextContent('Qiang Jin Jiu');
    expect(screen.getByRole('region', { name: 'Non-BL Recommendations' })).toHaveTextContent('No stories match the criteria!');
    expect(document.title).toBe('Novel Shelf');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', SITE_DESCRIPTION);
  });

  it("shows 'Error: {message}' with the server's message when the call fails", async () => {
    answer(503, { message: 'The catalog is being rebuilt' });
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: The catalog is being rebuilt');
  });

  // index.html's early script keeps room for the row before the app runs (data-continue-row on <html>).
  it("gives up the room kept for the Continue reading row once the row is drawn, or at once for a reader without places", async () => {
    answer(200, emptyHome);
    root.dataset.continueRow = '';
    const { unmount } = renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: 'Latest Updates' });
    expect(root.dataset.continueRow).toBeUndefined();
    unmount();

    localStorage.setItem(LOCAL_PROGRESS_KEY, JSON.stringify({ b7: { ...place, chapters_read: [3] } }));
    root.dataset.continueRow = '';
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('link', { name: /Jade Palace/ })).toHaveAttribute('href', '/7-jade-palace/3');
    expect(root.dataset.continueRow).toBeUndefined();
  });

  it("keeps the room while a logged-in reader's places are on their way, and remembers whether the row showed", async () => {
    let answerPlaces = (_books: unknown[]) => undefined as void;
    const places = new Promise<unknown[]>((resolve) => (answerPlaces = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/reading-progress/recent') ? new Response(JSON.stringify({ books: await places })) : new Response(JSON.stringify(emptyHome)),
      ),
    );
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: { user_id: 'u1', username: 'reader', email: 'r@example.com', email_verified: true } });
    root.dataset.continueRow = '';
    renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: 'Latest Updates' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.dataset.continueRow).toBe('');

    answerPlaces([place]);
    expect(await screen.findByRole('link', { name: /Jade Palace/ })).toBeInTheDocument();
    expect(root.dataset.continueRow).toBeUndefined();
    expect(localStorage.getItem(CONTINUE_ROW_SHOWN_KEY)).toBe('true');
  });
});
