import { EventLogCollection, partitionKey, partitionOf, SocialEventType, socialStreams, type StoredEventDocument } from '@shelf/contracts';
import type { Db } from 'mongodb';
import type { SiteProcess } from './own-services';

/**
 * Why a book's like count is not the log's: its head beside the readers' parts (which follow the log version by
 * version), the partition's checkpoints and pending commits, and what the workers logged about the partition.
 */
export async function diagnoseLikeCounts(db: Db, bookIds: number[], workers: readonly SiteProcess[]) {
  const names = (await db.listCollections().toArray()).map(({ name }) => name);
  const inAll = async (prefix: string, filter: object) => (await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => db.collection(name).find(filter).toArray()))).flat();
  const parts = await inAll('rm_reader_likes', {});
  return Promise.all(
    bookIds.map(async (bookId) => {
      const partition = partitionOf(partitionKey(socialStreams.storyLike(bookId, 'any'), SocialEventType.StoryLiked, null));
      const entries = parts.flatMap((part) => {
        const entry = (part.books as Record<string, { liked: boolean } | undefined>)[`b${bookId}`];
        return entry ? [{ part: part._id, batch: part._batch as number, liked: entry.liked }] : [];
      });
      const [head] = await inAll('rm_story_likes', { book_id: bookId });
      // The like streams whose reader's part is not at the log's last version, with every event and its places.
      const streamEvents = await db.collection<StoredEventDocument>(EventLogCollection.Events).find({ streamId: { $regex: `^story-like-${bookId}-` } }).toArray();
      const lastOf = new Map<string, StoredEventDocument>();
      for (const event of streamEvents) if ((lastOf.get(event.streamId)?.version ?? 0) < event.version) lastOf.set(event.streamId, event);
      const partOf = (userId: string) => parts.find((part) => String(part._id) === `${userId}:p${String(partition).padStart(2, '0')}`);
      const behind = [...lastOf.values()].filter((event) => {
        const entry = (partOf((event.data as { user_id: string }).user_id)?.books as Record<string, { version: number }> | undefined)?.[`b${bookId}`];
        return entry?.version !== event.version;
      });
      const positions = await db.collection(EventLogCollection.Positions).find({ eventDocumentId: { $in: streamEvents.filter((event) => behind.some((b) => b.streamId === event.streamId)).map(({ _id }) => _id) } }).toArray();
      const streams = behind.map(({ streamId, data }) => {
        const part = partOf((data as { user_id: string }).user_id);
        return {
          streamId,
          part: { _id: part?._id, batch: part?._batch, entry: (part?.books as Record<string, unknown> | undefined)?.[`b${bookId}`] },
          events: streamEvents
            .filter((event) => event.streamId === streamId)
            .sort((a, b) => a.version - b.version)
            .map(({ _id, version, type, occurredAt }) => ({ version, type, occurredAt, at: positions.filter((p) => p.eventDocumentId === _id).map((p) => [p._id, p.at, p.passedAt ?? null]) })),
        };
      });
      const batches = [...new Set(entries.map(({ batch }) => batch))].sort((a, b) => a - b);
      return {
        bookId,
        partition,
        head: { like_count: head?.like_count, likers: head?.likers, batch: head?._batch, applied: (head?.applied as unknown[] | undefined)?.length },
        parts: { liked: entries.filter(({ liked }) => liked).length, entries: entries.length, byBatch: batches.map((batch) => [batch, entries.filter((entry) => entry.batch === batch).length]) },
        streams,
        checkpoints: await db.collection('projection_checkpoints').findOne({ _id: `p${String(partition).padStart(2, '0')}` as never }),
        commits: await db.collection('projection_commits').find({}, { projection: { writes: 0 } }).toArray(),
        parked: (await db.collection('projection_parked').find({}).toArray()).map(({ projector, streamId, version, error }) => ({ projector, streamId, version, error: String(error).split('\n')[0] })),
        passedOver: await db.collection(EventLogCollection.PassedOver).countDocuments({}),
        workers: workers.map((worker) => worker.output.filter((line) => /LeaseLost|stopped|lost|parked|batch|commit/i.test(line)).slice(-60)),
      };
    }),
  );
}
