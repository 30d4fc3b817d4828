import { useLayoutEffect } from 'react';
import { Link } from '../../../shared/ui/Link';
import { releaseContinueRowRoom, rememberContinueRowShown } from '../continue-row-room';
import { useContinueReading } from '../queries';
import { resumeState } from '../use-resume-place';
import './reading-progress.css';

/** The home page's "Continue reading" row: the books the reader read last, each opening at their place. */
export function ContinueReadingRow() {
  const { books, settled, account } = useContinueReading();
  const shown = books.length > 0;
  useLayoutEffect(() => {
    if (!settled) return;
    releaseContinueRowRoom();
    if (account) rememberContinueRowShown(shown);
  }, [settled, account, shown]);
  if (!shown) return null;
  return (
    <section className="continue-row" aria-labelledby="continue-reading-heading">
      <h2 id="continue-reading-heading">Continue reading</h2>
      <ul>
        {books.map((book) => (
          <li key={book.book_id}>
            <Link to={`/${book.slug}/${book.chapter_id}`} state={resumeState(book.position)}>
              <img src={book.cover_image} alt="" width={48} height={68} loading="lazy" />
              <span className="continue-row__text">
                <span className="continue-row__title">{book.english_book_name}</span>
                <span className="continue-row__chapter">
                  Chapter {book.chapter_id}: {book.chapter_title}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
