import { countsAsUnread, type ReplyInboxEntry, replyInboxPartIds, replyKeyAfter, type ReplyReadMarkReadModel, SocialReadModelCollection } from '@shelf/contracts';
import type { OrderedDirectoryReadModel, OrderedHeadReadModel, OrderedPageReadModel } from '../ordered-pages/ordered-pages-format';
import { type OrderedLoader, readOrdered, storedPages } from '../ordered-pages/ordered-pages-reader';
import type { ById, ReadModelStore } from '../read-model-store';

/** What a reader asks of a read model: a document by `_id`, or a list of them in one query (`_id: { $in }`). */
export interface ReadModelReads<T extends ById> extends Pick<ReadModelStore<T>, 'findOne'> {
  find(filter: { _id: { $in: string[] } }): { toArray(): Promise<T[]> };
}

/** A read model's collection by its name: the API's and the workers' ReadModels alike. */
export type ReadModelCollections = <T extends ById>(name: string) => ReadModelReads<T>;

/** The documents of `ids`, in their order (null where there is none), in one query (the store answers it from `_id`). */
async function byIds<T extends ById>(reads: ReadModelReads<T>, ids: string[]): Promise<(T | null)[]> {
  const found = new Map((await reads.find({ _id: { $in: ids } }).toArray()).map((doc) => [doc._id, doc]));
  return ids.map((id) => found.get(id) ?? null);
}

const C = SocialReadModelCollection;

/**
 * A reader's reply inbox as its parts hold it (one part per partition of the log, each written by that partition's
 * consumer alone, as ordered pages keyed by time: contracts' replyKey) with the read mark (the latest of the marks'
 * parts, one per partition too). Opened by two queries by `_id`, the 16 heads and the 16 marks, side by side; the newest
 * replies and the unread ones are usually in the heads' copies, so the badge and a first page read nothing more.
 */
export class ReplyInbox {
  private constructor(
    private readonly heads: (OrderedHeadReadModel | null)[],
    private readonly loader: OrderedLoader<ReplyInboxEntry>,
    /** Replies up to this time are read (null: none is). */
    readonly readUpTo: string | null,
  ) {}

  static async open(collection: ReadModelCollections, userId: string): Promise<ReplyInbox> {
    const heads = collection<OrderedHeadReadModel & OrderedDirectoryReadModel>(C.ReplyInboxes);
    const marks = collection<ReplyReadMarkReadModel>(C.ReplyReads);
    const ids = replyInboxPartIds(userId);
    const [parts, marked] = await Promise.all([byIds(heads, ids), byIds(marks, ids)]);
    const readUpTo = marked.reduce<string | null>((latest, mark) => (mark && (latest === null || mark.read_up_to > latest) ? mark.read_up_to : latest), null);
    return new ReplyInbox(parts, storedPages<ReplyInboxEntry>(heads, collection<OrderedPageReadModel>(C.ReplyPages)), readUpTo);
  }

  /** Replies received, deleted and removed ones too. */
  get count(): number {
    return this.heads.reduce((sum, head) => sum + (head?.n ?? 0), 0);
  }

  /** Replies `skip` to `skip + limit`, newest first (by time, then comment id). */
  newest(skip: number, limit: number): Promise<ReplyInboxEntry[]> {
    return readOrdered(this.heads, this.loader, { order: 'desc', skip, limit });
  }

  /** Whether the reply is news to the reader: after the read mark, neither deleted nor removed. */
  unread(reply: ReplyInboxEntry): boolean {
    return countsAsUnread(reply, this.readUpTo);
  }

  /** The reply badge: replies after the read mark that are still there to read. */
  async unreadCount(): Promise<number> {
    const after = this.readUpTo === null ? undefined : replyKeyAfter(this.readUpTo);
    const unread = await readOrdered(this.heads, this.loader, { order: 'desc', from: after, skip: 0, limit: Number.MAX_SAFE_INTEGER, matches: (reply) => this.unread(reply) });
    return unread.length;
  }
}
