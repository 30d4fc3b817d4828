// A projector's prefetch hints name documents its apply really reads: a batch reads them in one query per read
// model before it is applied, so a wrong hint is a wasted read and a right one saves a round trip of its own.
import {
  type AnyDomainEvent,
  CatalogEventType,
  type ChapterData,
  type CommentPostedV1,
  type DomainEvent,
  SocialEventType,
} from '@shelf/contracts';
import type { ById, ReadModelStore } from '@shelf/read-model-formats';
import { type BatchWrites, BatchModels, type Prefetch, type Projector, WriteBuffers } from '../engine';
import { CommentThreadsProjector } from './comment-threads/comment-threads.projector';
import { ModerationProjector } from './moderation/moderation.projector';
import { ReaderActivityProjector } from './reader-activity/reader-activity.projector';
import { ReplyInboxProjector } from './reply-inbox/reply-inbox.projector';
import { StoryLikesProjector } from './story-likes/story-likes.projector';

let count = 0;
/** Each stream's events numbered 1, 2, … */
const versions = new Map<string, number>();
const event = <T extends string, D>(type: T, streamId: string, data: D): DomainEvent<T, D> => ({
  id: `e${++count}`,
  streamId,
  version: versions.set(streamId, (versions.get(streamId) ?? 0) + 1).get(streamId)!,
  type,
  data,
  metadata: { actor: 'u-test', correlationId: 'c', causationId: null },
  occurredAt: new Date(Date.UTC(2026, 10, 30, 0, 0, count)).toISOString(),
});

const ref = { book_id: 7, chapter_id: 3 };
const posted = (commentId: string, userId: string, parent: { comment_id: string; user_id: string } | null): CommentPostedV1 =>
  event(SocialEventType.CommentPosted, `comment-${commentId}`, {
    comment_id: commentId,
    ...ref,
    parent_comment_id: parent?.comment_id ?? null,
    parent_user_id: parent?.user_id ?? null,
    user_id: userId,
    username: userId,
    email_hash: 'h',
    comment_content: 'text',
  });

/** The events applied in this order: a thread with a reply, likes, a report, an edit and a deletion, story likes, a chapter. */
const story = (): AnyDomainEvent[] => (versions.clear(), [
  posted('c1', 'u-ann', null),
  posted('c2', 'u-bo', { comment_id: 'c1', user_id: 'u-ann' }),
  event(SocialEventType.CommentLiked, 'comment-like-c1-u-bo', { comment_id: 'c1', ...ref, user_id: 'u-bo' }),
  event(SocialEventType.CommentUnliked, 'comment-like-c1-u-bo', { comment_id: 'c1', ...ref, user_id: 'u-bo' }),
  event(SocialEventType.CommentReportedV2, 'comment-c2', { comment_id: 'c2', ...ref, reporter_id: 'u-cy', report_count: 1, reason: null }),
  event(SocialEventType.CommentEdited, 'comment-c2', { comment_id: 'c2', ...ref, comment_content: 'edited' }),
  event(SocialEventType.CommentDeleted, 'comment-c2', { comment_id: 'c2', ...ref }),
  event(SocialEventType.RepliesMarkedRead, 'reader-u-ann-mark-m1', { user_id: 'u-ann' }),
  event(SocialEventType.StoryLiked, 'story-like-7-u-ann', { book_id: 7, user_id: 'u-ann' }),
  event(SocialEventType.StoryLiked, 'story-like-7-u-bo', { book_id: 7, user_id: 'u-bo' }),
  event(SocialEventType.StoryUnliked, 'story-like-7-u-bo', { book_id: 7, user_id: 'u-bo' }),
  event(CatalogEventType.ChapterPublished, 'chapter-7-4', { book_id: 7, chapter_id: 4 } as ChapterData),
  event(SocialEventType.LikedUpdatesChecked, 'reader-u-ann-mark-m2', { user_id: 'u-ann' }),
]) as AnyDomainEvent[];

/** A projector's read models in memory (a new store: nothing to look up), each document touched recorded as "readModel id". */
function recording(projector: Projector): { writes: BatchWrites; touched: Set<string> } {
  const buffers = new WriteBuffers(null as never, new Map((projector.owns ?? []).map((name) => [name, `${name}__test`])), { fresh: true });
  const touched = new Set<string>();
  const stores = new Map(
    [...buffers.stores].map(([name, store]) => [
      name,
      new Proxy(store, {
        get: (target, key) => {
          const value = target[key as keyof ReadModelStore<ById>];
          if (typeof value !== 'function') return value;
          return (filter: ById, ...rest: unknown[]) => {
            touched.add(`${name} ${filter._id}`);
            return (value as (...args: unknown[]) => unknown).call(target, filter, ...rest);
          };
        },
      }),
    ]),
  );
  return { writes: { stores, defer: (key, work) => buffers.defer(key, work), flush: () => buffers.flush() }, touched };
}

describe.each([new StoryLikesProjector(), new CommentThreadsProjector(), new ModerationProjector(), new ReplyInboxProjector(), new ReaderActivityProjector()])(
  'the $name projector’s prefetch hints',
  (projector: Projector) => {
    it('name only documents of its own read models that apply reads for that event', async () => {
      const { writes, touched } = recording(projector);
      const models = new BatchModels(() => {
        throw new Error('no read model outside the projector’s own');
      }, writes, false);
      let hinted = 0;
      let seq = 0;
      for (const e of story()) {
        seq += 1;
        if (!projector.handles.includes(e.type)) continue;
        const hints: Prefetch[] = [...projector.prefetch!(e)];
        touched.clear();
        await projector.apply(e, { place: { partition: 0, seq }, push: () => undefined, mail: () => undefined, models });
        for (const [readModel, id] of hints) {
          expect(projector.owns).toContain(readModel);
          expect([...touched]).toContain(`${readModel} ${id}`);
        }
        hinted += hints.length;
      }
      expect(hinted).toBeGreaterThan(0);
    });
  },
);
