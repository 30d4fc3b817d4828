import { ebookFileName, ebookPath } from '@shelf/contracts';

/** The story as an EPUB file for e-readers (a file the API builds, not a page of the app); none before a chapter. */
export function EbookLink({ bookId, slug, chapters }: { bookId: number; slug: string; chapters: number }) {
  if (chapters === 0) return null;
  return (
    <p className="book-page__ebook">
      <a href={ebookPath(bookId)} download={ebookFileName(slug)} type="application/epub+zip">
        Download as EPUB
      </a>{' '}
      <span>for e-readers, {chapters === 1 ? '1 chapter' : `${chapters} chapters`}</span>
    </p>
  );
}
