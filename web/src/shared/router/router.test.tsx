import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrowserRouter, Link, MemoryRouter, Outlet, Route, Routes, StaticRouter, useLocation, useParams, useSearchParams } from '.';
import { matchRoutes, pathSegments } from './match-routes';
import { resolveTo } from './location';

function Params() {
  return <p data-testid="params">{JSON.stringify(useParams())}</p>;
}

function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <p data-testid="where">{JSON.stringify({ pathname, search, hash, state })}</p>;
}

const table = (
  <Routes>
    <Route
      element={
        <main>
          <Outlet />
        </main>
      }
    >
      <Route index element={<p>home</p>} />
      <Route path="searchbook" element={<p>search</p>} />
      <Route path="genre/*" element={<Params />} />
      <Route path=":bookIDSlug" element={<Params />} />
      <Route path=":bookIDSlug/:chapterID" element={<Params />} />
      <Route path="*" element={<p>unknown</p>} />
    </Route>
  </Routes>
);

const at = (path: string) => render(<StaticRouter location={path}>{table}</StaticRouter>).container.textContent;

describe('the router', () => {
  it('matches the route table in order, static segments whatever their case', () => {
    expect(at('/')).toBe('home');
    expect(at('/SearchBook/')).toBe('search');
    expect(at('/12-a-book')).toBe('{"bookIDSlug":"12-a-book"}');
    expect(at('/12-a-book/3?x=1#c')).toBe('{"bookIDSlug":"12-a-book","chapterID":"3"}');
    expect(at('/a/b/c')).toBe('unknown');
  });

  it('decodes each segment, keeps an encoded slash inside its value and a broken one as it is', () => {
    expect(at('/genre/Slice%20of%20Life')).toBe('{"*":"Slice of Life"}');
    expect(at('/genre/Danmei/BL')).toBe('{"*":"Danmei/BL"}');
    expect(pathSegments('/a%2Fb/%E0%A4%A')).toEqual(['a%2Fb', '%E0%A4%A']);
  });

  it('resolves addresses from the current page', () => {
    expect(resolveTo('#mine', '/12-a/3')).toEqual({ pathname: '/12-a/3', search: '', hash: '#mine' });
    expect(resolveTo({ search: '?view=all' }, '/admin/moderation')).toEqual({ pathname: '/admin/moderation', search: '?view=all', hash: '' });
    expect(resolveTo('4', '/12-a/3')).toEqual({ pathname: '/12-a/4', search: '', hash: '' });
  });

  it('lets a layout route without a path match only through a child', () => {
    expect(matchRoutes([{ children: [{ path: 'a', children: [] }] }], ['b'])).toBeNull();
  });

  it('navigates on a plain click of a link, with its state, and leaves modified clicks to the browser', () => {
    const leftToBrowser: boolean[] = [];
    render(
      <MemoryRouter initialEntries={['/start']}>
        {/* Records whether the link let the click through, then stops it (jsdom cannot open pages). */}
        <div onClick={(event) => (leftToBrowser.push(!event.defaultPrevented), event.preventDefault())}>
          <Link to="/next?page=2" state={{ at: 0.5 }}>
            next
          </Link>
        </div>
        <Where />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'next' });
    expect(link).toHaveAttribute('href', '/next?page=2');
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByTestId('where')).toHaveTextContent('"pathname":"/start"');
    fireEvent.click(link);
    expect(leftToBrowser).toEqual([true, false]);
    expect(JSON.parse(screen.getByTestId('where').textContent!)).toEqual({ pathname: '/next', search: '?page=2', hash: '', state: { at: 0.5 } });
  });

  it("changes the address's query through useSearchParams, on the browser's history", () => {
    window.history.replaceState(null, '', '/list?page=1#top');
    function Pages() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams((current) => ({ ...Object.fromEntries(current), page: '2' }))}>
          page {params.get('page')}
        </button>
      );
    }
    render(
      <BrowserRouter>
        <Pages />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'page 1' }));
    expect(screen.getByRole('button', { name: 'page 2' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/list?page=2');
  });
});
