import type { BookPageResponse } from '@shelf/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { bookDetail, listBook } from '../../test/books';
import { emptySocialAnswer } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { BookRoute } from './BookRoute';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (url: string) => emptySocialAnswer(url) ?? new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderBook(path = '/12-golden-stage') {
  return renderWithProviders(
    <Routes>
      <Route path="/:bookIDSlug" element={<BookRoute />} />
    </Routes>,
    path,
  );
}

const day = 86_400_000;

describe('Story detail', () => {
  it('shows the facts, linked categories, the Markdown description with its line breaks, and the like button and the comment section', async () => {
    const page: BookPageResponse = { bookDetails: bookDetail(), chapters: [], randomBooks: [listBook({ book_id: 40, english_book_name: 'Recommended Book' })], glossary: [] };
    const fetchMock = answer(200, page);
    renderBook();
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Stage' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/12-golden-stage', expect.anything());
    expect(document.title).toBe('Golden Stage');
    expect(screen.getByRole('img', { name: 'Cover of Golden Stage' })).toHaveAttribute('src', '/covers/12.svg');
    expect(screen.getByText('Mu Su Li')).toBeInTheDocument();
    expect(screen.getByText('123,456')).toBeInTheDocument();
    expect(screen.queryByText('Associated Names')).not.toBeInTheDocument();
    expect(screen.queryByText('Translator Note')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Danmei/BL' })).toHaveAttribute('href', '/diversity/Danmei/BL');
    expect(screen.getByRole('link', { name: 'Drama' })).toHaveAttribute('href', '/genre/Drama');
    expect(screen.getByRole('link', { name: 'Modern' })).toHaveAttribute('href', '/setting/Modern');
    expect(screen.getByRole('link', { name: 'Entertainment Industry' })).toHaveAttribute('href', '/tag/Entertainment Industry');
    const description = document.querySelector('.book-page__description')!;
    expect(description).toHaveTextContent('First line Second line');
    expect(description.querySelector('p br')).not.toBeNull();
    expect(description.querySelector('em')).toHaveTextContent('line');
    expect(await within(document.getElementById('book-like')!).findByText('Be the first to like this story!')).toBeInTheDocument();
    expect(await within(document.getElementById('book-comments')!).findByText('Nobody is here yet. Be the first to comment!')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Recommendations' })).getByText('Recommended Book')).toBeInTheDocument();
  });

  it('hides the endings until clicked, then toggles them', async () => {
    answer(200, { bookDetails: bookDetail(), chapters: [], randomBooks: [] });
    renderBook();
    const reveal = await screen.findByRole('button', { name: 'Click to reveal' });
    expect(screen.queryByText('Happy Ending')).not.toBeInTheDocument();
    fireEvent.click(reveal);
    expect(screen.getByRole('button', { name: 'Happy Ending' })).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Happy Ending' }));
    expect(screen.getByRole('button', { name: 'Click to reveal' })).toBeInTheDocument();
  });

  it('shows associated names and the translator note only when present', async () => {
    answer(200, { bookDetails: bookDetail({ associated_names: 'Jin Se Wu Tai', book_tl_note: 'Thanks for reading!' }), chapters: [], randomBooks: [] });
    renderBook();
    expect(await screen.findByText('Jin Se Wu Tai')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Translator Note' })).toHaveTextContent('Thanks for reading!');
  });

  it('numbers the related lists, with the current book as plain text and the others as new-tab links', async () => {
    answer(200, { bookDetails: bookDetail({ similar_theme: '30-Sha Po Lang' }), chapters: [], randomBooks: [] });
    renderBook();
    const series = await screen.findByRole('region', { name: 'Series' });
    expect(within(series).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Golden Stage Prequel', 'Golden Stage', 'Golden Stage: Encore!']);
    expect(within(series).queryByRole('link', { name: 'Golden Stage' })).not.toBeInTheDocument();
    const encore = within(series).getByRole('link', { name: 'Golden Stage: Encore!' });
    expect(encore).toHaveAttribute('href', '/13-golden-stage-encore');
    expect(encore).toHaveAttribute('target', '_blank');
    expect(within(screen.getByRole('region', { name: 'Similar Theme' })).getByRole('link', { name: 'Sha Po Lang' })).toHaveAttribute('href', '/30-sha-po-lang');
    expect(screen.queryByRole('region', { name: 'Related Story' })).not.toBeInTheDocument();
  });

  it('lists chapters in order with their age and a New badge under 20 days', async () => {
    const now = Date.now();
    answer(200, {
      bookDetails: bookDetail(),
      chapters: [
        { chapter_id: 1, title: 'Chapter 1', uploaded_time: new Date(now - 30 * day).toISOString() },
        { chapter_id: 2, title: 'Chapter 2', uploaded_time: new Date(now - 3 * day).toISOString() },
      ],
      randomBooks: [],
    });
    renderBook();
    const list = await screen.findByRole('region', { name: 'Chapters List' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByRole('link', { name: 'Chapter 1' })).toHaveAttribute('href', '/12-golden-stage/1');
    expect(items[0]).toHaveTextContent('30 days ago');
    expect(within(items[0]).queryByText('New')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('3 days ago');
    expect(within(items[1]).getByText('New')).toBeInTheDocument();
  });

  it("lists the story's glossary below its chapters, keeping a visitor who has read nothing to the first chapter's", async () => {
    answer(200, {
      bookDetails: bookDetail(),
      chapters: [{ chapter_id: 1, title: 'Chapter 1', uploaded_time: new Date().toISOString() }],
      randomBooks: [],
      glossary: [
        { original: 'shixiong', rendering: 'senior brother', kind: 'title', note: 'An older disciple of the same master.', from_chapter: 1 },
        { original: 'Lan Zhan', rendering: 'Lan Zhan', kind: 'character', note: '', from_chapter: 4 },
      ],
    });
    renderBook();
    const glossary = await screen.findByRole('region', { name: 'Glossary' });
    expect(within(glossary).getByRole('term')).toHaveTextContent('shixiong Title');
    expect(within(glossary).getByText('senior brother')).toBeInTheDocument();
    expect(within(glossary).getByText('One more entry appears as you read on.')).toBeInTheDocument();
  });

  it("shows 'Error' when the book cannot be loaded, the not-found page for a missing book, and the home screen for a path without a book id", async () => {
    answer(500, { message: 'Internal server error' });
    const failed = renderBook('/12-golden-stage');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error$/);
    failed.unmount();
    answer(404, { message: 'There is no book 999.' });
    const missing = renderBook('/999-missing');
    expect(await screen.findByRole('heading', { name: 'Story not found' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search stories by title' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    missing.unmount();
    answer(200, { latestBooks: [], randomBLBooks: [], randomNonBLBooks: [] });
    renderBook('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Latest Updates' })).toBeInTheDocument();
  });
});
