import { BookPage } from '../../features/book-page';
import { ShelfControl } from '../../features/library';
import { CommentSection } from '../../features/comments';
import { LikeButton } from '../../features/likes';

const parts = { LikeButton, ShelfControl, CommentSection };

/** The story page with the parts other features draw on it: the Like button, the shelf control, the comments. */
export function BookScreen({ bookId, bookIdSlug }: { bookId: number; bookIdSlug: string }) {
  return <BookPage bookId={bookId} bookIdSlug={bookIdSlug} parts={parts} />;
}
