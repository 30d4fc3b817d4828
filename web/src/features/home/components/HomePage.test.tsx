import type { BookListItem, HomeResponse } from '@shelf/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_DESCRIPTION } from '../../../shared/config/site-config';
import { renderWithProviders } from '../../../test/render';
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

describe('HomePage', () => {
  afterEach(() => vi.unstubAllGlobals());

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
});
