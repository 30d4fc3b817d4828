import { CommentMessage, type CommentView } from '@shelf/contracts';
import { useAtomValue } from 'jotai';
import { ApiError } from '../../../app/api-client';
import { isShownRefusal } from '../../dialogs/refusal';
import { userAtom } from '../../session/session.atoms';
import { deleteComment, reportComment, setCommentLiked } from '../api';
import { commentState } from '../comment-tree';
import { useThread } from '../thread-context';
import { useDeletedLocally, useLikedLocally } from '../use-comment-writes';

export type Panel = 'reply' | 'edit' | null;

interface CommentActionsProps {
  comment: CommentView;
  panel: Panel;
  onPanel: (panel: Panel) => void;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'An error occurred. Please try again.');

/**
 * Like, Reply, Edit, Delete and Report, each only where allowed (spec section 5): edit and delete for the author,
 * report for a verified reader who is not the author, none of the three on a deleted or removed comment.
 */
export function CommentActions({ comment, panel, onPanel }: CommentActionsProps) {
  const user = useAtomValue(userAtom);
  const { thread, likedIds, askLogIn, showMessage, confirm, confirmReport } = useThread();
  const likedLocally = useLikedLocally(thread);
  const deletedLocally = useDeletedLocally(thread);
  const open = commentState(comment) === 'normal';
  const isAuthor = user !== null && comment.user_id === user.user_id;
  const liked = likedIds.has(comment.comment_id);

  const toggleLike = () => {
    if (!user) return askLogIn(CommentMessage.logInToLikeComment);
    likedLocally(comment.comment_id, !liked);
    setCommentLiked(comment.comment_id, !liked).catch((error: unknown) => {
      if (isShownRefusal(error)) showMessage(error.message);
      else console.error(error);
    });
  };

  const remove = () =>
    confirm(CommentMessage.confirmDelete, () => {
      deleteComment(comment.comment_id).then(
        () => deletedLocally(comment.comment_id),
        (error: unknown) => showMessage(messageOf(error)),
      );
    });

  const report = () =>
    confirmReport((reason) => {
      reportComment(comment.comment_id, reason).then(
        (answer) => showMessage(answer.message),
        (error: unknown) => showMessage(messageOf(error)),
      );
    });

  return (
    <div className="comment__actions">
      {open && (
        <button
          type="button"
          className={liked ? 'comment__like comment__like--liked' : 'comment__like'}
          aria-pressed={liked}
          aria-label={`Like this comment (${comment.like_count} likes)`}
          onClick={toggleLike}
        >
          <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {comment.like_count}
        </button>
      )}
      <button type="button" aria-expanded={panel === 'reply'} onClick={() => onPanel(panel === 'reply' ? null : 'reply')}>
        Reply
      </button>
      {open && isAuthor && (
        <>
          <button type="button" aria-expanded={panel === 'edit'} onClick={() => onPanel(panel === 'edit' ? null : 'edit')}>
            Edit
          </button>
          <button type="button" onClick={remove}>
            Delete
          </button>
        </>
      )}
      {open && !isAuthor && user?.email_verified === true && (
        <button type="button" onClick={report}>
          Report
        </button>
      )}
    </div>
  );
}
