import { bookIdOfSlug } from '@shelf/contracts';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { HomePage } from '../../home/components/HomePage';

const BookPage = lazy(() => import('./BookPage').then((m) => ({ default: m.BookPage })));

/** /{bookIDSlug}: a story when the slug starts with a book id; any other single-segment path is unknown and shows home. */
export function BookRoute() {
  const slug = useParams().bookIDSlug ?? '';
  const bookId = bookIdOfSlug(slug);
  if (bookId === null) return <HomePage />;
  return (
    <Suspense fallback={<p>Loading</p>}>
      <BookPage key={bookId} bookId={bookId} bookIdSlug={slug} />
    </Suspense>
  );
}
