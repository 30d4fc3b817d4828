import { bookIdOfSlug } from '@shelf/contracts';
import { useParams } from 'react-router-dom';
import { lazyComponent } from '../../shared/ui/lazy-component';
import { HomePage } from '../../features/home';
import { Boundary } from '../../shared/ui/Boundary';

/** The story page's code, on demand (preloaded before a server-rendered story page hydrates). */
export const BookScreen = lazyComponent(() => import('../screens/book').then((m) => m.BookScreen));

/** /{bookIDSlug}: a story when the slug starts with a book id; any other single-segment path is unknown and shows home. */
export function BookRoute() {
  const slug = useParams().bookIDSlug ?? '';
  const bookId = bookIdOfSlug(slug);
  if (bookId === null) return <HomePage />;
  return (
    <Boundary fallback={<p>Loading</p>}>
      <BookScreen key={bookId} bookId={bookId} bookIdSlug={slug} />
    </Boundary>
  );
}
