import {
  type CommentEntry,
  type CommentEvent,
  commentKey,
  type CommentThreadReadModel,
  SocialEventType,
  threadId,
  type ThreadRef,
  userKey,
} from '@shelf/contracts';
import { versionStep } from '../documents';

/** What a thread's readers are told after an event: a comment's new state, or only its like count. */
export type ThreadChange = { kind: 'created' | 'edited' | 'deleted' | 'removed' | 'like-count'; entry: CommentEntry } | null;

export const threadOf = (event: CommentEvent): ThreadRef => ({ book_id: event.data.book_id, chapter_id: event.data.chapter_id });

export function emptyThread(thread: ThreadRef): CommentThreadReadModel {
  return { _id: threadId(thread), book_id: thread.book_id, chapter_id: thread.chapter_id, comments: {} };
}

/**
 * A comment thread as a pure function of (thread, event). Events of one comment's stream apply in version order and
 * once; a like is tracked per liker with the version of their like stream, so a retried event changes nothing.
 */
export function reduceThread(thread: CommentThreadReadModel, event: CommentEvent): { thread: CommentThreadReadModel; change: ThreadChange } {
  const key = commentKey(event.data.comment_id);
  const entry = thread.comments[key];
  const withEntry = (next: CommentEntry, kind: NonNullable<ThreadChange>['kind'] | null) => ({
    thread: { ...thread, comments: { ...thread.comments, [key]: next } },
    change: kind ? { kind, entry: next } : null,
  });

  if (event.type === SocialEventType.CommentPosted) {
    if (entry) return { thread, change: null };
    const { data } = event;
    return withEntry(
      {
        ...data,
        comment_time: event.occurredAt,
        deleted: false,
        removed: false,
        report_count: 0,
        likes: {},
        like_count: 0,
        version: event.version,
      },
      'created',
    );
  }
  // The comment's first event is not applied yet: fail so the job is retried after it.
  if (!entry) throw new Error(`${event.streamId}: comment ${event.data.comment_id} is not projected yet; will retry`);

  if (event.type === SocialEventType.CommentLiked || event.type === SocialEventType.CommentUnliked) {
    const liker = userKey(event.data.user_id);
    const applied = entry.likes[liker]?.version ?? 0;
    if (versionStep(event.streamId, applied, event.version) === 'skip') return { thread, change: null };
    const likes = { ...entry.likes, [liker]: { version: event.version, liked: event.type === SocialEventType.CommentLiked } };
    const likeCount = Object.values(likes).filter((like) => like.liked).length;
    return withEntry({ ...entry, likes, like_count: likeCount }, likeCount === entry.like_count ? null : 'like-count');
  }

  if (versionStep(event.streamId, entry.version, event.version) === 'skip') return { thread, change: null };
  const next = { ...entry, version: event.version };
  switch (event.type) {
    case SocialEventType.CommentEdited:
      return withEntry({ ...next, comment_content: event.data.comment_content }, 'edited');
    case SocialEventType.CommentDeleted:
      return withEntry({ ...next, deleted: true }, 'deleted');
    case SocialEventType.CommentReported:
      return withEntry({ ...next, report_count: event.data.report_count }, null);
    case SocialEventType.CommentRemoved:
      return withEntry({ ...next, removed: true }, 'removed');
  }
}
