import { BookPage } from '../../features/book-page';
import { ShelfControl } from '../../features/library';
import { LikeButton } from '../../features/likes';
import { lazyComponent } from '../../shared/ui/lazy-component';
import { WhenNear } from '../../shared/ui/WhenNear';

// The comments, below the story's chapters, load their code when they are about to be drawn (see WhenNear), as a
// chapter's do: the page's load and hydration carry none of their work.
const CommentSection = lazyComponent(() => import('../../features/comments/components/CommentSection').then((m) => m.CommentSection));

/** The story's comments, drawn once they come near the screen or the browser is idle. */
function StoryComments({ bookId }: { bookId: number; chapterId: null }) {
  return (
    <WhenNear>
      <CommentSection bookId={bookId} chapterId={null} />
    </WhenNear>
  );
}

const parts = { LikeButton, ShelfControl, CommentSection: StoryComments };

/** The story page with the parts other features draw on it: the Like button, the shelf control, the comments. */
export function BookScreen({ bookId, bookIdSlug }: { bookId: number; bookIdSlug: string }) {
  return <BookPage bookId={bookId} bookIdSlug={bookIdSlug} parts={parts} />;
}
