import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../ui/Link';
import { usePageMeta } from './use-page-meta';

/** What a link to a story or chapter that does not exist shows: where to go instead, and a search by title. */
export function NotFoundPage({ what }: { what: 'story' | 'chapter' }) {
  usePageMeta('Not found');
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    const query = title.trim();
    navigate(query ? `/searchbook?${new URLSearchParams({ book_name: query })}` : '/searchbook');
  };
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">{what === 'story' ? 'Story not found' : 'Chapter not found'}</h1>
      <p>
        {what === 'story'
          ? 'There is no story at this address. It may have been moved, or the link may be mistyped.'
          : 'This story has no chapter at this address. It may not be published yet, or the link may be mistyped.'}
      </p>
      <form role="search" onSubmit={search} className="not-found__search">
        <label htmlFor="not-found-title">Search stories by title</label>
        <input id="not-found-title" type="search" value={title} onChange={(event) => setTitle(event.target.value)} />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
