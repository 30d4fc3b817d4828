import type { CommentEntry } from '../read-models/social-read-models';
import type { MuteRelation } from '../read-models/reader-mutes';
import type { ChapterPublishedPush, ModerationPush, ThreadRef, UserRenamedPush } from './socket-events';

/**
 * A live push a projector asks for while it applies an event. Projectors only queue them (ProjectionContext.push in
 * the workers' projection engine); the partition runner hands a batch's pushes to the engine's LIVE_PUSHES port
 * (the workers' LiveDelivery) once the documents they announce are stored, and a rebuild drops them
 * (docs/architecture.md, "Side effects").
 */
export type LivePushRequest =
  | { kind: 'badges'; userId: string }
  | { kind: 'comment'; change: 'created' | 'edited' | 'deleted' | 'removed' | 'restored'; thread: ThreadRef; entry: CommentEntry }
  | { kind: 'comment-like-count'; thread: ThreadRef; commentId: string; likeCount: number }
  | { kind: 'moderation'; push: ModerationPush }
  | { kind: 'chapter-published'; push: ChapterPublishedPush }
  | { kind: 'user-renamed'; push: UserRenamedPush }
  /** The reader `userId` muted or blocked `targetId` (on), or undid it: their sockets join or leave that muters' room. */
  | { kind: 'muter-room'; userId: string; targetId: string; relation: MuteRelation; on: boolean };
