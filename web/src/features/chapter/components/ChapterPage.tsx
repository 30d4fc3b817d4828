import { isNotFound } from '../../../shared/api/is-not-found';
import { NotFoundPage } from '../../../shared/page/NotFoundPage';
import { useMemo } from 'react';
import { SITE_NAME } from '../../../shared/config/site-config';
import { storyFeedLinks, useFeedLinks } from '../../feeds';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { usePreloadReaderFont } from '../../reader-settings';
import { useChapterPage } from '../queries';
import { type ChapterParts, ChapterView } from './ChapterView';
import './chapter.css';

interface ChapterPageProps {
  bookIDSlug: string;
  chapterID: string;
  parts: ChapterParts;
}

/** A chapter (/:bookIDSlug/:chapterID): loads it, then shows it. */
export function ChapterPage({ bookIDSlug, chapterID, parts }: ChapterPageProps) {
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
  return <ChapterView key={data.chapterContent.chapter_id} bookIDSlug={bookIDSlug} page={data} parts={parts} />;
}
