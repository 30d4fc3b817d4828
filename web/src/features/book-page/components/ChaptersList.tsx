import { type ChapterListEntry, isChapterNew, relativeTime } from '@shelf/contracts';
import { Link } from '../../../shared/ui/Link';
import { useNow } from '../../../shared/time/use-now';

interface ChaptersListProps {
  slug: string;
  chapters: ChapterListEntry[];
  /** The chapters the reader has opened, marked Read. */
  chaptersRead?: readonly number[];
  /** The chapters read whose text was revised since, marked so instead. */
  chaptersRevised?: readonly number[];
  /** The time the ages count from; the page's clock by default. */
  now?: Date;
}

/**
 * The book's chapters: a two-column grid of numbered links with their age, a New badge under 20 days and a Read mark
 * (or "Revised since you read" when the text changed since).
 */
export function ChaptersList({ slug, chapters, chaptersRead = [], chaptersRevised = [], now: fixedNow }: ChaptersListProps) {
  const clock = useNow();
  const now = fixedNow ?? new Date(clock);
  const read = new Set(chaptersRead);
  const revised = new Set(chaptersRevised);
  return (
    <section className="chapters-list" aria-labelledby="chapters-list-heading">
      <h2 id="chapters-list-heading">Chapters List</h2>
      <ol>
        {chapters.map((chapter) => (
          <li key={chapter.chapter_id}>
            <Link to={`/${slug}/${chapter.chapter_id}`}>{chapter.title}</Link>{' '}
            <time dateTime={chapter.uploaded_time} className="chapters-list__age">
              {relativeTime(chapter.uploaded_time, now)}
            </time>
            {isChapterNew(chapter.uploaded_time, now) && <span className="badge badge--fresh">New</span>}
            {revised.has(chapter.chapter_id) ? (
              <span className="chapters-list__revised">Revised since you read</span>
            ) : (
              read.has(chapter.chapter_id) && <span className="chapters-list__read">Read</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
