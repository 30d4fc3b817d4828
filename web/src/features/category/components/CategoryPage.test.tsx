import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { listBook } from '../../../test/books';
import { renderWithProviders } from '../../../test/render';
import { CategoryPage } from './CategoryPage';

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/diversity/*" element={<CategoryPage category="diversity" />} />
      <Route path="/genre/*" element={<CategoryPage category="genre" />} />
    </Routes>,
    path,
  );
}

describe('CategoryPage', () => {
  it("titles the page '{value} Stories', heads it with the category and value, and pages with numbered buttons", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      new Response(JSON.stringify({ books: [listBook({ english_book_name: url.includes('pageNum=2') ? 'Page Two Book' : 'Page One Book' })], totalPages: 3 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/genre/Romance');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Page One Book')).toBeInTheDocument();
    expect(document.title).toBe('Romance Stories');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Genre: Romance');
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith('/api/genre/Romance?pageNum=1', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page Two Book')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeEnabled();
  });

  it('sends a value holding a slash as one path segment', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ books: [], totalPages: 0 })));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/diversity/Danmei/BL');
    expect(await screen.findByText('No stories match the criteria!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/diversity/Danmei%2FBL?pageNum=1', expect.anything());
    expect(document.title).toBe('Danmei/BL Stories');
  });

  it("shows 'Error: {message}' when the list cannot be loaded", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'There is no genre called "Cooking".' }), { status: 404 })));
    renderAt('/genre/Cooking');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: There is no genre called "Cooking".');
  });
});
