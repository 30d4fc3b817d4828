import { storySlug } from '@shelf/contracts';
import { Link } from '../../../shared/ui/Link';
import { useHome } from '../../home';

/** A compact Latest Updates list: each book's title and its latest chapter. */
export function LatestUpdatesSidebar() {
  const { data, error, isPending } = useHome();
  return (
    <section className="compact-updates" aria-labelledby="compact-updates-heading">
      <h2 id="compact-updates-heading">Latest Updates</h2>
      {isPending ? (
        <p>Loading...</p>
      ) : error ? (
        <p role="alert">Error: {error.message}</p>
      ) : (
        <ul>
          {data.latestBooks.map((book) => {
            const slug = storySlug(book.book_id, book.english_book_name);
            return (
              <li key={book.book_id}>
                <Link to={`/${slug}`}>{book.english_book_name}</Link>
                {book.latest_chapter !== null && (
                  <Link to={`/${slug}/${book.latest_chapter}`} className="compact-updates__chapter">
                    {book.latest_chapter_title}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
