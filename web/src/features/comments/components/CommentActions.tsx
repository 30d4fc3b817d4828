import { CommentMessage, type CommentView, type ReportReason } from '@shelf/contracts';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { ApiError } from '../../../shared/api/api-client';
import { isShownRefusal } from '../../../shared/api/refusal';
import { userAtom } from '../../../shared/state/session.atoms';
import { MuteMenu } from '../mutes/components/MuteMenu';
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
 * Like, Reply, Edit, Delete and Report, each only where allowed: edit and delete for the author,
 * report for a verified reader who is not the author, none of the three on a deleted or removed comment; and for a
 * signed-in reader who is not the author, More: mute or block the author.
 */
export function CommentActions({ comment, panel, onPanel }: CommentActionsProps) {
  const user = useAtomValue(userAtom);
  const { thread, likedIds, askLogIn, showMessage, confirm, confirmReport } = useThread();
  const likedLocally = useLikedLocally(thread);
  const deletedLocally = useDeletedLocally(thread);
  const open = commentState(comment) === 'normal';
  const isAuthor = user !== null && comment.user_id === user.user_id;
  const liked = likedIds.has(comment.comment_id);
  const commentId = comment.comment_id;

  // networkMode 'always': a write is sent (and fails) at once, as a plain fetch does, rather than paused offline.
  const likeWrite = useMutation({
    networkMode: 'always',
    mutationFn: (like: boolean) => setCommentLiked(commentId, like),
    onError: (error) => {
      if (isShownRefusal(error)) showMessage(error.message);
      else console.error(error);
    },
  });
  const deleteWrite = useMutation({
    networkMode: 'always',
    mutationFn: () => deleteComment(commentId),
    onSuccess: () => deletedLocally(commentId),
    onError: (error) => showMessage(messageOf(error)),
  });
  const reportWrite = useMutation({
    networkMode: 'always',
    mutationFn: (reason: ReportReason | null) => reportComment(commentId, reason),
    onSuccess: (answer) => showMessage(answer.message),
    onError: (error) => showMessage(messageOf(error)),
  });

  const toggleLike = () => {
    if (!user) return askLogIn(CommentMessage.logInToLikeComment);
    // The like and its count change at once, before the server answers, and are not rolled back on failure.
    likedLocally(commentId, !liked);
    likeWrite.mutate(!liked);
  };

  const remove = () => confirm(CommentMessage.confirmDelete, () => deleteWrite.mutate());

  const report = () => confirmReport((reason) => reportWrite.mutate(reason));

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
      {open && !isAuthor && user && comment.user_id && <MuteMenu userId={comment.user_id} username={comment.username} confirm={confirm} showMessage={showMessage} />}
    </div>
  );
}
