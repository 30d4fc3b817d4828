import type { BookListItem } from '@shelf/contracts';
import { SITE_DESCRIPTION, SITE_NAME } from '../../../shared/config/site-config';
import { BookCardList } from '../../book-lists/components/BookCardList';
import { ContinueReadingRow } from '../../reading-progress/components/ContinueReadingRow';
import { usePageMeta } from '../../site-shell/use-page-meta';
import { useHome } from '../queries';

function BookList({ title, books }: { title: string; books: BookListItem[] }) {
  const id = `home-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="book-list" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <BookCardList books={books} />
    </section>
  );
}

export function HomePage() {
  usePageMeta(SITE_NAME, SITE_DESCRIPTION);
  const { data, error, isPending } = useHome();

  if (isPending) return <p>Loading...</p>;
  if (error) return <p role="alert">Error: {error.message}</p>;
  return (
    <>
      <h1 className="visually-hidden">{SITE_NAME}</h1>
      <ContinueReadingRow />
      <BookList title="Latest Updates" books={data.latestBooks} />
      <BookList title="BL Recommendations" books={data.randomBLBooks} />
      <BookList title="Non-BL Recommendations" books={data.randomNonBLBooks} />
    </>
  );
}
