import { type AnyDomainEvent, type CommentEvent, SocialEventType } from '@shelf/contracts';

/** A comment as its commands see it, folded from the `comment-{id}` stream. */
export interface CommentState {
  commentId: string;
  bookId: number;
  chapterId: number | null;
  /** The key of the chapter's paragraph it is on (null: none). */
  paragraph: string | null;
  userId: string;
  content: string;
  deleted: boolean;
  removed: boolean;
  /** Who removed it: its tenth open report, or an operator (who may also confirm a removal by reports). */
  removedBy: 'reports' | 'operator' | null;
  /** Everyone who ever reported it (a reader reports a comment once). */
  reporters: string[];
  /** Reports since the last dismissal or restoration: the removal threshold counts these. */
  openReports: number;
  version: number;
}

function apply(state: CommentState | null, event: CommentEvent): CommentState | null {
  if (event.type === SocialEventType.CommentPosted) {
    const { data } = event;
    return {
      commentId: data.comment_id, bookId: data.book_id, chapterId: data.chapter_id, paragraph: data.paragraph ?? null, userId: data.user_id,
      content: data.comment_content, deleted: false, removed: false, removedBy: null, reporters: [], openReports: 0, version: event.version,
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
    case SocialEventType.CommentReportedV2:
      return { ...next, reporters: [...next.reporters, event.data.reporter_id], openReports: next.openReports + 1 };
    case SocialEventType.CommentRemoved:
      return { ...next, removed: true, removedBy: 'reports' };
    case SocialEventType.CommentRemovedByOperator:
      return { ...next, removed: true, removedBy: 'operator' };
    case SocialEventType.CommentReportsDismissed:
      return { ...next, openReports: 0 };
    case SocialEventType.CommentRestored:
      return { ...next, removed: false, removedBy: null, openReports: 0 };
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
