import { Link } from '../../../shared/ui/Link';
import { chapterLabel } from '../chapter-label';
import { useNewChapterNotice } from '../use-new-chapter-notice';
import './new-chapter-notice.css';

interface NewChapterNoticeProps {
  bookId: number;
  /** The book's slug in the page's URL: the link goes to /{slug}/{chapter_id}. */
  slug: string;
}

/**
 * The live "New chapter" notice of a story or chapter page. The polite status region is always in the page, so a
 * screen reader announces the notice when it is filled; it stays until dismissed or the reader moves on.
 */
export function NewChapterNotice({ bookId, slug }: NewChapterNoticeProps) {
  const { notice, dismiss } = useNewChapterNotice(bookId);
  return (
    <div role="status" aria-live="polite" className="new-chapter-live">
      {notice && (
        <div className="new-chapter-notice">
          <p className="new-chapter-notice__text">New chapter: {chapterLabel(notice)}</p>
          <Link className="new-chapter-notice__read" to={`/${slug}/${notice.chapter_id}`}>
            Read it
          </Link>
          <button type="button" className="new-chapter-notice__dismiss" aria-label="Dismiss the new chapter notice" onClick={dismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
