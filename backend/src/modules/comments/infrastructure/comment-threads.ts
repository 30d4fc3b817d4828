import { Injectable } from '@nestjs/common';
import {
  COMMENT_PAGE_ITEMS,
  type CommentEntry,
  type CommentIndexReadModel,
  type CommentPageReadModel,
  type CommentThreadReadModel,
  pageId,
  type ReaderCommentLikesReadModel,
  readerThreadId,
  SocialReadModelCollection,
  threadId,
  type ThreadRef,
} from '@shelf/contracts';
import { pageComments } from '@shelf/read-model-formats';
import { LRUCache } from 'lru-cache';
import { ReadModels } from '../../../platform/read-models';

const C = SocialReadModelCollection;

/**
 * Page reads of one thread in flight at once: enough to keep the store busy on both cores while this process unpacks
 * what came back, and few enough to leave the connection pool to other requests.
 */
const PAGE_READS_AT_ONCE = 16;

/** The stored text of the threads' pages this process keeps, at most (a thread of 100,000 comments is about 20 MB). */
const KEPT_BYTES = 64 * 1024 * 1024;

/** A thread's pages as this process read them last, current as of its head's `changes`. */
interface KeptThread {
  /** The collection they came from (a rebuild writes another). */
  collection: string;
  changes: number;
  pages: (CommentPageReadModel | null)[];
}

const keptBytes = ({ pages }: KeptThread) => pages.reduce((sum, page) => sum + (page ? page.packed.length + page.loose.length : 0), 256);

/**
 * Reads comment threads (a head, then its pages, by id; see the workers' CommentThreadsProjector). The pages of the
 * threads read lately are kept: the head, read anyway, tells which changed since (changes, changed_pages), so a
 * thread read again costs the store a few page reads instead of all of them.
 */
@Injectable()
export class CommentThreads {
  private readonly kept = new LRUCache<string, KeptThread>({ maxSize: KEPT_BYTES, sizeCalculation: keptBytes });

  constructor(private readonly readModels: ReadModels) {}

  /**
   * Per paragraph key of a chapter's thread, its comments shown (ParagraphCountsResponse); null for a thread nobody has
   * commented in. One read of the thread's head.
   */
  async paragraphCounts(thread: ThreadRef): Promise<Record<string, number> | null> {
    const head = await this.readModels.collection<CommentThreadReadModel>(C.CommentThreads).findOne({ _id: threadId(thread) });
    return head ? (head.paragraphs ?? {}) : null;
  }

  /** A thread's comments in posting order; null for a thread nobody has commented in. */
  async comments(thread: ThreadRef): Promise<CommentEntry[] | null> {
    const id = threadId(thread);
    const head = await this.readModels.collection<CommentThreadReadModel>(C.CommentThreads).findOne({ _id: id });
    if (!head) return null;
    const collection = this.readModels.collection<CommentPageReadModel>(C.CommentPages).collectionName;
    const kept = this.kept.get(id);
    const count = Math.ceil(head.count / COMMENT_PAGE_ITEMS);
    const pages = kept?.collection === collection ? kept.pages.slice(0, count) : [];
    const stale = staleNumbers(kept?.collection === collection ? kept : null, head, count);
    let next = 0;
    const reader = async () => {
      for (let at = next++; at < stale.length; at = next++) pages[stale[at]] = await this.page(pageId(id, stale[at]));
    };
    await Promise.all(Array.from({ length: Math.min(PAGE_READS_AT_ONCE, stale.length) }, reader));
    this.kept.set(id, { collection, changes: head.changes, pages });
    return pages.flatMap((page) => (page ? pageComments(page) : []));
  }

  /** The comments of `thread` the reader likes, by id. */
  async likedBy(userId: string, thread: ThreadRef): Promise<string[]> {
    const doc = await this.readModels.collection<ReaderCommentLikesReadModel>(C.ReaderCommentLikes).findOne({ _id: readerThreadId(userId, threadId(thread)) });
    return Object.keys(doc?.comments ?? {}).map((key) => key.slice(1));
  }

  /** Comments by id, wherever they are (a missing one is left out). */
  async find(commentIds: string[]): Promise<Map<string, CommentEntry>> {
    const wanted = new Set(commentIds);
    const index = this.readModels.collection<CommentIndexReadModel>(C.CommentIndex);
    const places = await Promise.all([...wanted].map((id) => index.findOne({ _id: id })));
    const pageIds = [...new Set(places.flatMap((place) => (place ? [pageId(place.thread, place.page)] : [])))];
    const pages = await Promise.all(pageIds.map((page) => this.page(page)));
    const found = new Map<string, CommentEntry>();
    for (const page of pages) {
      for (const entry of page ? pageComments(page) : []) if (wanted.has(entry.comment_id)) found.set(entry.comment_id, entry);
    }
    return found;
  }

  private page(id: string): Promise<CommentPageReadModel | null> {
    return this.readModels.collection<CommentPageReadModel>(C.CommentPages).findOne({ _id: id });
  }
}

/**
 * The pages of a thread of `count` pages to read, given those kept: none when the head counts no change since, those
 * its last changes were on when it names them all, else every one. Pages are stored before the head that counts their
 * change, so what was read after an older head is at least as new as that head.
 */
function staleNumbers(kept: KeptThread | null, head: CommentThreadReadModel, count: number): number[] {
  const all = Array.from({ length: count }, (_, page) => page);
  const behind = kept ? head.changes - kept.changes : -1;
  if (!(behind >= 0 && behind <= head.changed_pages.length)) return all;
  const changed = new Set(head.changed_pages.slice(head.changed_pages.length - behind));
  return all.filter((page) => page >= kept!.pages.length || changed.has(page));
}
