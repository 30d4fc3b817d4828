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

export const RealtimeRoom = {
  /** Only sockets that presented this user's access token join it. */
  user: (userId: string): string => `user:${userId}`,
  thread: (thread: ThreadRef): string => `thread:${threadId(thread)}`,
  /** Only sockets of accounts holding the operator role join it (`moderation:join`). */
  operators: 'operators',
};

/** A new report, pushed to operators on the moderation queue. */
export interface ModerationPush {
  comment_id: string;
  open_reports: number;
}

/** The two header badge counts of spec section 2. */
export interface BadgeCounts {
  unreadReplies: number;
  uncheckedUpdates: number;
}

export interface CommentPush {
  thread: ThreadRef;
  comment: CommentView;
}

/** What the server pushes. Comment events go to the thread's room, badge counts to the user's room. */
export interface ServerToClientEvents {
  'badges:changed': (counts: BadgeCounts) => void;
  'comment:created': (push: CommentPush) => void;
  'comment:edited': (push: CommentPush) => void;
  'comment:deleted': (push: CommentPush) => void;
  'comment:removed': (push: CommentPush) => void;
  /** An operator restored a removed comment: it is shown again. */
  'comment:restored': (push: CommentPush) => void;
  /** The moderation queue changed (a report, or an operator's decision): only to the operators' room. */
  'moderation:changed': (push: ModerationPush) => void;
  'comment:like-count': (push: { thread: ThreadRef; comment_id: string; like_count: number }) => void;
}

/** Acknowledgement of a join or leave: ok, or the reason it was refused. */
export type RoomAck = (answer: { ok: true } | { ok: false; message: string }) => void;

export interface ClientToServerEvents {
  'thread:join': (thread: ThreadRef, ack?: RoomAck) => void;
  'thread:leave': (thread: ThreadRef, ack?: RoomAck) => void;
  /** Joins the operators' room; refused unless the socket's account holds the operator role. */
  'moderation:join': (ack?: RoomAck) => void;
}

/** The Redis key prefix shared by the API's socket.io adapter and the workers' emitter (per queue prefix). */
export const realtimeRedisKey = (queuePrefix: string): string => `${queuePrefix}:socket.io`;
