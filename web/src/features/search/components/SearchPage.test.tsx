import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { listBook } from '../../../test/books';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { SearchPage } from './SearchPage';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Answers the home call (sidebar) at once and every search with `search(url)`. */
function server(search: (url: string) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string) =>
    url.startsWith('/api/searchbook') || url.startsWith('/api/user/searchbook') ? search(url) : json(200, { latestBooks: [listBook({ english_book_name: 'Sidebar Book' })], randomBLBooks: [], randomNonBLBooks: [] }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const searches = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.map(([url]) => url as string).filter((url) => /^\/api\/(user\/)?searchbook/.test(url));

function renderSearch(path = '/searchbook') {
  return renderWithProviders(
    <Routes>
      <Route path="/searchbook" element={<><SearchPage /><Address /></>} />
    </Routes>,
    path,
  );
}

describe('SearchPage', () => {
  it("has the title 'Searching Books', every filter group, and shows 'Showing N results' with a compact Latest Updates sidebar", async () => {
    server(() => json(200, { books: [listBook()], totalBooks: 1, totalPages: 1 }));
    renderSearch();
    expect(document.title).toBe('Searching Books');
    for (const legend of ['Diversity', 'Original Language', 'Completion Status', 'Ending', 'Word Count', 'Setting', 'Genre', 'Tag']) {
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('group', { name: 'Diversity' })).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['All', 'Danmei/BL', 'Non-BL']);
    expect(within(screen.getByRole('group', { name: 'Tag' })).getAllByRole('checkbox')).toHaveLength(48);
    expect(screen.getByPlaceholderText('Search...')).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Sort by' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Most Liked', 'Newest', 'Oldest']);
    expect(await screen.findByText('Showing 1 results')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Latest Updates' })).getByRole('link', { name: 'Sidebar Book' })).toBeInTheDocument();
  });

  it('couples the word-count selects: minimum options below the maximum, maximum options above the minimum', () => {
    server(() => json(200, { books: [], totalBooks: 0, totalPages: 0 }));
    renderSearch();
    const min = screen.getByRole('combobox', { name: 'Minimum word count' });
    const max = screen.getByRole('combobox', { name: 'Maximum word count' });
    const options = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);
    expect(options(min)).toEqual(['Any', '5001', '10001', '20001', '50001']);
    fireEvent.change(max, { target: { value: '20000' } });
    expect(options(min)).toEqual(['Any', '5001', '10001']);
    fireEvent.change(min, { target: { value: '10001' } });
    expect(options(max)).toEqual(['Any', '20000', '50000']);
  });

  it('puts the filters in the address, resets to page 1 when they change, and disables Search until 1 s after the call ends', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = server((url) =>
      url.includes('genre=Romance') ? new Promise<Response>((resolve) => (answer = resolve)) : json(200, { books: [listBook()], totalBooks: 30, totalPages: 3 }),
    );
    renderSearch('/searchbook?page=3');
    expect(await screen.findByText('Showing 30 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeDisabled();

    fireEvent.click(within(screen.getByRole('group', { name: 'Genre' })).getByRole('checkbox', { name: 'Romance' }));
    fireEvent.change(screen.getByPlaceholderText('Search...'), { target: { value: 'stage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/searchbook?book_name=stage&genre=Romance');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(searches(fetchMock).at(-1)).toBe('/api/searchbook?book_name=stage&genre=Romance&page=1&pageSize=10');

    await act(async () => answer(json(200, { books: [], totalBooks: 0, totalPages: 0 })));
    expect(await screen.findByText('Showing 0 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled(), { timeout: 1500 });
  });

  it('shows the server message under a red-bordered search box on 429, and a general message on other errors', async () => {
    server(() => json(429, { message: 'Too many searches. Please wait a few seconds and try again.' }));
    const first = renderSearch();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many searches. Please wait a few seconds and try again.');
    expect(screen.getByPlaceholderText('Search...')).toHaveClass('input--error');
    expect(screen.getByPlaceholderText('Search...')).toHaveAccessibleDescription('Too many searches. Please wait a few seconds and try again.');
    first.unmount();

    server(() => json(500, { message: 'boom' }));
    renderSearch('/searchbook?sort_by=newest');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again later.');
    expect(screen.getByPlaceholderText('Search...')).not.toHaveClass('input--error');
  });

  it('excludes a tag with its "Exclude" button, which unticks it, and puts exclude_tag in the address', async () => {
    const fetchMock = server(() => json(200, { books: [], totalBooks: 0, totalPages: 0 }));
    renderSearch('/searchbook?tag=Sweet');
    const tags = screen.getByRole('group', { name: 'Tag' });
    expect(within(tags).getByRole('checkbox', { name: 'Sweet' })).toBeChecked();
    fireEvent.click(within(tags).getByRole('button', { name: 'Exclude Sweet' }));
    expect(within(tags).getByRole('button', { name: 'Exclude Sweet' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(tags).getByRole('checkbox', { name: 'Sweet' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/searchbook?exclude_tag=Sweet');
    await waitFor(() => expect(searches(fetchMock).at(-1)).toBe('/api/searchbook?exclude_tag=Sweet&page=1&pageSize=10'));

    fireEvent.click(within(screen.getByRole('group', { name: 'Tag' })).getByRole('checkbox', { name: 'Sweet' }));
    expect(within(screen.getByRole('group', { name: 'Tag' })).getByRole('button', { name: 'Exclude Sweet' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('folds the filters behind "Filters" on a phone, with the search box and the result count first', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    server(() => json(200, { books: [listBook()], totalBooks: 1, totalPages: 1 }));
    renderSearch();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Tag' })).not.toBeInTheDocument();
    expect(await screen.findByText('Showing 1 results')).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Tag' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Hide stories I have read or shelved' })).not.toBeInTheDocument();
  });

  it("lets a signed-in reader hide the stories they have read or shelved, and save, open and delete searches", async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true } });
    let presets = [{ name: 'Sweet ones', query: 'tag=Sweet', saved_at: '2026-11-20T10:00:00.000Z' }];
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
      if (url.includes('searchbook')) return json(200, { books: [], totalBooks: 0, totalPages: 0 });
      if (url.startsWith('/api/user/search-presets')) {
        if (init?.method === 'PUT') presets = [...presets, { ...(JSON.parse(String(init.body)) as { name: string; query: string }), saved_at: '2026-11-25T10:00:00.000Z' }];
        if (init?.method === 'DELETE') presets = presets.filter((preset) => preset.name !== new URL(url, 'http://x').searchParams.get('name'));
        return json(200, { presets });
      }
      return json(200, { latestBooks: [], randomBLBooks: [], randomNonBLBooks: [] });
    }));
    renderSearch('/searchbook?genre=Romance');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide stories I have read or shelved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/searchbook?genre=Romance&hide_read=1');
    await waitFor(() => expect(calls).toContain('GET /api/user/searchbook?genre=Romance&page=1&pageSize=10'));

    expect(await screen.findByRole('link', { name: 'Sweet ones' })).toHaveAttribute('href', '/searchbook?tag=Sweet');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: ' Romance unread ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    expect(await screen.findByRole('link', { name: 'Romance unread' })).toHaveAttribute('href', '/searchbook?genre=Romance&hide_read=1');
    expect(calls).toContain('PUT /api/user/search-presets {"name":"Romance unread","query":"genre=Romance&hide_read=1"}');
    fireEvent.click(screen.getByRole('button', { name: 'Delete saved search Sweet ones' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sweet ones' })).not.toBeInTheDocument());
    expect(calls).toContain('DELETE /api/user/search-presets?name=Sweet%20ones');
  });
});
