import { BookPage } from '../../features/book-page/components/BookPage';
import { ShelfControl } from '../../features/library/components/ShelfControl';
import { CommentSection } from '../../features/comments/components/CommentSection';
import { LikeButton } from '../../features/likes/components/LikeButton';

const parts = { LikeButton, ShelfControl, CommentSection };

/** The story page with the parts other features draw on it: the Like button, the shelf control, the comments. */
export function BookScreen({ bookId, bookIdSlug }: { bookId: number; bookIdSlug: string }) {
  return <BookPage bookId={bookId} bookIdSlug={bookIdSlug} parts={parts} />;
}
