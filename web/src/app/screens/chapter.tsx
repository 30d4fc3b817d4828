import { bookIdOfSlug } from '@shelf/contracts';
import { useParams } from 'react-router-dom';
import { CHAPTER_ID, ChapterPage } from '../../features/chapter';
import { HomePage } from '../../features/home';
import { LikeButton } from '../../features/likes';
import { lazyComponent } from '../../shared/ui/lazy-component';
import { WhenNear } from '../../shared/ui/WhenNear';

// The comments, below the chapter's text, load their code when they are about to be drawn (see WhenNear).
const CommentSection = lazyComponent(() => import('../../features/comments/components/CommentSection').then((m) => m.CommentSection));

/**
 * The chapter's comments, drawn once they come near the screen or the browser is idle; a paragraph's (in the dialog the
 * reader opened) at once.
 */
function ChapterComments({ bookId, chapterId, paragraph }: { bookId: number; chapterId: number; paragraph?: string }) {
  if (paragraph !== undefined) return <CommentSection bookId={bookId} chapterId={chapterId} paragraph={paragraph} />;
  return (
    <WhenNear>
      <CommentSection bookId={bookId} chapterId={chapterId} />
    </WhenNear>
  );
}

const parts = { LikeButton, CommentSection: ChapterComments };

/**
 * /:bookIDSlug/:chapterID: the chapter page with the parts other features draw on it (the Like button, the chapter's
 * comments). A path that names no book id and chapter id is unknown, so it shows home.
 */
export function ChapterScreen() {
  const { bookIDSlug = '', chapterID = '' } = useParams();
  if (bookIdOfSlug(bookIDSlug) === null || !CHAPTER_ID.test(chapterID)) return <HomePage />;
  return <ChapterPage bookIDSlug={bookIDSlug} chapterID={chapterID} parts={parts} />;
}
