import type { BookListItem } from '@shelf/contracts';
import { useEffect } from 'react';
import { useHome } from '../queries';

const SITE_NAME = 'Novel Shelf';

function BookList({ title, books }: { title: string; books: BookListItem[] }) {
  return (
    <section className="book-list" aria-label={title}>
      <h2>{title}</h2>
      {books.length === 0 ? (
        <p>No stories match the criteria!</p>
      ) : (
        <ul>
          {books.map((book) => (
            <li key={book.book_id}>{book.english_book_name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HomePage() {
  const { data, error, isPending } = useHome();
  useEffect(() => {
    document.title = SITE_NAME;
  }, []);

  if (isPending) return <p>Loading...</p>;
  if (error) return <p role="alert">Error: {error.message}</p>;
  return (
    <>
      <BookList title="Latest Updates" books={data.latestBooks} />
      <BookList title="BL Recommendations" books={data.randomBLBooks} />
      <BookList title="Non-BL Recommendations" books={data.randomNonBLBooks} />
    </>
  );
}
