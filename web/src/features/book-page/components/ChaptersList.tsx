import { type ChapterListEntry, isChapterNew, relativeTime } from '@shelf/contracts';
import { Link } from 'react-router-dom';

/** The book's chapters: a two-column grid of numbered links with their age and a New badge under 20 days. */
export function ChaptersList({ slug, chapters, now = new Date() }: { slug: string; chapters: ChapterListEntry[]; now?: Date }) {
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
          </li>
        ))}
      </ol>
    </section>
  );
}
