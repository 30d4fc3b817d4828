export const SocialReadModelCollection = {
  /** One document per comment thread, `_id` = threadId(...). */
  CommentThreads: 'rm_comment_threads',
  /** One document per book with likes, `_id` = book id as text. */
  StoryLikes: 'rm_story_likes',
  /** One document per reader who liked a story, `_id` = user id. */
  ReaderLikes: 'rm_reader_likes',
  /** One document per reader who got a reply, `_id` = user id. */
  ReplyInboxes: 'rm_reply_inboxes',
} as const;

/** One comment as its thread document holds it: the original text is kept, masking happens when it is sent. */
export interface CommentEntry {
  comment_id: string;
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  parent_user_id: string | null;
  user_id: string;
  username: string;
  email_hash: string;
  comment_content: string;
  comment_time: string;
  deleted: boolean;
  removed: boolean;
  report_count: number;
  /** Per liker (`u{userId}`): the version of their comment-like stream applied and whether it ends liked. */
  likes: Record<string, { version: number; liked: boolean }>;
  like_count: number;
  /** The version of the comment's stream this entry reflects. */
  version: number;
}

export interface CommentThreadReadModel {
  _id: string;
  book_id: number;
  chapter_id: number | null;
  /** Keyed `k{comment_id}`. */
  comments: Record<string, CommentEntry>;
}

export interface StoryLikesReadModel {
  _id: string;
  book_id: number;
  /** Keyed `u{userId}`: the version of the reader's like stream applied and whether it ends liked. */
  likers: Record<string, { user_id: string; version: number; liked: boolean; liked_time: string }>;
  like_count: number;
}

export interface ReaderLikedStory {
  book_id: number;
  liked: boolean;
  /** Version of the reader's like stream for this book. */
  version: number;
  liked_time: string;
  /** Time of the newest chapter published while the reader liked the book (null: none yet). */
  last_update_at: string | null;
}

export interface ReaderLikesReadModel {
  _id: string;
  /** Keyed `b{book_id}`. */
  books: Record<string, ReaderLikedStory>;
  /** Updates up to this time are checked. */
  checked_up_to: string | null;
}

export interface ReplyInboxEntry {
  comment_id: string;
  parent_comment_id: string;
  book_id: number;
  chapter_id: number | null;
  comment_time: string;
}

export interface ReplyInboxReadModel {
  _id: string;
  /** Keyed `k{comment_id}`. */
  replies: Record<string, ReplyInboxEntry>;
  /** Replies up to this time are read. */
  read_up_to: string | null;
}

export const commentKey = (commentId: string): string => `k${commentId}`;
export const userKey = (userId: string): string => `u${userId}`;
export const bookKey = (bookId: number): string => `b${bookId}`;

/** An update is unchecked when it came after the reader last checked. */
export const hasNewUpdates = (story: ReaderLikedStory, checkedUpTo: string | null): boolean =>
  story.liked && story.last_update_at !== null && (checkedUpTo === null || story.last_update_at > checkedUpTo);

export const isUnread = (reply: ReplyInboxEntry, readUpTo: string | null): boolean => readUpTo === null || reply.comment_time > readUpTo;

/** The reader's unread replies: the reply badge. */
export const unreadReplyCount = (inbox: ReplyInboxReadModel | null): number =>
  inbox ? Object.values(inbox.replies).filter((reply) => isUnread(reply, inbox.read_up_to)).length : 0;

/** The reader's liked stories with unchecked updates: the liked-story badge. */
export const uncheckedUpdateCount = (likes: ReaderLikesReadModel | null): number =>
  likes ? Object.values(likes.books).filter((story) => hasNewUpdates(story, likes.checked_up_to)).length : 0;
