import { useState } from 'react';
import { MutedFold } from '../mutes/components/MutedFold';
import { exactTimeTitle } from '../../../shared/time/exact-time';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { editComment, postComment } from '../api';
import { type CommentNode, commentState, holdsReply, indentLevel, replyCount, replyToLine, shownAuthor, shownText } from '../comment-tree';
import { commentElementId, useThread } from '../thread-context';
import { useEditedLocally } from '../use-comment-writes';
import { Avatar } from './Avatar';
import { CommentActions, type Panel } from './CommentActions';
import { CommentBody } from './CommentBody';
import { CommentForm } from './CommentForm';
import { ParagraphMark } from './ParagraphMark';

/**
 * One comment with its replies. Its reply and edit panels exclude each other and live in this component's state,
 * which is kept while live updates change the list (comments are keyed by id), so nothing typed is lost.
 */
export function CommentItem({ node }: { node: CommentNode }) {
  const { thread, paragraph, highlightedId, onPosted } = useThread();
  const { comment, parent, level, replies } = node;
  const [panel, setPanel] = useState<Panel>(null);
  const [collapsed, setCollapsed] = useState(false);
  // A highlighted comment (a #link or a new reply) inside collapsed replies opens them, so it can be scrolled to.
  if (collapsed && highlightedId !== null && holdsReply(node, highlightedId)) setCollapsed(false);
  const editedLocally = useEditedLocally(thread);
  const state = commentState(comment);
  const classes = ['comment', `comment--${state}`, highlightedId === comment.comment_id ? 'comment--highlighted' : ''].filter(Boolean).join(' ');
  const count = replyCount(node);

  return (
    <li className="comment-entry">
      <article id={commentElementId(paragraph, comment.comment_id)} className={classes} aria-label={`Comment by ${shownAuthor(comment)}`}>
        <MutedFold relation={state === 'normal' ? comment.author_relation : null}>
          <Avatar emailHash={state === 'normal' ? comment.email_hash : null} />
          <div className="comment__body">
            <header className="comment__header">
              <span className="comment__author">{shownAuthor(comment)}</span>
              <RelativeTime time={comment.comment_time} />
              {state === 'normal' && comment.edited_time && (
                <time className="comment__edited" dateTime={comment.edited_time} {...exactTimeTitle(comment.edited_time, 'Edited ')}>
                  (edited)
                </time>
              )}
            </header>
            {parent && <p className="comment__reply-to">{replyToLine(parent)}</p>}
            {/* The whole thread marks a comment on a paragraph (a reply under its parent is on the same one). */}
            {paragraph === null && !parent && comment.paragraph !== undefined && <ParagraphMark paragraph={comment.paragraph} />}
            {state === 'normal' ? (
              <CommentBody text={comment.comment_content} />
            ) : (
              <p className="comment__text comment__text--hidden">{shownText(comment)}</p>
            )}
            <CommentActions comment={comment} panel={panel} onPanel={setPanel} />
            {count > 0 && (
              <button type="button" className="comment__toggle" aria-expanded={!collapsed} onClick={() => setCollapsed((was) => !was)}>
                {collapsed ? `Show replies (${count})` : `Hide replies (${count})`}
              </button>
            )}
            {panel === 'reply' && (
              <CommentForm
                kind="reply"
                send={(text, honeypot, key) =>
                  postComment({ ...thread, parent_comment_id: comment.comment_id, comment_content: text, honeypot }, key)
                }
                onSent={(answer) => {
                  setPanel(null);
                  setCollapsed(false);
                  if (answer.comment_id) onPosted(answer.comment_id);
                }}
                onCancel={() => setPanel(null)}
              />
            )}
            {panel === 'edit' && (
              <CommentForm
                kind="edit"
                initialText={comment.comment_content}
                send={(text, honeypot) => editComment(comment.comment_id, text, honeypot)}
                onSent={(_answer, text) => {
                  editedLocally(comment.comment_id, text);
                  setPanel(null);
                }}
                onCancel={() => setPanel(null)}
              />
            )}
          </div>
        </MutedFold>
      </article>
      {replies.length > 0 && !collapsed && (
        <ul className={indentLevel(level + 1) > indentLevel(level) ? 'comment-replies comment-replies--indented' : 'comment-replies'}>
          {replies.map((reply) => (
            <CommentItem key={reply.comment.comment_id} node={reply} />
          ))}
        </ul>
      )}
    </li>
  );
}
