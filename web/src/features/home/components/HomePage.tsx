import type { BookListItem } from '@shelf/contracts';
import { type ReactNode, useLayoutEffect } from 'react';
import { SITE_DESCRIPTION, SITE_NAME } from '../../../shared/config/site-config';
import { BookCardList } from '../../book-lists';
import { ContinueReadingRow, releaseContinueRowRoom, useHasReadingPlaces } from '../../reading-progress';
import { useHydrated } from '../../../shared/state/hydration';
import { FeedLinks, latestFeedLinks, useFeedLinks } from '../../feeds';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { useHome } from '../queries';
import { Boundary } from '../../../shared/ui/Boundary';

const LATEST_FEEDS = latestFeedLinks();

function BookList({ title, books, children }: { title: string; books: BookListItem[]; children?: ReactNode }) {
  const id = `home-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="book-list" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <BookCardList books={books} />
      {children}
    </section>
  );
}

export function HomePage() {
  usePageMeta(SITE_NAME, SITE_DESCRIPTION);
  useFeedLinks(LATEST_FEEDS);
  const { data, error, isPending } = useHome();
  const hasPlaces = useHasReadingPlaces();
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (hydrated && !hasPlaces) releaseContinueRowRoom();
  }, [hydrated, hasPlaces]);

  if (isPending) return <p>Loading...</p>;
  if (error) return <p role="alert">Error: {error.message}</p>;
  return (
    <>
      <h1 className="visually-hidden">{SITE_NAME}</h1>
      {/* Its room kept from the first paint for a reader with places (index.html), the row comes in without moving the lists. */}
      <div className="continue-row-slot">
        {hasPlaces && (
          <Boundary>
            <ContinueReadingRow />
          </Boundary>
        )}
      </div>
      <BookList title="Latest Updates" books={data.latestBooks}>
        <FeedLinks label="Latest chapters by feed:" links={LATEST_FEEDS} />
      </BookList>
      <BookList title="BL Recommendations" books={data.randomBLBooks} />
      <BookList title="Non-BL Recommendations" books={data.randomNonBLBooks} />
    </>
  );
}
