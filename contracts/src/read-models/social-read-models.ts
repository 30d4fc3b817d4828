import { type LogPlace, partitionPartId, partitionPartIds } from '../events/event-log';

/**
 * Read models that grow with activity keep to the bucket pattern: a small head document per owner (a thread, a
 * reader's inbox) with its counters, and the items in pages of at most PAGE_ITEMS, `_id` = pageId(owner, n), filled
 * in arrival order. Projecting one more item reads and writes one head and one page whatever the owner holds, and every
 * lookup is by `_id` (the embedded store answers nothing else without a scan).
 */
export const SocialReadModelCollection = {
  /** One head per comment thread, `_id` = threadId(...). */
  CommentThreads: 'rm_comment_threads',
  /** A thread's comments, in pages of COMMENT_PAGE_ITEMS (see CommentPageReadModel). */
  CommentPages: 'rm_comment_pages',
  /** Where each comment is, `_id` = comment id. */
  CommentIndex: 'rm_comment_index',
  /** One document per (comment, liker), `_id` = commentLikeId(...). */
  CommentLikes: 'rm_comment_likes',
  /** The comments of one thread a reader likes, `_id` = readerThreadId(...). */
  ReaderCommentLikes: 'rm_reader_comment_likes',
  /** Per partition of the log, how many username changes it holds, `_id` = partitionId(...) (see NameChangesHead). */
  NameChangeHeads: 'rm_name_change_heads',
  /** The username changes of each partition, in pages, `_id` = pageId(partitionId(...), n). */
  NameChangePages: 'rm_name_change_pages',
  /** One head per book with likes, `_id` = book id as text. */
  StoryLikes: 'rm_story_likes',
  /** Who has liked each book, in pages (for a new chapter's fan-out). */
  StoryLikerPages: 'rm_story_liker_pages',
  /** A reader's liked stories in parts, one per partition of the log, `_id` = readerLikesId(...). */
  ReaderLikes: 'rm_reader_likes',
  /**
   * A reader's replies in parts, one per partition of the log (the replies' threads'), as ordered pages keyed by
   * replyKey: each part's head and directory, `_id` = replyInboxPartId(...).
   */
  ReplyInboxes: 'rm_reply_inboxes',
  /** The pages of the reply parts that outgrew their heads. */
  ReplyPages: 'rm_reply_pages',
  /** Each reply: whose inbox holds it, its key there, and its entry as it stands, `_id` = the reply's comment id. */
  ReplyIndex: 'rm_reply_index',
  /**
   * Each reader's read marks of their replies, one per partition of the log (a mark is a stream of its own, in any
   * partition), `_id` = replyInboxPartId(...): the latest of them counts.
   */
  ReplyReads: 'rm_reply_reads',
} as const;

/** Items per page of a bucketed read model. */
export const PAGE_ITEMS = 100;

export const pageId = (owner: string, page: number): string => `${owner}#${String(page).padStart(6, '0')}`;
export const commentLikeId = (commentId: string, userId: string): string => `${commentId}:${userId}`;
export const readerThreadId = (userId: string, thread: string): string => `${userId}@${thread}`;

/**
 * Event ids a head or page remembers having applied, so an event retried after a crash is not counted twice: more than
 * a partition consumer applies between two checkpoints (its batch), since a crash there applies the batch again.
 */
export const APPLIED_MEMORY = 128;

/** One comment as its thread's page holds it: the original text is kept, masking happens when it is sent. */
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
  /** When the text was last edited (the edit event's time); null or absent (projected before edits were timed): never. */
  edited_time?: string | null;
  deleted: boolean;
  removed: boolean;
  report_count: number;
  like_count: number;
  /** The version of the comment's stream this entry reflects. */
  version: number;
  /** Its place in the thread, from 0. */
  seq: number;
  /** The key of the chapter's paragraph it is on; absent for a comment on no paragraph. */
  paragraph?: string;
}

export interface CommentThreadReadModel {
  _id: string;
  book_id: number;
  chapter_id: number | null;
  /** Comments posted: the next one is number `count`, on page floor(count / COMMENT_PAGE_ITEMS). */
  count: number;
  /**
   * Events of the thread applied (posts, likes, edits, reports …): it moves whenever a page may have, so a reader that
   * keeps the thread's pages knows whether they are still current by this head alone.
   */
  changes: number;
  /**
   * The log position (in the thread's partition) of the last event counted in `changes`: one at or before it, applied
   * again after a crash, is not counted twice (one applied out of log order, a parked event retried, counts if it
   * changed its page).
   */
  changed_at: number;
  /** The page each of the last CHANGED_PAGES_MEMORY changes was on, oldest first: the pages to read again. */
  changed_pages: number[];
  /** The posts counted in `count`. */
  applied: string[];
  /**
   * Per paragraph key, the thread's comments on it that readers are shown (not deleted or removed), replies included;
   * absent or without a key: none.
   */
  paragraphs?: Record<string, number>;
}

/** Changes whose pages a thread's head names: a reader further behind reads the whole thread again. */
export const CHANGED_PAGES_MEMORY = 64;

/**
 * Comments per page of a thread. A whole thread is read page by page, and the embedded store reads a long string
 * about ten times faster than the same entries as nested documents, so a page keeps its comments as text (see
 * read-model-formats' comment-pages-format.ts): at 200 a page, a thread of 100,000 is 500 reads.
 */
export const COMMENT_PAGE_ITEMS = 200;

export interface CommentPageReadModel {
  _id: string;
  /** Comments on the page so far: the next one of the thread that lands here is its number `count` (from 0). */
  count: number;
  /** The page's comments as of its last packing (withComment), '' before the first. */
  packed: string;
  /** JSON of the comments added or changed since then, which win over `packed`; packed again past LOOSE_ITEMS. */
  loose: string;
  applied: string[];
}

export interface CommentIndexReadModel {
  _id: string;
  thread: string;
  page: number;
}

/** One partition's log of username changes: how many it holds (items 0 … count − 1 in its pages). */
export interface NameChangesHead {
  _id: string;
  count: number;
  applied: string[];
}

/** A username change: the stream version of the user it comes from, so that the latest of a user's wins. */
export interface NameChange {
  user_id: string;
  username: string;
  version: number;
}

export interface NameChangePage {
  _id: string;
  /** Keyed `n{item number}`. */
  changes: Record<string, NameChange>;
}

export interface CommentLikeReadModel {
  _id: string;
  /** The version of the liker's comment-like stream applied, and whether it ends liked. */
  version: number;
  liked: boolean;
}

export interface ReaderCommentLikesReadModel {
  _id: string;
  /** Keyed `k{comment_id}`: the comments of the thread the reader likes now. */
  comments: Record<string, true>;
}

export interface StoryLikesReadModel {
  _id: string;
  book_id: number;
  like_count: number;
  /** Readers who have ever liked the book, listed in the liker pages. */
  likers: number;
  applied: string[];
}

export interface StoryLikerPageReadModel {
  _id: string;
  /** Keyed `u{userId}`. Whether each likes the book now is in their rm_reader_likes. */
  likers: Record<string, string>;
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

/**
 * The part of a reader's liked stories that one partition of the log changes: the books whose likes and chapters are
 * in it, and the reader's checks that landed in it. Each part has one writer, the partition's consumer, so no part
 * needs a lock; a reader's likes are the parts merged (mergeReaderLikes).
 */
export const readerLikesId = partitionPartId;

/** A reader's likes, read part by part (all at once) through `findOne`. */
export async function loadReaderLikes(
  userId: string,
  findOne: (filter: { _id: string }) => Promise<ReaderLikesReadModel | null>,
): Promise<ReaderLikesReadModel | null> {
  return mergeReaderLikes(userId, await Promise.all(partitionPartIds(userId).map((_id) => findOne({ _id }))));
}

/** A reader's likes from their parts: every book, and the latest check (a check only ever moves forward). */
export function mergeReaderLikes(userId: string, parts: readonly (ReaderLikesReadModel | null)[]): ReaderLikesReadModel | null {
  const found = parts.filter((part): part is ReaderLikesReadModel => part !== null);
  if (found.length === 0) return null;
  const checked = found.map((part) => part.checked_up_to).filter((at): at is string => at !== null);
  return {
    _id: userId,
    books: Object.assign({}, ...found.map((part) => part.books)) as Record<string, ReaderLikedStory>,
    checked_up_to: checked.length > 0 ? checked.reduce((a, b) => (a > b ? a : b)) : null,
  };
}

export interface ReplyInboxEntry {
  comment_id: string;
  parent_comment_id: string;
  book_id: number;
  chapter_id: number | null;
  comment_time: string;
  /**
   * Where its posting is in the log (absent: projected out of log order, by an operator's retry, or before places were
   * kept): e-mail digests list the replies projected between two of them by it (DigestWindow).
   */
  place?: LogPlace;
  /** The version of the reply's comment stream applied (absent: 1, its posting). */
  version?: number;
  /** Deleted by its author, or removed (reports or an operator): no longer news, so never counted unread. */
  deleted?: boolean;
  removed?: boolean;
}

/** Where a reply is: the inbox (user id), its key in the inbox's part, and its entry as the part holds it. */
export interface ReplyIndexReadModel {
  _id: string;
  user_id: string;
  key: string;
  entry: ReplyInboxEntry;
}

/** A reader's latest read mark of a partition: replies up to this time are read. */
export interface ReplyReadMarkReadModel {
  _id: string;
  read_up_to: string;
}

/** Replies per page of a reply part, and in a part's head before it pages. */
export const REPLY_PAGE_ENTRIES = 200;
/** Newest replies a paged part's head keeps a copy of: the reply badge and a first page read the heads alone. */
export const REPLY_HEAD_ENTRIES = 20;

/** The reader's part of their reply inbox for a partition of the log (the replies' threads'), and all their parts. */
export const replyInboxPartId = (userId: string, partition: number): string => partitionPartId(userId, partition);
export const replyInboxPartIds = (userId: string): string[] => partitionPartIds(userId);

/** A reply's key in its part: replies sort by time (ISO text, all one length), then by comment id. */
export const replyKey = (reply: Pick<ReplyInboxEntry, 'comment_time' | 'comment_id'>): string => `${reply.comment_time}|${reply.comment_id}`;
/** The least key after every reply at or before `readUpTo`: reading keys from it gives the replies after the mark. */
export const replyKeyAfter = (readUpTo: string): string => `${readUpTo}|\uffff`;

export const commentKey = (commentId: string): string => `k${commentId}`;
export const userKey = (userId: string): string => `u${userId}`;
export const bookKey = (bookId: number): string => `b${bookId}`;

/** An update is unchecked when it came after the reader last checked. */
export const hasNewUpdates = (story: ReaderLikedStory, checkedUpTo: string | null): boolean =>
  story.liked && story.last_update_at !== null && (checkedUpTo === null || story.last_update_at > checkedUpTo);

export const isUnread = (reply: ReplyInboxEntry, readUpTo: string | null): boolean => readUpTo === null || reply.comment_time > readUpTo;

/** A reply its author deleted or that was removed: shown as such, but not news any more. */
export const isHiddenReply = (reply: ReplyInboxEntry): boolean => Boolean(reply.deleted || reply.removed);

/** What the reply badge counts: a reply newer than the read mark that is still there to read. */
export const countsAsUnread = (reply: ReplyInboxEntry, readUpTo: string | null): boolean => !isHiddenReply(reply) && isUnread(reply, readUpTo);

/** Remembers `eventId` among the last APPLIED_MEMORY applied. */
export const rememberApplied = (applied: string[], eventId: string): string[] => [...applied, eventId].slice(-APPLIED_MEMORY);

/** The reader's liked stories with unchecked updates: the liked-story badge. */
export const uncheckedUpdateCount = (likes: ReaderLikesReadModel | null): number =>
  likes ? Object.values(likes.books).filter((story) => hasNewUpdates(story, likes.checked_up_to)).length : 0;
