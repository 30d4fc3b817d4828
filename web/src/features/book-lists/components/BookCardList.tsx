import type { BookListItem } from '@shelf/contracts';
import { BookCard } from './BookCard';

/** Book cards, or the spec's empty text. */
export function BookCardList({ books, headingLevel }: { books: BookListItem[]; headingLevel?: 2 | 3 }) {
  if (books.length === 0) return <p>No stories match the criteria!</p>;
  return (
    <ul className="book-card-list">
      {books.map((book) => (
        <li key={book.book_id}>
          <BookCard book={book} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
