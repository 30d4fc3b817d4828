import { type ModeratedComment, relativeTime } from '@shelf/contracts';
import { Markdown } from '../../../shared/markdown/components/Markdown';
import { commentPath } from '../moderation-text';

/**
 * A comment as an operator sees it in context: author, time, whether readers see it removed or deleted, the text
 * (sanitized Markdown, spoilers behind their button, as in comments) and a link to it on the site.
 */
export function ModeratedCommentView({ comment, bookTitle }: { comment: ModeratedComment; bookTitle?: string }) {
  return (
    <article className="moderated-comment" aria-label={`Comment by ${comment.username}`}>
      <p className="moderated-comment__head">
        <strong className="moderated-comment__author">{comment.username}</strong>
        <time dateTime={comment.comment_time}>{relativeTime(comment.comment_time)}</time>
        {comment.removed && <span className="badge">Removed</span>}
        {comment.deleted && <span className="badge">Deleted</span>}
        <a href={commentPath(comment, bookTitle)} target="_blank" rel="noopener noreferrer">
          View on the site
        </a>
      </p>
      <Markdown text={comment.comment_content} spoilers className="moderated-comment__text" />
    </article>
  );
}
