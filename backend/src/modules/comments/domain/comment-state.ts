import { type AnyDomainEvent, type CommentEvent, SocialEventType } from '@shelf/contracts';

/** A comment as its commands see it, folded from the `comment-{id}` stream. */
export interface CommentState {
  commentId: string;
  bookId: number;
  chapterId: number | null;
  userId: string;
  content: string;
  deleted: boolean;
  removed: boolean;
  reporters: string[];
  version: number;
}

function apply(state: CommentState | null, event: CommentEvent): CommentState | null {
  if (event.type === SocialEventType.CommentPosted) {
    const { data } = event;
    return {
      commentId: data.comment_id, bookId: data.book_id, chapterId: data.chapter_id, userId: data.user_id,
      content: data.comment_content, deleted: false, removed: false, reporters: [], version: event.version,
    };
  }
  if (!state) return null;
  const next = { ...state, version: event.version };
  switch (event.type) {
    case SocialEventType.CommentEdited:
      return { ...next, content: event.data.comment_content };
    case SocialEventType.CommentDeleted:
      return { ...next, deleted: true };
    case SocialEventType.CommentReported:
      return { ...next, reporters: [...next.reporters, event.data.reporter_id] };
    case SocialEventType.CommentRemoved:
      return { ...next, removed: true };
    default:
      return next;
  }
}

export function foldComment(history: AnyDomainEvent[]): CommentState | null {
  return (history as CommentEvent[]).reduce<CommentState | null>(apply, null);
}

/** Whether a reader's comment-like stream ends liked. */
export function foldCommentLike(history: AnyDomainEvent[]): boolean {
  return history.at(-1)?.type === SocialEventType.CommentLiked;
}
