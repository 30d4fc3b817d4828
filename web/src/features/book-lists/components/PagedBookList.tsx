import type { BookListItem } from '@shelf/contracts';
import { BookCardList } from './BookCardList';
import { PageButtons } from '../../../shared/ui/PageButtons';

/** A listing's states: 'Loading...', 'Error: {message}', or its book cards with page buttons. */
export function PagedBookList({
  query,
  page,
  onPage,
}: {
  query: { data?: { books: BookListItem[]; totalPages: number }; error: Error | null; isPending: boolean };
  page: number;
  onPage: (page: number) => void;
}) {
  if (query.isPending) return <p>Loading...</p>;
  if (query.error || !query.data) return <p role="alert">Error: {query.error?.message}</p>;
  return (
    <>
      <BookCardList books={query.data.books} headingLevel={2} />
      <PageButtons page={page} totalPages={query.data.totalPages} onChange={onPage} />
    </>
  );
}
