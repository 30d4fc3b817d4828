import { type BookListItem, formatReadingTime, freshnessBadges, relativeTime, storySlug } from '@shelf/contracts';
import { Link } from '../../../shared/ui/Link';
import { useNow } from '../../../shared/time/use-now';
import { CardDescription } from './CardDescription';

/** Likes show as a badge only above this many. */
const LIKES_BADGE_ABOVE = 10;

interface Props {
  book: BookListItem;
  /** The level of the card's title: one below the heading of the list it is in. */
  headingLevel?: 2 | 3;
  /** The time the card's ages count from; the page's clock by default. */
  now?: Date;
}

/** One book in a list: cover, name, badges, description and latest chapter. */
export function BookCard({ book, headingLevel = 3, now: fixedNow }: Props) {
  const clock = useNow();
  const now = fixedNow ?? new Date(clock);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const slug = storySlug(book.book_id, book.english_book_name);
  const badges = freshnessBadges(book, now);
  return (
    <article className={book.has_new_updates ? 'book-card book-card--new-updates' : 'book-card'} aria-labelledby={`book-${book.book_id}-name`}>
      <Link to={`/${slug}`} className="book-card__cover" tabIndex={-1} aria-hidden="true">
        {book.cover_image && <img src={book.cover_image} alt="" width={120} height={170} loading="lazy" />}
      </Link>
      <div className="book-card__body">
        <Heading id={`book-${book.book_id}-name`} className="book-card__title">
          <Link to={`/${slug}`}>{book.english_book_name}</Link>
          {badges.map((badge) => (
            <span key={badge} className="badge badge--fresh">
              {badge}
            </span>
          ))}
        </Heading>
        <ul className="book-card__badges" aria-label="Details">
          {book.like_count > LIKES_BADGE_ABOVE && (
            <li className="badge" aria-label={`${book.like_count} likes`}>
              <span aria-hidden="true">♥ </span>
              {book.like_count}
            </li>
          )}
          <li className="badge" aria-label={`Reading time ${formatReadingTime(book.book_word_count)}`}>
            {formatReadingTime(book.book_word_count)}
          </li>
          <li className="badge">{book.diversities}</li>
          <li className="badge">{book.completion_statuses}</li>
        </ul>
        <CardDescription bookId={book.book_id} text={book.description} />
        {book.latest_chapter !== null && (
          <p className="book-card__update">
            <Link to={`/${slug}/${book.latest_chapter}`}>Last update: {book.latest_chapter_title}</Link>{' '}
            <time dateTime={book.last_updated}>{relativeTime(book.last_updated, now)}</time>
          </p>
        )}
      </div>
    </article>
  );
}
