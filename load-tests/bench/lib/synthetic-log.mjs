// A large event log written straight into the store in the stored shapes (events, their partition positions, the
// partitions' heads), after whatever the log holds already: 80 % story like/unlike toggles by many readers on many
// books, 16 % comments in many threads, 4 % replies. For benchmarks and tests of what grows with the log (rebuilds).
import * as contractsModule from '@shelf/contracts';
import { randomUUID } from 'node:crypto';
import { commentPosted } from './comments.mjs';
import { logWriter, storedEvent } from './stored-events.mjs';

// Node gives a CommonJS package's exports as named ones where it can tell them, and always as the default; tests load
// this file compiled to CommonJS, with the contracts' source.
const contracts = contractsModule.partitionId ? contractsModule : contractsModule.default;
const { SocialEventType, socialStreams } = contracts;

/**
 * Writes `events` events in batches of `batch`; `bookIds` are the books liked and commented on (1..books when not
 * given). Calls `onProgress(written)` after each batch.
 */
export async function writeSyntheticLog(db, { events: total, readers = 20_000, books = 2_000, bookIds, threads = 5_000, batch = 5_000, onProgress = () => {} }) {
  const store = await logWriter(db);
  const ids = bookIds ?? Array.from({ length: books }, (_, i) => i + 1);
  const likeVersions = new Map();
  const comments = [];
  let clock = Date.now() - total;
  const metadata = { actor: 'synthetic-log', correlationId: randomUUID(), causationId: null };
  const event = (streamId, version, type, data) => storedEvent({ streamId, version, type, data, metadata, occurredAt: new Date(clock++) });
  const next = () => {
    const roll = Math.random();
    const user = `reader-${Math.floor(Math.random() * readers)}`;
    if (roll < 0.8) {
      const bookId = ids[Math.floor(Math.random() * ids.length)];
      const streamId = socialStreams.storyLike(bookId, user);
      const version = (likeVersions.get(streamId) ?? 0) + 1;
      likeVersions.set(streamId, version);
      return event(streamId, version, version % 2 ? SocialEventType.StoryLiked : SocialEventType.StoryUnliked, { book_id: bookId, user_id: user });
    }
    const parent = roll >= 0.96 && comments.length > 0 ? comments[Math.floor(Math.random() * comments.length)] : null;
    const thread = parent?.thread ?? Math.floor(Math.random() * threads);
    const commentId = randomUUID();
    comments.push({ id: commentId, user, thread });
    if (comments.length > 10_000) comments.splice(0, 5_000);
    return event(
      socialStreams.comment(commentId),
      1,
      SocialEventType.CommentPosted,
      commentPosted({
        commentId,
        thread: { book_id: ids[thread % ids.length], chapter_id: null },
        parent: parent && { comment_id: parent.id, user_id: parent.user },
        author: { id: user, username: user, emailHash: 'synthetic' },
        content: 'A comment of the synthetic log: about as long as most comments readers leave under a chapter.',
      }),
    );
  };
  for (let written = 0; written < total; written += batch) {
    const docs = Array.from({ length: Math.min(batch, total - written) }, next);
    await store(docs);
    onProgress(written + docs.length);
  }
}
