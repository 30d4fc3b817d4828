import type { ReportReason } from '../comments/report-reasons';
import type { DomainEvent } from './domain-event';

export const SocialEventType = {
  StoryLiked: 'story.liked.v1',
  StoryUnliked: 'story.unliked.v1',
  CommentPosted: 'comment.posted.v1',
  CommentEdited: 'comment.edited.v1',
  CommentDeleted: 'comment.deleted.v1',
  /** Written before reports had reasons; read as a report without one. */
  CommentReported: 'comment.reported.v1',
  /** A report with its reason; `report_count` counts the open reports (since the last dismissal or restoration). */
  CommentReportedV2: 'comment.reported.v2',
  /** Appended with the report that reaches the removal threshold. */
  CommentRemoved: 'comment.removed.v1',
  /** An operator removed the comment (the event's actor). */
  CommentRemovedByOperator: 'comment.removed-by-operator.v1',
  /** An operator dismissed the comment's open reports. */
  CommentReportsDismissed: 'comment.reports-dismissed.v1',
  /** An operator restored a removed comment; its open reports are dismissed with it. */
  CommentRestored: 'comment.restored.v1',
  /**
   * The comment's author is deleting their account: what the comment keeps of them (name, e-mail hash, text) is
   * erased from the read models now, as a rebuild after the erasure reads it (docs/architecture.md, "Erasure").
   */
  CommentAuthorErased: 'comment.author-erased.v1',
  CommentLiked: 'comment.liked.v1',
  CommentUnliked: 'comment.unliked.v1',
  RepliesMarkedRead: 'reader.replies-marked-read.v1',
  LikedUpdatesChecked: 'reader.liked-updates-checked.v1',
} as const;

/** A like of one reader for one book; its stream holds only that pair's likes and unlikes. */
export type StoryLikedV1 = DomainEvent<typeof SocialEventType.StoryLiked, { book_id: number; user_id: string }>;
export type StoryUnlikedV1 = DomainEvent<typeof SocialEventType.StoryUnliked, { book_id: number; user_id: string }>;

/** A comment as written, with its author's name and e-mail hash at the time of posting. */
export type CommentPostedV1 = DomainEvent<
  typeof SocialEventType.CommentPosted,
  {
    comment_id: string;
    book_id: number;
    chapter_id: number | null;
    parent_comment_id: string | null;
    /** The parent's author, who gets the reply notification (null for a top-level comment). */
    parent_user_id: string | null;
    user_id: string;
    username: string;
    email_hash: string;
    comment_content: string;
    /**
     * The key of the chapter's paragraph it is on (PARAGRAPH_KEY): a reply's is its parent's. Absent for a comment on
     * no paragraph (and for every comment posted before paragraph comments).
     */
    paragraph?: string;
  }
>;
type CommentRef = { comment_id: string; book_id: number; chapter_id: number | null };
export type CommentEditedV1 = DomainEvent<typeof SocialEventType.CommentEdited, CommentRef & { comment_content: string }>;
export type CommentDeletedV1 = DomainEvent<typeof SocialEventType.CommentDeleted, CommentRef>;
export type CommentReportedV1 = DomainEvent<typeof SocialEventType.CommentReported, CommentRef & { reporter_id: string; report_count: number }>;
export type CommentReportedV2 = DomainEvent<
  typeof SocialEventType.CommentReportedV2,
  CommentRef & { reporter_id: string; report_count: number; reason: ReportReason | null }
>;
export type CommentRemovedV1 = DomainEvent<typeof SocialEventType.CommentRemoved, CommentRef>;
export type CommentRemovedByOperatorV1 = DomainEvent<typeof SocialEventType.CommentRemovedByOperator, CommentRef>;
export type CommentReportsDismissedV1 = DomainEvent<typeof SocialEventType.CommentReportsDismissed, CommentRef & { dismissed_reports: number }>;
export type CommentRestoredV1 = DomainEvent<typeof SocialEventType.CommentRestored, CommentRef>;
export type CommentAuthorErasedV1 = DomainEvent<typeof SocialEventType.CommentAuthorErased, CommentRef>;
export type CommentLikedV1 = DomainEvent<typeof SocialEventType.CommentLiked, CommentRef & { user_id: string }>;
export type CommentUnlikedV1 = DomainEvent<typeof SocialEventType.CommentUnliked, CommentRef & { user_id: string }>;

/** The reader opened their reply notifications: every reply projected up to the event's time counts as read. */
export type RepliesMarkedReadV1 = DomainEvent<typeof SocialEventType.RepliesMarkedRead, { user_id: string }>;
/** The reader opened their liked stories: every update up to the event's time counts as checked. */
export type LikedUpdatesCheckedV1 = DomainEvent<typeof SocialEventType.LikedUpdatesChecked, { user_id: string }>;

export type StoryLikeEvent = StoryLikedV1 | StoryUnlikedV1;
export type CommentEvent =
  | CommentPostedV1
  | CommentEditedV1
  | CommentDeletedV1
  | CommentReportedV1
  | CommentReportedV2
  | CommentRemovedV1
  | CommentRemovedByOperatorV1
  | CommentReportsDismissedV1
  | CommentRestoredV1
  | CommentAuthorErasedV1
  | CommentLikedV1
  | CommentUnlikedV1;
export type ReaderEvent = RepliesMarkedReadV1 | LikedUpdatesCheckedV1;
export type SocialEvent = StoryLikeEvent | CommentEvent | ReaderEvent;

export const socialStreams = {
  storyLike: (bookId: number, userId: string): string => `story-like-${bookId}-${userId}`,
  comment: (commentId: string): string => `comment-${commentId}`,
  commentLike: (commentId: string, userId: string): string => `comment-like-${commentId}-${userId}`,
  /**
   * The comment's `comment.author-erased.v1`, a stream of one event beside the comment's (in its thread's partition,
   * as every comment.* event): appended without reading the comment's stream, so a deletion of many comments costs
   * their appends alone.
   */
  commentAuthorErased: (commentId: string): string => `comment-author-erased-${commentId}`,
  /** Marks need no ordering among themselves: each is a stream of one event. */
  readerMark: (userId: string, markId: string): string => `reader-${userId}-mark-${markId}`,
};
