import { type ReplyInboxEntry, replyInboxPartId, replyKey, type ReplyReadMarkReadModel, SocialReadModelCollection } from '@shelf/contracts';
import type { OrderedHeadReadModel } from '../ordered-pages/ordered-pages-format';
import { OrderedPages } from '../ordered-pages/ordered-pages-writer';
import type { ById, ReadModelStore, ReadModelUpdate } from '../read-model-store';
import { ReplyInbox } from './reply-inbox-reader';

/** A collection in memory, written through the calls the writer makes. */
class Memory<T extends ById> implements ReadModelStore<T> {
  readonly docs = new Map<string, T>();
  async findOne({ _id }: ById) {
    return this.docs.get(_id) ?? null;
  }
  find({ _id }: { _id: { $in: string[] } }) {
    return { toArray: async () => _id.$in.flatMap((id) => this.docs.get(id) ?? []) };
  }
  async insertOne(doc: T) {
    this.docs.set(doc._id, doc);
  }
  async replaceOne({ _id }: ById, doc: Omit<T, '_id'>) {
    this.docs.set(_id, { ...doc, _id } as T);
  }
  async updateOne({ _id }: ById, { $set = {} }: ReadModelUpdate) {
    this.docs.set(_id, { ...(this.docs.get(_id) ?? { _id }), ...$set } as T);
  }
}

const minute = (n: number) => new Date(Date.UTC(2026, 10, 29, 10, n)).toISOString();
const reply = (n: number, over: Partial<ReplyInboxEntry> = {}): ReplyInboxEntry => ({
  comment_id: `r${String(n).padStart(4, '0')}`,
  parent_comment_id: 'p1',
  book_id: 1,
  chapter_id: null,
  comment_time: minute(n),
  ...over,
});

describe('a reply inbox in parts', () => {
  const writer = new OrderedPages<ReplyInboxEntry>(8, { side: 'last', size: 3 });
  let heads: Memory<OrderedHeadReadModel>;
  let pages: Memory<never>;
  let reads: Memory<ReplyReadMarkReadModel>;
  let seq: number;
  const stores = () => ({ heads: heads as never, directories: heads as never, pages: pages as never });
  const open = () => {
    const collections: Record<string, unknown> = { [SocialReadModelCollection.ReplyInboxes]: heads, [SocialReadModelCollection.ReplyPages]: pages, [SocialReadModelCollection.ReplyReads]: reads };
    return ReplyInbox.open((name) => collections[name] as never, 'u1');
  };
  /** A reply into the part of `partition`, as that partition's consumer puts it. */
  const put = (partition: number, entry: ReplyInboxEntry) => writer.apply(stores(), replyInboxPartId('u1', partition), [{ put: [replyKey(entry), entry] }], { seq: ++seq, name: String(seq) });

  beforeEach(() => {
    [heads, pages, reads, seq] = [new Memory(), new Memory(), new Memory(), 0];
  });

  it('merges the parts newest first, pages by count, and counts what came after the read mark and is still there', async () => {
    // 60 replies over 5 partitions, out of time order between partitions: inline heads and paged parts both.
    for (let n = 0; n < 60; n++) await put((n * 7) % 5, reply(n, { deleted: n % 10 === 3 }));
    const inbox = await open();
    expect(inbox.count).toBe(60);
    expect(inbox.readUpTo).toBeNull();
    expect((await inbox.newest(0, 10)).map((entry) => entry.comment_id)).toEqual(Array.from({ length: 10 }, (_, i) => reply(59 - i).comment_id));
    expect((await inbox.newest(50, 10)).map((entry) => entry.comment_id)).toEqual(Array.from({ length: 10 }, (_, i) => reply(9 - i).comment_id));
    expect(await inbox.unreadCount()).toBe(54);

    // Read up to minute 40: minute 40 itself is read; 41 to 59 are not, less the deleted 43 and 53.
    // Marks of two partitions: the latest counts.
    await reads.replaceOne({ _id: replyInboxPartId('u1', 4) }, { read_up_to: minute(40) });
    await reads.replaceOne({ _id: replyInboxPartId('u1', 9) }, { read_up_to: minute(35) });
    const marked = await open();
    expect(marked.unread(reply(40))).toBe(false);
    expect(marked.unread(reply(41))).toBe(true);
    expect(await marked.unreadCount()).toBe(17);
  });

  it('counts a reply that arrives after the mark but was posted before it as read', async () => {
    await reads.replaceOne({ _id: replyInboxPartId('u1', 0) }, { read_up_to: minute(30) });
    await put(2, reply(29));
    await put(3, reply(31));
    const inbox = await open();
    expect(inbox.count).toBe(2);
    expect(await inbox.unreadCount()).toBe(1);
  });

  it('is empty for a reader without replies', async () => {
    const inbox = await open();
    expect([inbox.count, await inbox.unreadCount(), await inbox.newest(0, 10)]).toEqual([0, 0, []]);
  });
});
