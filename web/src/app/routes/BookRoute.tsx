import { bookIdOfSlug } from '@shelf/contracts';
import { useParams } from 'react-router-dom';
import { lazyComponent } from '../../shared/ui/lazy-component';
import { HomePage } from '../../features/home';
import { Boundary } from '../../shared/ui/Boundary';
import { LazyMarkdown } from '../../shared/markdown/components/LazyMarkdown';
import { isHydrating } from '../../shared/state/hydration';

/**
 * The story page's code, on demand (preloaded before a server-rendered story page hydrates). Drawn in the browser, the
 * page waits for the Markdown renderer too, to show its description whole; a page the server drew keeps the server's
 * description and loads the renderer only beside its comments, after hydrating (its costliest script to start).
 */
export const BookScreen = lazyComponent(() =>
  Promise.all([import('../screens/book'), isHydrating() ? undefined : LazyMarkdown.preload()]).then(([m]) => m.BookScreen),
);

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
