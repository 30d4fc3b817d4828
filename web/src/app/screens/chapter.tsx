import { bookIdOfSlug } from '@shelf/contracts';
import { useParams } from 'react-router-dom';
import { CHAPTER_ID } from '../../features/chapter/chapter-paths';
import { ChapterPage } from '../../features/chapter/components/ChapterPage';
import { CommentSection } from '../../features/comments/components/CommentSection';
import { HomePage } from '../../features/home/components/HomePage';
import { LikeButton } from '../../features/likes/components/LikeButton';

const parts = { LikeButton, CommentSection };

/**
 * /:bookIDSlug/:chapterID: the chapter page with the parts other features draw on it (the Like button, the chapter's
 * comments). A path that names no book id and chapter id is unknown, so it shows home.
 */
export function ChapterScreen() {
  const { bookIDSlug = '', chapterID = '' } = useParams();
  if (bookIdOfSlug(bookIDSlug) === null || !CHAPTER_ID.test(chapterID)) return <HomePage />;
  return <ChapterPage bookIDSlug={bookIDSlug} chapterID={chapterID} parts={parts} />;
}
