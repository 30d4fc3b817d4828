// Replies appended straight into the log in the event store's stored shapes, for the large thread and inbox: many more
// than appends one at a time would write in the time.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { commentPosted } from '../lib/comments.mjs';
import { root } from '../lib/local-services.mjs';
import { storedEvent } from '../lib/stored-events.mjs';

const require = createRequire(import.meta.url);
const { EventLogCollection, SocialEventType, partitionId, partitionKey, partitionOf, positionId, socialStreams } = require(join(root, 'contracts/dist/index.js'));

/**
 * `count` replies to `parent` (a comment id) by `owner` (a user id) in `thread`, by random `readers`: the events first,
 * then their positions after the partition's head as it is then. Resolves with the last position.
 */
export async function appendRepliesInBulk(db, count, { thread, parent, owner, readers }) {
  const events = db.collection(EventLogCollection.Events);
  const positions = db.collection(EventLogCollection.Positions);
  const heads = db.collection(EventLogCollection.Partitions);
  const BATCH = 500;
  let clock = Date.now() - count;
  let lastSeq = 0;
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    const docs = Array.from({ length: n }, () => {
      const author = readers[Math.floor(Math.random() * readers.length)];
      const commentId = randomUUID();
      const content = `Bulk reply ${done + 1} from the projections benchmark: agreed, this chapter is a favourite.`;
      return storedEvent({
        streamId: socialStreams.comment(commentId),
        version: 1,
        type: SocialEventType.CommentPosted,
        data: commentPosted({ commentId, thread, parent: { comment_id: parent, user_id: owner }, author, content }),
        metadata: { actor: author.id, correlationId: randomUUID(), causationId: null },
        occurredAt: new Date(clock++),
      });
    });
    const partition = partitionOf(partitionKey(docs[0].streamId, docs[0].type, docs[0].data));
    await events.insertMany(docs, { ordered: false });
    const drawn = await heads.findOneAndUpdate({ _id: partitionId(partition) }, { $inc: { head: n } }, { upsert: true, returnDocument: 'after' });
    const first = drawn.head - n + 1;
    const at = new Date();
    await positions.insertMany(
      docs.map((doc, i) => ({ _id: positionId(partition, first + i), partition, seq: first + i, eventDocumentId: doc._id, eventId: doc.eventId, at })),
      { ordered: true },
    );
    lastSeq = drawn.head;
  }
  return lastSeq;
}
