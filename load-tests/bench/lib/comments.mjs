// Comments as the benchmarks write them: readers with the names and e-mail hashes comments carry, and the data of a
// comment.posted.v1 event as the comment commands append it.
import { createHash, randomUUID } from 'node:crypto';

export const emailHash = (email) => createHash('sha256').update(email).digest('hex');

/** `count` readers named `${name} 1`, `${name} 2`…, each with a fresh id and the hash of reader-<n>@bench.test. */
export const makeReaders = (count, name) =>
  Array.from({ length: count }, (_, i) => ({ id: randomUUID(), username: `${name} ${i + 1}`, emailHash: emailHash(`reader-${i + 1}@bench.test`) }));

/**
 * The data of a comment posted by `author` ({ id, username, emailHash }) in `thread` ({ book_id, chapter_id }), a reply
 * when `parent` ({ comment_id, user_id }) is given.
 */
export function commentPosted({ commentId = randomUUID(), thread, parent = null, author, content }) {
  return {
    comment_id: commentId,
    book_id: thread.book_id,
    chapter_id: thread.chapter_id,
    parent_comment_id: parent?.comment_id ?? null,
    parent_user_id: parent?.user_id ?? null,
    user_id: author.id,
    username: author.username,
    email_hash: author.emailHash,
    comment_content: content,
  };
}
