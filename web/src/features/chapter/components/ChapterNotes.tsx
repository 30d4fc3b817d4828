import type { ChapterContent } from '@shelf/contracts';
import { MarkdownOnDemand } from '../../../shared/markdown/components/MarkdownOnDemand';

const NOTES = [
  { field: 'footnote', title: 'Footnote' },
  { field: 'chapter_author_note', title: 'Author Note' },
  { field: 'chapter_tl_note', title: 'TL Note' },
] as const;

/** The chapter's Footnote, Author Note and TL Note blocks; each only when it has text. */
export function ChapterNotes({ chapter }: { chapter: ChapterContent }) {
  const notes = NOTES.filter(({ field }) => chapter[field].trim() !== '');
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map(({ field, title }) => (
        <aside key={field} className="chapter-note" aria-label={title}>
          <h2>{title}</h2>
          <MarkdownOnDemand text={chapter[field]} />
        </aside>
      ))}
    </>
  );
}
