import { type CommentView, type MutesResponse, relationTo } from '@shelf/contracts';

/** The lists as sets of user ids, as relationTo takes them. */
export const muteSets = (lists: MutesResponse) => ({
  muted: new Set(lists.muted.map((entry) => entry.user_id)),
  blocked: new Set(lists.blocked.map((entry) => entry.user_id)),
});

/**
 * The comment folded (or unfolded) as the server will fold it once the lists are projected: `author_relation` as the
 * reader's lists say. The comment itself when nothing changes.
 */
export function withRelation(comment: CommentView, sets: ReturnType<typeof muteSets>): CommentView {
  const relation = relationTo(sets, comment.user_id);
  if ((comment.author_relation ?? null) === relation) return comment;
  const { author_relation: _was, ...rest } = comment;
  return relation ? { ...rest, author_relation: relation } : rest;
}
