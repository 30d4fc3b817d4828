import type { MuteRelation } from '../read-models/reader-mutes';
import type { BookListItem } from './book-list-item';

/**
 * A comment as the API and the live push send it. A deleted or removed comment never
 * carries its original text or author: they are replaced by the spec's texts. Instead of the commenter's e-mail,
 * which would let anyone harvest addresses, it carries `email_hash` (SHA-256 of the trimmed, lowercased e-mail, as
 * avatar services take it); null for deleted or removed comments, which show the fixed fallback avatar.
 */
export interface CommentView {
  comment_id: string;
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  comment_content: string;
  /** ISO 8601. */
  comment_time: string;
  /**
   * ISO 8601: when the text was last edited; null when it never was (and for a deleted or removed comment). The API
   * and the live push always send it; optional for older clients' and tests' comments, read as null.
   */
  edited_time?: string | null;
  /** The author's current name (a renamed reader's old comments show the new one). */
  username: string;
  email_hash: string | null;
  user_id: string | null;
  like_count: number;
  report_count: number;
  deleted_comment: boolean;
  /**
   * Only to a signed-in reader, and only when they muted (`muted`) or blocked (`blocked`) the author: the comment
   * folds to "Comment from a muted reader" with Show. Absent otherwise.
   */
  author_relation?: MuteRelation;
  /** The key of the chapter's paragraph the comment is on (a reply's is its parent's); absent for one on no paragraph. */
  paragraph?: string;
}

export type CommentSort = 'likes' | 'newest' | 'oldest';
export const COMMENT_SORTS: readonly CommentSort[] = ['likes', 'newest', 'oldest'];

export interface CommentsResponse {
  comments: CommentView[];
}

export interface CommentsWithLikesResponse extends CommentsResponse {
  /** The comments of this thread the reader likes (of a paged answer: those of the page). */
  likedComments: { comment_id: string }[];
}

/** The most comments a paged answer holds (`limit`). */
export const COMMENTS_PAGE_MAX = 500;

/**
 * What an answer asked for with `limit` (paged) has besides the spec's fields: the `after` that asks for the next page
 * (null for the last one) and how many comments the thread holds. An answer without `limit` has neither.
 */
export interface CommentsPaging {
  next_after: string | null;
  total_comments: number;
}

/** The answer to a comment write: `success` 1 or 0 (then `message` says why). */
export interface CommentWriteResponse {
  success: 0 | 1;
  message: string;
  comment_id?: string;
}

/** A story's like count, and whether the asking reader likes it (false for a visitor). */
export interface LikeStatusResponse {
  isLiked: boolean;
  likeCount: { like_count: number };
}

/** A reply to one of the reader's comments, as the reply notifications list it. */
export interface ReplyItem {
  comment_id: string;
  comment_content: string;
  /** ISO 8601. */
  comment_time: string;
  parent_comment_id: string;
  parent_comment_content: string;
  username: string;
  book_id: number;
  english_book_name: string;
  chapter_id?: number;
  chapter_title?: string;
  notification_is_read: boolean;
  /**
   * Present when the reply is on a chapter later than the one the reader is on (and they fold such comments): the
   * chapter they are on, so the card folds the reply (a spoiler fold).
   */
  reader_chapter_id?: number;
}

export interface RepliesResponse {
  replies: ReplyItem[];
  totalPages: number;
}

export interface UnreadCountResponse {
  unreadCount: number;
}

export interface UncheckedUpdatesResponse {
  uncheckedUpdatesCount: number;
}

export interface LikedStoriesResponse {
  books: BookListItem[];
  totalPages: number;
}

export type LikedStorySort = 'last_updated' | 'like_count' | 'liked_time';
export const LIKED_STORY_SORTS: readonly LikedStorySort[] = ['last_updated', 'like_count', 'liked_time'];
