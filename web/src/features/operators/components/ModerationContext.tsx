import { useModerationContext } from '../queries';
import { type ActionNotice, failureText } from '../use-operator-actions';
import { ModeratedCommentView } from './ModeratedCommentView';
import { SuspensionPanel } from './SuspensionPanel';

interface ModerationContextProps {
  id: string;
  commentId: string;
  bookTitle: string;
  onNotice: (notice: ActionNotice) => void;
}

/** A reported comment in context: the comment it answers, its replies, and its author's suspension and latest comments. */
export function ModerationContext({ id, commentId, bookTitle, onNotice }: ModerationContextProps) {
  const { data, error, isPending } = useModerationContext(commentId);
  return (
    <section id={id} className="moderation-context" aria-label="Comment in context">
      {isPending ? (
        <p>Loading the context...</p>
      ) : error ? (
        <p role="alert">Error: {failureText(error)}</p>
      ) : (
        <>
          <h4>In reply to</h4>
          {data.parent ? <ModeratedCommentView comment={data.parent} bookTitle={bookTitle} /> : <p className="muted">Not a reply: a comment of its own.</p>}
          <h4>Replies ({data.replies.length})</h4>
          {data.replies.length === 0 ? (
            <p className="muted">No replies.</p>
          ) : (
            <ul className="moderation-context__list">
              {data.replies.map((reply) => (
                <li key={reply.comment_id}>
                  <ModeratedCommentView comment={reply} bookTitle={bookTitle} />
                </li>
              ))}
            </ul>
          )}
          <h4>Author: {data.author.username}</h4>
          <SuspensionPanel author={data.author} onNotice={onNotice} />
          <h5>Their latest comments</h5>
          {data.author.recent_comments.length === 0 ? (
            <p className="muted">No other comments.</p>
          ) : (
            <ul className="moderation-context__list">
              {data.author.recent_comments.map((recent) => (
                <li key={recent.comment_id}>
                  <ModeratedCommentView comment={recent} bookTitle={recent.book_id === data.comment.book_id ? bookTitle : undefined} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
