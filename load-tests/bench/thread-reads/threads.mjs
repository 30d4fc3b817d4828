// The threads the thread-reads benchmark reads: comments as readers write them, and threads and reply inboxes built by
// the production projectors (CommentThreadsProjector, ReplyInboxProjector) into write buffers, as a rebuild builds them.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { commentPosted, emailHash } from '../lib/comments.mjs';
import { root } from '../lib/local-services.mjs';

const require = createRequire(import.meta.url);
const { SocialEventType, partitionKey, partitionOf, socialStreams } = require(join(root, 'contracts/dist/index.js'));
const { ReadModels, WriteBuffers } = require(join(root, 'workers/dist/engine/index.js'));
const { CommentThreadsProjector } = require(join(root, 'workers/dist/projections/comment-threads/comment-threads.projector.js'));
const { ReplyInboxProjector } = require(join(root, 'workers/dist/projections/reply-inbox/reply-inbox.projector.js'));

// Comments as readers write them: words of varied length from a large vocabulary, some replies.

const SYLLABLES = ['ka', 'ri', 'to', 'men', 'shi', 'an', 've', 'lo', 'qu', 'ir', 'ste', 'pha', 'no', 'xi', 'bel', 'dor', 'un', 'ex', 'ta', 'mi'];
const VOCABULARY = Array.from({ length: 6000 }, (_, i) => Array.from({ length: 1 + (i % 4) }, (_, j) => SYLLABLES[(i * 7 + j * 13) % SYLLABLES.length]).join('') + (i % 97));
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * Math.random() ** 2.5)];
const commentText = () => Array.from({ length: 5 + Math.floor(Math.random() * 40) }, word).join(' ');

export function commentEntryLike(seq) {
  return {
    comment_id: randomUUID(), book_id: 1, chapter_id: 2, parent_comment_id: null, parent_user_id: null, user_id: randomUUID(), username: `Reader ${seq % 2000}`,
    email_hash: emailHash(`r${seq}`), comment_content: commentText(), comment_time: new Date().toISOString(), edited_time: null, deleted: false, removed: false,
    report_count: 0, like_count: 0, version: 1, seq,
  };
}

// Threads built by the production projector

// Positions in the log as a partition hands them out: rising (one counter serves every partition and projector).
let position = 0;

/**
 * A production projector over the store (the comment threads', or with `inbox` the reply inbox's), and a way to apply
 * events with it in one batch through fresh write buffers, as a partition's consumer does: the documents the batch
 * names read first in one query per read model (Projector.prefetch), then applied, then flushed.
 */
export function projection(db, { inbox = false } = {}) {
  const readModels = new ReadModels({ collection: (name) => db.collection(name), get db() { return db; } });
  const projector = inbox ? new ReplyInboxProjector() : new CommentThreadsProjector();
  const targets = () => new Map(projector.owns.map((readModel) => [readModel, readModels.physical(readModel)]));
  const context = (event, models) => ({ place: { partition: partitionOf(partitionKey(event.streamId, event.type, event.data)), seq: ++position }, push() {}, mail() {}, models });
  /** Applies `events` in one batch; `fresh` when none of the documents they touch exists yet. Resolves with apply and flush ms. */
  const apply = async (events, { fresh }) => {
    const buffers = new WriteBuffers(db, targets(), { fresh });
    const models = readModels.batch(buffers, { rebuilding: true });
    const handled = events.filter((event) => projector.handles.includes(event.type));
    const t0 = performance.now();
    await buffers.prefetch(handled.flatMap((event) => [...(projector.prefetch?.(event) ?? [])]));
    for (const event of handled) await projector.apply(event, context(event, models));
    const t1 = performance.now();
    await buffers.flush();
    return { applyMs: t1 - t0, flushMs: performance.now() - t1 };
  };
  return { readModels, apply };
}

export const metadata = (actor) => ({ actor, correlationId: randomUUID(), causationId: null });

export function postedEvent(thread, author, parent, at) {
  const commentId = randomUUID();
  return {
    id: randomUUID(), streamId: socialStreams.comment(commentId), version: 1, type: SocialEventType.CommentPosted, occurredAt: new Date(at).toISOString(), metadata: metadata(author.id),
    data: commentPosted({ commentId, thread, parent: parent?.data, author, content: commentText() }),
  };
}

export function likedEvent(comment, liker, at) {
  const { comment_id, book_id, chapter_id } = comment.data;
  return {
    id: randomUUID(), streamId: socialStreams.commentLike(comment_id, liker.id), version: 1, type: SocialEventType.CommentLiked, occurredAt: new Date(at).toISOString(),
    metadata: metadata(liker.id), data: { comment_id, book_id, chapter_id, user_id: liker.id },
  };
}

/**
 * A thread of `size` comments (a third of them replies) and likes on 5 %, applied in one batch, as a rebuild applies
 * them: none of its documents exists yet, so the buffers look none up.
 */
export async function buildThread(apply, thread, size, authors) {
  let clock = Date.now() - size * 1000;
  const posts = [];
  const events = [];
  for (let n = 0; n < size; n++) {
    const author = authors[Math.floor(Math.random() * authors.length)];
    const parent = n % 3 === 2 ? posts[Math.floor(Math.random() * posts.length)] : null;
    const post = postedEvent(thread, author, parent, (clock += 1000));
    posts.push(post);
    events.push(post);
    if (Math.random() < 0.05) events.push(likedEvent(posts[Math.floor(Math.random() * posts.length)], { id: randomUUID() }, clock));
  }
  await apply(events, { fresh: true });
  return posts;
}
