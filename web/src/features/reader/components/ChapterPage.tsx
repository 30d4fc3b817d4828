import { useParams } from 'react-router-dom';
import { SITE_NAME } from '../../../app/site-config';
import { usePageMeta } from '../../site-shell/use-page-meta';
import { useChapterPage } from '../queries';
import { ChapterReader } from './ChapterReader';
import './reader.css';

/** Route /:bookIDSlug/:chapterID: loads the chapter, then shows the reader. */
export function ChapterPage() {
  const { bookIDSlug = '', chapterID = '' } = useParams();
  const { data, isPending, error } = useChapterPage(bookIDSlug, chapterID);
  const title = data ? `${data.chapterContent.title} - ${data.bookDetails.english_book_name} | ${SITE_NAME}` : SITE_NAME;
  usePageMeta(title, data ? `Read ${data.chapterContent.title} of ${data.bookDetails.english_book_name} on ${SITE_NAME}.` : undefined);

  if (isPending) return <p>Loading</p>;
  if (error) return <p role="alert">Error</p>;
  return <ChapterReader key={data.chapterContent.chapter_id} bookIDSlug={bookIDSlug} page={data} />;
}
