import { COMMENT_RULES, CommentMessage, type CommentView } from '@shelf/contracts';

/** Replies deeper than this are indented no further. */
export const MAX_INDENT_LEVEL = 5;

export interface CommentNode {
  comment: CommentView;
  /** The comment replied to, when it is in the thread. */
  parent: CommentView | null;
  /** 0 for a top-level comment, 1 for a reply to it, and so on. */
  level: number;
  replies: CommentNode[];
}

export type CommentState = 'normal' | 'deleted' | 'removed';

/** Deleted (by its author) or removed (10 or more reports), derived on the client as the spec says. */
export function commentState(comment: CommentView): CommentState {
  if (comment.deleted_comment) return 'deleted';
  if (comment.report_count >= COMMENT_RULES.removalReports) return 'removed';
  return 'normal';
}

/** The author as shown: [deleted] or [removed] for hidden comments (the server sends these names already). */
export function shownAuthor(comment: CommentView): string {
  const state = commentState(comment);
  if (state === 'deleted') return CommentMessage.deletedText;
  if (state === 'removed') return CommentMessage.removedAuthor;
  return comment.username;
}

/** The text as shown: [deleted], the removal text, or what was written. */
export function shownText(comment: CommentView): string {
  const state = commentState(comment);
  if (state === 'deleted') return CommentMessage.deletedText;
  if (state === 'removed') return CommentMessage.removedText;
  return comment.comment_content;
}

/** The 'Reply to:' line of a reply; a deleted or removed parent is named as such. */
export const replyToLine = (parent: CommentView): string => `Reply to: ${shownAuthor(parent)}`;

/** How far a comment at `level` is indented: one step per level, up to level 5. */
export const indentLevel = (level: number): number => Math.min(level, MAX_INDENT_LEVEL);

/**
 * The thread as a tree, built on the client from the flat list: replies under their parents, siblings in the list's
 * order (the chosen sort). A reply whose parent is not in the list is shown at the top level.
 */
export function buildCommentTree(comments: readonly CommentView[]): CommentNode[] {
  const byId = new Map(comments.map((comment) => [comment.comment_id, comment]));
  const children = new Map<string | null, CommentView[]>();
  for (const comment of comments) {
    const parentId = comment.parent_comment_id !== null && byId.has(comment.parent_comment_id) ? comment.parent_comment_id : null;
    const siblings = children.get(parentId) ?? [];
    siblings.push(comment);
    children.set(parentId, siblings);
  }
  const seen = new Set<string>();
  const grow = (comment: CommentView, level: number): CommentNode => {
    seen.add(comment.comment_id);
    const parent = comment.parent_comment_id === null ? null : (byId.get(comment.parent_comment_id) ?? null);
    // A cycle (which the server never sends) must not loop: a comment already placed is not placed again.
    const replies = (children.get(comment.comment_id) ?? []).filter((reply) => !seen.has(reply.comment_id)).map((reply) => grow(reply, level + 1));
    return { comment, parent, level, replies };
  };
  return (children.get(null) ?? []).map((comment) => grow(comment, 0));
}

/** How many replies a node holds, at every depth (for the collapse button). */
export const replyCount = (node: CommentNode): number => node.replies.reduce((total, reply) => total + 1 + replyCount(reply), 0);

/** Whether a comment is among the node's replies, at any depth. */
export const holdsReply = (node: CommentNode, commentId: string): boolean =>
  node.replies.some((reply) => reply.comment.comment_id === commentId || holdsReply(reply, commentId));
