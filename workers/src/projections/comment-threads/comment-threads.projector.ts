import { Injectable } from '@nestjs/common';
import {
  type CommentEntry,
  type CommentEvent,
  type CommentIndexReadModel,
  commentKey,
  type CommentLikedV1,
  commentLikeId,
  type CommentLikeReadModel,
  type CommentPageReadModel,
  type CommentPostedV1,
  type CommentThreadReadModel,
  type CommentUnlikedV1,
  PAGE_ITEMS,
  pageId,
  type ReaderCommentLikesReadModel,
  readerThreadId,
  rememberApplied,
  SocialEventType,
  SocialReadModelCollection,
  threadId,
} from '@shelf/contracts';
import { versionStep } from '../documents';
import type { ProjectionContext, Projector } from '../projector';
import { ReadModels } from '../read-models';
import { postedEntry, reduceComment, threadOf, type ThreadChange } from './comment-thread-reducers';

const C = SocialReadModelCollection;

/**
 * Comment threads in the bucket pattern: a head per thread (its comment count), the comments in pages, an index from
 * comment to page, one document per (comment, liker), and per reader and thread the comments they like. All of a
 * thread's events share a partition (see partitionKey), so one consumer at a time writes a thread's documents; heads
 * and pages remember the events they counted, so a batch retried after a crash counts nothing twice. An entry keeps the
 * name its author posted with; readers are shown the current one (rm_users), by the API and in the live pushes alike.
 */
@Injectable()
export class CommentThreadsProjector implements Projector {
  readonly name = 'comment-threads';
  readonly handles = [
    SocialEventType.CommentPosted,
    SocialEventType.CommentEdited,
    SocialEventType.CommentDeleted,
    SocialEventType.CommentReported,
    SocialEventType.CommentReportedV2,
    SocialEventType.CommentReportsDismissed,
    SocialEventType.CommentRemoved,
    SocialEventType.CommentRemovedByOperator,
    SocialEventType.CommentRestored,
    SocialEventType.CommentLiked,
    SocialEventType.CommentUnliked,
  ];
  readonly owns = [C.CommentPages, C.CommentIndex, C.ReaderCommentLikes, C.CommentThreads, C.CommentLikes];

  constructor(private readonly readModels: ReadModels) {}

  async apply(event: CommentEvent, { push }: ProjectionContext): Promise<void> {
    const change = await this.project(event);
    if (!change) return;
    const thread = threadOf(event);
    if (change.kind === 'like-count') push({ kind: 'comment-like-count', thread, commentId: change.entry.comment_id, likeCount: change.entry.like_count });
    else push({ kind: 'comment', change: change.kind, thread, entry: change.entry });
  }

  private project(event: CommentEvent): Promise<ThreadChange> {
    switch (event.type) {
      case SocialEventType.CommentPosted:
        return this.post(event);
      case SocialEventType.CommentLiked:
      case SocialEventType.CommentUnliked:
        return this.like(event);
      default:
        return this.change(event);
    }
  }

  private async post(event: CommentPostedV1): Promise<ThreadChange> {
    const ref = threadOf(event);
    const thread = threadId(ref);
    const head = await this.heads.findOne({ _id: thread });
    if (head?.applied.includes(event.id)) return null;
    // Until the head counts it, a retry puts the comment in the same place again; a page stored before a crash may
    // hold it already, with what later events of the same batch made of it (likes the page remembers): kept as it is.
    const seq = head?.count ?? 0;
    const page = Math.floor(seq / PAGE_ITEMS);
    const entry = postedEntry(event, seq);
    const stored = (await this.pages.findOne({ _id: pageId(thread, page) }))?.comments[commentKey(entry.comment_id)];
    if (!stored) await this.pages.updateOne({ _id: pageId(thread, page) }, { $set: { [`comments.${commentKey(entry.comment_id)}`]: entry } }, { upsert: true });
    await this.index.replaceOne({ _id: entry.comment_id }, { thread, page }, { upsert: true });
    await this.heads.updateOne(
      { _id: thread },
      { $set: { book_id: ref.book_id, chapter_id: ref.chapter_id, count: seq + 1, applied: rememberApplied(head?.applied ?? [], event.id) } },
      { upsert: true },
    );
    return { kind: 'created', entry: stored ?? entry };
  }

  private async change(event: Exclude<CommentEvent, CommentPostedV1 | CommentLikedV1 | CommentUnlikedV1>): Promise<ThreadChange> {
    const { id, entry } = await this.locate(event);
    const next = reduceComment(entry, event);
    if (!next) return null;
    await this.pages.updateOne({ _id: id }, { $set: { [`comments.${commentKey(entry.comment_id)}`]: next.entry } });
    return next.change;
  }

  private async like(event: CommentLikedV1 | CommentUnlikedV1): Promise<ThreadChange> {
    const { comment_id: commentId, user_id: userId } = event.data;
    const likeId = commentLikeId(commentId, userId);
    const current = await this.likes.findOne({ _id: likeId });
    if (versionStep(event.streamId, current?.version ?? 0, event.version) === 'skip') return null;
    const liked = event.type === SocialEventType.CommentLiked;
    const { id, page, entry } = await this.locate(event);
    let change: ThreadChange = null;
    if (liked !== (current?.liked ?? false) && !(page.applied ?? []).includes(event.id)) {
      const next: CommentEntry = { ...entry, like_count: entry.like_count + (liked ? 1 : -1) };
      await this.pages.updateOne({ _id: id }, { $set: { [`comments.${commentKey(commentId)}`]: next, applied: rememberApplied(page.applied ?? [], event.id) } });
      change = { kind: 'like-count', entry: next };
    }
    const path = `comments.${commentKey(commentId)}`;
    await this.readerLikes.updateOne(
      { _id: readerThreadId(userId, threadId(threadOf(event))) },
      liked ? { $set: { [path]: true } } : { $unset: { [path]: '' } },
      { upsert: true },
    );
    await this.likes.replaceOne({ _id: likeId }, { version: event.version, liked }, { upsert: true });
    return change;
  }

  /** The page holding an event's comment; the comment must have been projected. */
  private async locate(event: CommentEvent): Promise<{ id: string; page: CommentPageReadModel; entry: CommentEntry }> {
    const commentId = event.data.comment_id;
    const index = await this.index.findOne({ _id: commentId });
    const id = index && pageId(index.thread, index.page);
    const page = id ? await this.pages.findOne({ _id: id }) : null;
    const entry = page?.comments[commentKey(commentId)];
    // The comment's first event is not applied yet: fail so the batch is retried after it.
    if (!id || !page || !entry) throw new Error(`${event.streamId}: comment ${commentId} is not projected yet; will retry`);
    return { id, page, entry };
  }

  private get heads() {
    return this.readModels.collection<CommentThreadReadModel>(C.CommentThreads);
  }

  private get pages() {
    return this.readModels.collection<CommentPageReadModel>(C.CommentPages);
  }

  private get index() {
    return this.readModels.collection<CommentIndexReadModel>(C.CommentIndex);
  }

  private get likes() {
    return this.readModels.collection<CommentLikeReadModel>(C.CommentLikes);
  }

  private get readerLikes() {
    return this.readModels.collection<ReaderCommentLikesReadModel>(C.ReaderCommentLikes);
  }
}
