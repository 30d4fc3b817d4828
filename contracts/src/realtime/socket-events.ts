import type { CommentView } from '../api/social-responses';

/** The socket.io path of the live channel; the web client connects to it with its access token. */
export const REALTIME_PATH = '/realtime';

/** A comment thread: a book's own comments (chapter_id null) or a chapter's. */
export interface ThreadRef {
  book_id: number;
  chapter_id: number | null;
}

export const threadId = ({ book_id, chapter_id }: ThreadRef): string =>
  chapter_id === null ? `book-${book_id}` : `chapter-${book_id}-${chapter_id}`;

/** A book whose new chapters a page follows (LiveRequest.BookJoin). */
export interface BookRef {
  book_id: number;
}

export const RealtimeRoom = {
  /** Only sockets that presented this user's access token join it. */
  user: (userId: string): string => `user:${userId}`,
  thread: (thread: ThreadRef): string => `thread:${threadId(thread)}`,
  /** Every socket following at least one comment thread (joined with the thread's room): a renamed author's new name reaches them all. */
  threadFollowers: 'thread-followers',
  /** Any socket may join it (LiveRequest.BookJoin): the book's story and chapter pages hear of its new chapters. */
  book: (bookId: number): string => `book:${bookId}`,
  /** Only sockets of accounts holding the operator role join it (LiveRequest.ModerationJoin). */
  operators: 'operators',
  /**
   * The sockets of every reader who muted (or blocked) `authorId`: joined at the handshake and when the reader mutes
   * or blocks them (the workers' mutes projector). The author's comment pushes skip these rooms in the thread's room
   * and reach them folded (CommentView.author_relation) instead.
   */
  muters: (relation: 'muted' | 'blocked', authorId: string): string => `${relation}:${authorId}`,
};

/** A new report, pushed to operators on the moderation queue. */
export interface ModerationPush {
  comment_id: string;
  open_reports: number;
}

/** The two header badge counts: unread replies and liked stories with unchecked updates. */
export interface BadgeCounts {
  unreadReplies: number;
  uncheckedUpdates: number;
}

/** A new chapter of a book is readable (never sent for an edit of a chapter). */
export interface ChapterPublishedPush {
  book_id: number;
  chapter_id: number;
  title: string;
}

export interface CommentPush {
  thread: ThreadRef;
  comment: CommentView;
}

/**
 * The live channel's event names, versioned as domain events are (`comment.posted.v1`): a name stands for one payload
 * shape, for good. Always name an event by these constants, never by its string.
 *
 * To change what an event carries, leave its `.v1` as it is and add a `.v2` beside it with the new payload: the
 * server pushes both for as long as clients that know only `.v1` may be connected (an open tab keeps its bundle
 * until it is reloaded), the web client moves to `.v2`, and `.v1` goes once no client listens to it. A request
 * (client → server) evolves the same way: the gateway answers both names until old clients are gone.
 */
export const LivePush = {
  /** The reader's two header badge counts, to the user's room. */
  BadgesChanged: 'badges:changed.v1',
  /** Comment events go to the thread's room; each carries the comment as readers now see it. */
  CommentCreated: 'comment:created.v1',
  CommentEdited: 'comment:edited.v1',
  CommentDeleted: 'comment:deleted.v1',
  CommentRemoved: 'comment:removed.v1',
  /** An operator restored a removed comment: it is shown again. */
  CommentRestored: 'comment:restored.v1',
  CommentLikeCount: 'comment:like-count.v1',
  /** The moderation queue changed (a report, or an operator's decision): only to the operators' room. */
  ModerationChanged: 'moderation:changed.v1',
  /** A new chapter of the book was published (and is in the catalog read models): to the book's room. */
  ChapterPublished: 'chapter:published.v1',
  /** A reader changed their name: to every socket following a thread, whose comments by them show the new one. */
  UserRenamed: 'user:renamed.v1',
} as const;

/** What a client asks of the live channel, answered with a RoomAck. */
export const LiveRequest = {
  ThreadJoin: 'thread:join.v1',
  ThreadLeave: 'thread:leave.v1',
  /** Joins the operators' room; refused unless the socket's account holds the operator role. */
  ModerationJoin: 'moderation:join.v1',
  /** Follows a book's new chapters (any visitor); the payload is a BookRef. */
  BookJoin: 'book:join.v1',
  BookLeave: 'book:leave.v1',
} as const;

/** A reader's new name (their comments, old ones too, are shown under it). */
export interface UserRenamedPush {
  user_id: string;
  username: string;
}

export interface CommentLikeCountPush {
  thread: ThreadRef;
  comment_id: string;
  like_count: number;
}

/** What the server pushes, by LivePush name. */
export interface ServerToClientEvents {
  [LivePush.BadgesChanged]: (counts: BadgeCounts) => void;
  [LivePush.CommentCreated]: (push: CommentPush) => void;
  [LivePush.CommentEdited]: (push: CommentPush) => void;
  [LivePush.CommentDeleted]: (push: CommentPush) => void;
  [LivePush.CommentRemoved]: (push: CommentPush) => void;
  [LivePush.CommentRestored]: (push: CommentPush) => void;
  [LivePush.CommentLikeCount]: (push: CommentLikeCountPush) => void;
  [LivePush.ModerationChanged]: (push: ModerationPush) => void;
  [LivePush.ChapterPublished]: (push: ChapterPublishedPush) => void;
  [LivePush.UserRenamed]: (push: UserRenamedPush) => void;
}

/** Acknowledgement of a join or leave: ok, or the reason it was refused. */
export type RoomAck = (answer: { ok: true } | { ok: false; message: string }) => void;

/** What a client asks, by LiveRequest name. */
export interface ClientToServerEvents {
  [LiveRequest.ThreadJoin]: (thread: ThreadRef, ack?: RoomAck) => void;
  [LiveRequest.ThreadLeave]: (thread: ThreadRef, ack?: RoomAck) => void;
  [LiveRequest.ModerationJoin]: (ack?: RoomAck) => void;
  [LiveRequest.BookJoin]: (book: BookRef, ack?: RoomAck) => void;
  [LiveRequest.BookLeave]: (book: BookRef, ack?: RoomAck) => void;
}

/** The Redis key prefix shared by the API's socket.io adapter and the workers' emitter (per queue prefix). */
export const realtimeRedisKey = (queuePrefix: string): string => `${queuePrefix}:socket.io`;

/**
 * Readers with a live socket (a Redis sorted set: user id, scored with the time in ms their presence lapses), which
 * every API process keeps up for its own sockets and the workers read, so that badge counts are worked out and pushed
 * only to readers who can receive them.
 */
export const liveReadersRedisKey = (queuePrefix: string): string => `${queuePrefix}:live-readers`;
/** A reader's presence lapses this long after an API process last confirmed it (it confirms every third of it). */
export const LIVE_PRESENCE_MS = 30_000;
