import { isNotFound } from '../../../shared/api/is-not-found';
import { NotFoundPage } from '../../../shared/page/NotFoundPage';
import { bookIdOfSlug } from '@shelf/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { SITE_NAME } from '../../../shared/config/site-config';
import { HomePage } from '../../home/components/HomePage';
import { storyFeedLinks, useFeedLinks } from '../../../shared/feeds/feed-links';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { usePreloadReaderFont } from '../../../shared/reader-settings/reader-text-style';
import { CHAPTER_ID } from '../chapter-paths';
import { useChapterPage } from '../queries';
import { ChapterView } from './ChapterView';
import './chapter.css';

/** Route /:bookIDSlug/:chapterID. A path that names no book id and chapter id is unknown, so it shows home. */
export function ChapterPage() {
  const { bookIDSlug = '', chapterID = '' } = useParams();
  if (bookIdOfSlug(bookIDSlug) === null || !CHAPTER_ID.test(chapterID)) return <HomePage />;
  return <ChapterLoader bookIDSlug={bookIDSlug} chapterID={chapterID} />;
}

/** Loads the chapter, then shows it. */
function ChapterLoader({ bookIDSlug, chapterID }: { bookIDSlug: string; chapterID: string }) {
  const { data, isPending, error } = useChapterPage(bookIDSlug, chapterID);
  const title = data ? `${data.chapterContent.title} - ${data.bookDetails.english_book_name} | ${SITE_NAME}` : SITE_NAME;
  usePageMeta(title, data ? `Read ${data.chapterContent.title} of ${data.bookDetails.english_book_name} on ${SITE_NAME}.` : undefined);
  const book = data?.bookDetails;
  useFeedLinks(useMemo(() => (book ? storyFeedLinks(book.book_id, book.english_book_name) : []), [book]));
  // The reader's chosen font comes while the chapter does, not after it.
  usePreloadReaderFont();

  if (isPending) return <p>Loading</p>;
  if (isNotFound(error)) return <NotFoundPage what="chapter" />;
  if (error) return <p role="alert">Error</p>;
  return <ChapterView key={data.chapterContent.chapter_id} bookIDSlug={bookIDSlug} page={data} />;
}
