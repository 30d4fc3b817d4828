import { Injectable } from '@nestjs/common';
import {
  type CommentEntry,
  type CommentIndexReadModel,
  type CommentPageReadModel,
  type CommentThreadReadModel,
  PAGE_ITEMS,
  pageId,
  type ReaderCommentLikesReadModel,
  readerThreadId,
  SocialReadModelCollection,
  threadId,
  type ThreadRef,
} from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

const C = SocialReadModelCollection;

/** Reads comment threads (a head, then its pages, by id; see the workers' CommentThreadsProjector). */
@Injectable()
export class CommentThreads {
  constructor(private readonly readModels: ReadModels) {}

  /** A thread's comments in posting order; null for a thread nobody has commented in. */
  async comments(thread: ThreadRef): Promise<CommentEntry[] | null> {
    const id = threadId(thread);
    const head = await this.readModels.collection<CommentThreadReadModel>(C.CommentThreads).findOne({ _id: id });
    if (!head) return null;
    const pageIds = Array.from({ length: Math.ceil(head.count / PAGE_ITEMS) }, (_, page) => pageId(id, page));
    const pages = await Promise.all(pageIds.map((page) => this.page(page)));
    return pages.flatMap((page) => Object.values(page?.comments ?? {})).sort((a, b) => a.seq - b.seq);
  }

  /** The comments of `thread` the reader likes, by id. */
  async likedBy(userId: string, thread: ThreadRef): Promise<string[]> {
    const doc = await this.readModels.collection<ReaderCommentLikesReadModel>(C.ReaderCommentLikes).findOne({ _id: readerThreadId(userId, threadId(thread)) });
    return Object.keys(doc?.comments ?? {}).map((key) => key.slice(1));
  }

  /** Comments by id, wherever they are (a missing one is left out). */
  async find(commentIds: string[]): Promise<Map<string, CommentEntry>> {
    const index = this.readModels.collection<CommentIndexReadModel>(C.CommentIndex);
    const places = await Promise.all([...new Set(commentIds)].map((id) => index.findOne({ _id: id })));
    const pageIds = [...new Set(places.flatMap((place) => (place ? [pageId(place.thread, place.page)] : [])))];
    const pages = await Promise.all(pageIds.map((page) => this.page(page)));
    const found = new Map<string, CommentEntry>();
    for (const entry of pages.flatMap((page) => Object.values(page?.comments ?? {}))) if (commentIds.includes(entry.comment_id)) found.set(entry.comment_id, entry);
    return found;
  }

  private page(id: string): Promise<CommentPageReadModel | null> {
    return this.readModels.collection<CommentPageReadModel>(C.CommentPages).findOne({ _id: id });
  }
}
