import { Injectable } from '@nestjs/common';
import {
  AccountEventType,
  CHANGED_PAGES_MEMORY,
  COMMENT_PAGE_ITEMS,
  type CommentEntry,
  type CommentEvent,
  type CommentIndexReadModel,
  type CommentLikedV1,
  commentKey,
  commentLikeId,
  type CommentLikeReadModel,
  type CommentPageReadModel,
  type CommentPostedV1,
  type CommentThreadReadModel,
  type CommentUnlikedV1,
  pageId,
  type ReaderCommentLikesReadModel,
  readerThreadId,
  rememberApplied,
  SocialEventType,
  SocialReadModelCollection,
  threadId,
  type ThreadRef,
  type UsernameChangedV1,
  type UserErasedV1,
} from '@shelf/contracts';
import { emptyCommentPage, pageComment, withComment, withCommentFields } from '@shelf/read-model-formats';
import { versionStep } from '../documents';
import type { BatchModels, LogPlace, Prefetch, ProjectionContext, Projector, ReadModelStore } from '../../engine';
import { erasedAuthor, postedEntry, reduceComment, threadOf, type ThreadChange } from './comment-thread-reducers';
import { isShown, type ParagraphStep, paragraphStep, stepped } from './paragraph-counts';
import { recordNameChange } from './name-changes';

const C = SocialReadModelCollection;

/** The read models a batch's comment events change, from the batch's BatchModels. */
interface ThreadStores {
  heads: ReadModelStore<CommentThreadReadModel>;
  pages: ReadModelStore<CommentPageReadModel>;
  index: ReadModelStore<CommentIndexReadModel>;
  likes: ReadModelStore<CommentLikeReadModel>;
  readerLikes: ReadModelStore<ReaderCommentLikesReadModel>;
}

const threadStores = (models: BatchModels): ThreadStores => ({
  heads: models.collection(C.CommentThreads),
  pages: models.collection(C.CommentPages),
  index: models.collection(C.CommentIndex),
  likes: models.collection(C.CommentLikes),
  readerLikes: models.collection(C.ReaderCommentLikes),
});

/**
 * Comment threads in the bucket pattern: a head per thread (its comment count), the comments in pages of
 * COMMENT_PAGE_ITEMS (packed text and a few loose comments: read-model-formats' comment-pages-format.ts), an index from comment to page, one
 * document per (comment, liker), and per reader and thread the comments they like. All of a thread's events share a
 * partition (see partitionKey), so one consumer at a time writes a thread's documents; heads and pages remember the
 * events they counted, so a batch retried after a crash counts nothing twice. Each event reads and writes one page,
 * whatever the size of the thread, and is counted on the thread's head with its page (changes, changed_pages), which
 * tells the API whether the pages it keeps are current. An entry keeps the name its author posted with (and nothing of
 * an author whose account is deleted: comment.author-erased.v1, appended in the thread's partition); readers are
 * shown the current one, by the API (which follows the log of username changes kept here: name-changes.ts) and in the
 * live pushes alike.
 */
@Injectable()
export class CommentThreadsProjector implements Projector {
  readonly name = 'comment-threads';
  /** 2: pages of 200 as packed text (1: pages of 100 nested comments). */
  readonly shape = 2;
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
    SocialEventType.CommentAuthorErased,
    SocialEventType.CommentLiked,
    SocialEventType.CommentUnliked,
    AccountEventType.UsernameChanged,
    AccountEventType.UserErased,
  ];
  readonly owns = [C.CommentPages, C.CommentIndex, C.ReaderCommentLikes, C.NameChangePages, C.CommentThreads, C.NameChangeHeads, C.CommentLikes];

  *prefetch(event: CommentEvent | UsernameChangedV1 | UserErasedV1): Iterable<Prefetch> {
    if (event.type === AccountEventType.UsernameChanged || event.type === AccountEventType.UserErased) return;
    const thread = threadId(threadOf(event));
    yield [C.CommentThreads, thread];
    yield [C.CommentIndex, event.data.comment_id];
    if (event.type === SocialEventType.CommentLiked || event.type === SocialEventType.CommentUnliked) {
      yield [C.CommentLikes, commentLikeId(event.data.comment_id, event.data.user_id)];
      yield [C.ReaderCommentLikes, readerThreadId(event.data.user_id, thread)];
    }
  }

  async apply(event: CommentEvent | UsernameChangedV1 | UserErasedV1, { push, place, models }: ProjectionContext): Promise<void> {
    if (event.type === AccountEventType.UsernameChanged || event.type === AccountEventType.UserErased) return recordNameChange(models, event);
    const change = await this.project(threadStores(models), event, place);
    if (!change) return;
    const thread = threadOf(event);
    if (change.kind === 'like-count') push({ kind: 'comment-like-count', thread, commentId: change.entry.comment_id, likeCount: change.entry.like_count });
    else push({ kind: 'comment', change: change.kind, thread, entry: change.entry });
  }

  private project(s: ThreadStores, event: CommentEvent, place: LogPlace | null): Promise<ThreadChange> {
    switch (event.type) {
      case SocialEventType.CommentPosted:
        return this.post(s, event, place);
      case SocialEventType.CommentLiked:
      case SocialEventType.CommentUnliked:
        return this.like(s, event, place);
      default:
        return this.change(s, event, place);
    }
  }

  private async post(s: ThreadStores, event: CommentPostedV1, place: LogPlace | null): Promise<ThreadChange> {
    const ref = threadOf(event);
    const thread = threadId(ref);
    const head = await s.heads.findOne({ _id: thread });
    if (head?.applied.includes(event.id)) return null;
    // Until the head counts it, a retry puts the comment in the same place again; a page stored before a crash may
    // hold it already, with what later events of the same batch made of it (likes the page remembers): kept as it is.
    const seq = head?.count ?? 0;
    const page = Math.floor(seq / COMMENT_PAGE_ITEMS);
    const entry = postedEntry(event, seq);
    const id = pageId(thread, page);
    const doc = (await s.pages.findOne({ _id: id })) ?? emptyCommentPage(id);
    const onPage = seq - page * COMMENT_PAGE_ITEMS;
    const stored = doc.count > onPage ? pageComment(doc, entry.comment_id) : undefined;
    if (!stored) await this.save(s, { ...withComment(doc, entry), count: onPage + 1 });
    await s.index.replaceOne({ _id: entry.comment_id }, { thread, page }, { upsert: true });
    const post = { count: seq + 1, applied: rememberApplied(head?.applied ?? [], event.id) };
    const posted = stored ?? entry;
    await this.counted(s, event, place, page, { changed: true, head, post, paragraph: paragraphStep(posted, Number(isShown(posted))) });
    return { kind: 'created', entry: posted };
  }

  private async change(s: ThreadStores, event: Exclude<CommentEvent, CommentPostedV1 | CommentLikedV1 | CommentUnlikedV1>, place: LogPlace | null): Promise<ThreadChange> {
    const { page, entry, number } = await this.locate(s, event);
    const next = reduceComment(entry, event);
    // An author's erasure changes every copy where it stands, as a rebuild (which reads it erased from the start) has it.
    const erased = event.type === SocialEventType.CommentAuthorErased;
    if (next) await this.save(s, erased ? withCommentFields(page, entry.comment_id, erasedAuthor) : withComment(page, next.entry));
    // Counted even when the page had it already: a retry after a crash before the head was stored counts it then.
    const paragraph = next ? paragraphStep(entry, Number(isShown(next.entry)) - Number(isShown(entry))) : null;
    await this.counted(s, event, place, number, { changed: next !== null, paragraph });
    return next?.change ?? null;
  }

  private async like(s: ThreadStores, event: CommentLikedV1 | CommentUnlikedV1, place: LogPlace | null): Promise<ThreadChange> {
    const { comment_id: commentId, user_id: userId } = event.data;
    const likeId = commentLikeId(commentId, userId);
    const current = await s.likes.findOne({ _id: likeId });
    if (versionStep(event.streamId, current?.version ?? 0, event.version) === 'skip') return null;
    const liked = event.type === SocialEventType.CommentLiked;
    const { page, entry, number } = await this.locate(s, event);
    let change: ThreadChange = null;
    if (liked !== (current?.liked ?? false) && !page.applied.includes(event.id)) {
      const next: CommentEntry = { ...entry, like_count: entry.like_count + (liked ? 1 : -1) };
      await this.save(s, { ...withComment(page, next), applied: rememberApplied(page.applied, event.id) });
      change = { kind: 'like-count', entry: next };
    }
    const path = `comments.${commentKey(commentId)}`;
    await s.readerLikes.updateOne(
      { _id: readerThreadId(userId, threadId(threadOf(event))) },
      liked ? { $set: { [path]: true } } : { $unset: { [path]: '' } },
      { upsert: true },
    );
    await this.counted(s, event, place, number, { changed: change !== null });
    await s.likes.replaceOne({ _id: likeId }, { version: event.version, liked }, { upsert: true });
    return change;
  }

  /** The page holding an event's comment, and its number; the comment must have been projected. */
  private async locate(s: ThreadStores, event: CommentEvent): Promise<{ page: CommentPageReadModel; entry: CommentEntry; number: number }> {
    const commentId = event.data.comment_id;
    const index = await s.index.findOne({ _id: commentId });
    const page = index ? await s.pages.findOne({ _id: pageId(index.thread, index.page) }) : null;
    const entry = page ? pageComment(page, commentId) : undefined;
    // The comment's first event is not applied (parked or skipped): fail, to be retried, then parked with its stream.
    if (!index || !page || !entry) throw new Error(`${event.streamId}: comment ${commentId} is not projected yet; will retry`);
    return { page, entry, number: index.page };
  }

  /**
   * Counts an event of the thread on its head as one more change, on page `page`, unless the head counted it already:
   * at or before `changed_at` in the log; for an event applied out of its log order (`place` null: a parked event an
   * operator retries), unless it `changed` nothing. `head` when already read; `post` the count and posts remembered
   * after a post; `paragraph` the step of a paragraph's count of shown comments the event makes (with the change).
   */
  private async counted(
    s: ThreadStores,
    event: CommentEvent,
    place: LogPlace | null,
    page: number,
    {
      changed,
      head,
      post,
      paragraph,
    }: { changed: boolean; head?: CommentThreadReadModel | null; post?: Pick<CommentThreadReadModel, 'count' | 'applied'>; paragraph?: ParagraphStep | null },
  ): Promise<void> {
    const ref: ThreadRef = threadOf(event);
    const current = head === undefined ? await s.heads.findOne({ _id: threadId(ref) }) : head;
    const changedAt = current?.changed_at ?? 0;
    const again = place === null ? !changed : place.seq <= changedAt;
    if (again && !post) return;
    const changes = current?.changes ?? 0;
    const changedPages = current?.changed_pages ?? [];
    await s.heads.replaceOne(
      { _id: threadId(ref) },
      {
        book_id: ref.book_id,
        chapter_id: ref.chapter_id,
        count: post?.count ?? current?.count ?? 0,
        changes: again ? changes : changes + 1,
        changed_at: again || place === null ? changedAt : place.seq,
        changed_pages: again ? changedPages : [...changedPages, page].slice(-CHANGED_PAGES_MEMORY),
        applied: post?.applied ?? current?.applied ?? [],
        paragraphs: again || !paragraph ? (current?.paragraphs ?? {}) : stepped(current?.paragraphs ?? {}, paragraph),
      },
      { upsert: true },
    );
  }

  private save(s: ThreadStores, { _id, ...page }: CommentPageReadModel): Promise<unknown> {
    return s.pages.replaceOne({ _id }, page, { upsert: true });
  }
}
