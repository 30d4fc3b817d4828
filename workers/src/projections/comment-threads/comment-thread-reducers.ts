import { type CommentEntry, type CommentEvent, type CommentPostedV1, ERASED_NAME, ERASED_TEXT, SocialEventType, type ThreadRef } from '@shelf/contracts';
import { versionStep } from '../documents';

/** What a thread's readers are told after an event: a comment's new state, or only its like count. */
export type ThreadChange = { kind: 'created' | 'edited' | 'deleted' | 'removed' | 'restored' | 'like-count'; entry: CommentEntry } | null;

export const threadOf = (event: CommentEvent): ThreadRef => ({ book_id: event.data.book_id, chapter_id: event.data.chapter_id });

/** A posted comment as the `seq`-th of its thread. */
export function postedEntry(event: CommentPostedV1, seq: number): CommentEntry {
  return {
    ...event.data,
    comment_time: event.occurredAt,
    edited_time: null,
    deleted: false,
    removed: false,
    report_count: 0,
    like_count: 0,
    version: event.version,
    seq,
  };
}

type CommentStateEvent = Exclude<CommentEvent, { type: typeof SocialEventType.CommentPosted | typeof SocialEventType.CommentLiked | typeof SocialEventType.CommentUnliked }>;

/**
 * A comment's next state after an event of its own stream, applied in version order and once: null for an event
 * already applied.
 */
export function reduceComment(entry: CommentEntry, event: CommentStateEvent): { entry: CommentEntry; change: ThreadChange } | null {
  // A stream of its own (socialStreams.commentAuthorErased): the comment's version stays; applied again, nothing changes.
  if (event.type === SocialEventType.CommentAuthorErased) return isErased(entry) ? null : changed({ ...entry, ...erasedAuthor }, 'edited');
  if (versionStep(event.streamId, entry.version, event.version) === 'skip') return null;
  const next = { ...entry, version: event.version };
  switch (event.type) {
    case SocialEventType.CommentEdited:
      return changed({ ...next, comment_content: event.data.comment_content, edited_time: event.occurredAt }, 'edited');
    case SocialEventType.CommentDeleted:
      return changed({ ...next, deleted: true }, 'deleted');
    case SocialEventType.CommentReported:
    case SocialEventType.CommentReportedV2:
      return { entry: { ...next, report_count: event.data.report_count }, change: null };
    case SocialEventType.CommentReportsDismissed:
      return { entry: { ...next, report_count: 0 }, change: null };
    case SocialEventType.CommentRemoved:
    case SocialEventType.CommentRemovedByOperator:
      // An operator confirming a removal by reports changes nothing readers see.
      return entry.removed ? { entry: next, change: null } : changed({ ...next, removed: true }, 'removed');
    case SocialEventType.CommentRestored:
      return changed({ ...next, removed: false, report_count: 0 }, 'restored');
  }
}

/**
 * A comment's fields that are its author's, as they read once the author's key is erased (PERSONAL_FIELDS): what a
 * rebuild after the erasure reads of the comment.
 */
export const erasedAuthor = { username: ERASED_NAME, email_hash: ERASED_TEXT, comment_content: ERASED_TEXT } as const;
const isErased = (entry: CommentEntry) => entry.username === ERASED_NAME && entry.email_hash === ERASED_TEXT && entry.comment_content === ERASED_TEXT;

const changed = (entry: CommentEntry, kind: NonNullable<ThreadChange>['kind']) => ({ entry, change: { kind, entry } });
