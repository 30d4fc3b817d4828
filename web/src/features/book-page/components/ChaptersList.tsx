import { type ChapterListEntry, isChapterNew, relativeTime } from '@shelf/contracts';
import { Link } from '../../../shared/ui/Link';
import { useNow } from '../../../shared/time/use-now';

interface ChaptersListProps {
  slug: string;
  chapters: ChapterListEntry[];
  /** The chapters the reader has opened, marked Read. */
  chaptersRead?: readonly number[];
  /** The time the ages count from; the page's clock by default. */
  now?: Date;
}

/** The book's chapters: a two-column grid of numbered links with their age, a New badge under 20 days and a Read mark. */
export function ChaptersList({ slug, chapters, chaptersRead = [], now: fixedNow }: ChaptersListProps) {
  const clock = useNow();
  const now = fixedNow ?? new Date(clock);
  const read = new Set(chaptersRead);
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
            {read.has(chapter.chapter_id) && <span className="chapters-list__read">Read</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
