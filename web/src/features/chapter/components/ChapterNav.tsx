import type { ChapterPageResponse } from '@shelf/contracts';
import { Link } from '../../../shared/ui/Link';

interface ChapterNavProps {
  previousPath: string | null;
  nextPath: string | null;
  indexPath: string;
  nextBook: ChapterPageResponse['nextBook'];
  nextBookPath: string | null;
}

/** Previous Chapter, Index and Next Chapter; after the last chapter, 'Next:' links to the next book instead. */
export function ChapterNav({ previousPath, nextPath, indexPath, nextBook, nextBookPath }: ChapterNavProps) {
  return (
    <nav className="chapter-nav" aria-label="Chapter navigation">
      {previousPath ? (
        <Link to={previousPath} rel="prev">
          Previous Chapter
        </Link>
      ) : (
        <span aria-disabled="true">Previous Chapter</span>
      )}
      <Link to={indexPath}>Index</Link>
      {nextPath ? (
        <Link to={nextPath} rel="next">
          Next Chapter
        </Link>
      ) : nextBook && nextBookPath ? (
        <Link to={nextBookPath}>Next: {nextBook.english_book_name}</Link>
      ) : (
        <span aria-disabled="true">Next Chapter</span>
      )}
    </nav>
  );
}
