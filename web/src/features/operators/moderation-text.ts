import {
  type ModeratedComment,
  type ModerationItem,
  type ModerationView,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  storySlug,
} from '@shelf/contracts';

export const OPERATORS_ONLY = 'This page is for operators.';

export const VIEW_LABELS: Record<ModerationView, string> = { review: 'Needs review', removed: 'Removed', all: 'All' };

/** What an empty view says. */
export const EMPTY_VIEW: Record<ModerationView, string> = {
  review: 'No reported comments need review.',
  removed: 'No removed comments.',
  all: 'No comment has been reported.',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The count line of a view. */
export function viewCount(view: ModerationView, total: number): string {
  if (view === 'review') return `${plural(total, 'comment needs', 'comments need')} review.`;
  if (view === 'removed') return `${plural(total, 'removed comment', 'removed comments')}.`;
  return `${plural(total, 'reported comment', 'reported comments')}.`;
}

/** Where a reported comment stands, in words. */
export function statusText(item: Pick<ModerationItem, 'status' | 'removed_by'>): string {
  switch (item.status) {
    case 'open':
      return 'Reports open';
    case 'removed':
      return item.removed_by === 'operator' ? 'Removed by an operator' : 'Removed by reports';
    case 'dismissed':
      return 'Reports dismissed';
    case 'restored':
      return 'Restored';
    case 'deleted':
      return 'Deleted by its author';
  }
}

/** The open reports' reasons, most first: "Unmarked spoilers (3)", "No reason given (1)". */
export function reasonTexts(reasons: ModerationItem['reasons']): string[] {
  const order: (ReportReason | 'none')[] = [...REPORT_REASONS, 'none'];
  return order
    .map((reason) => ({ reason, count: reasons[reason] ?? 0 }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count)
    .map(({ reason, count }) => `${reason === 'none' ? 'No reason given' : REPORT_REASON_LABELS[reason]} (${count})`);
}

/** What an operator may do with a reported comment, by where it stands. */
export function availableDecisions(item: ModerationItem): { dismiss: boolean; remove: boolean; restore: boolean } {
  const removed = item.status === 'removed';
  const deleted = item.status === 'deleted';
  return { dismiss: !removed && !deleted && item.open_reports > 0, remove: !removed && !deleted, restore: removed };
}

/** The story page of a book: with its title's slug when known, else the id alone (enough to find the book). */
export const storyPath = (bookId: number, title?: string): string => (title ? `/${storySlug(bookId, title)}` : `/${bookId}`);

/** The comment on the site: its story or chapter page with the comment's anchor (see comments/comment-hash.ts). */
export function commentPath(comment: Pick<ModeratedComment, 'book_id' | 'chapter_id' | 'comment_id'>, title?: string): string {
  const page = comment.chapter_id === null ? storyPath(comment.book_id, title) : `${storyPath(comment.book_id, title)}/${comment.chapter_id}`;
  return `${page}#${encodeURIComponent(comment.comment_id)}`;
}

/** A suspension's end in words. */
export function suspensionText(until: string | null): string {
  if (until === null) return 'Suspended from commenting for good.';
  return `Suspended from commenting until ${new Date(until).toLocaleString()}.`;
}
