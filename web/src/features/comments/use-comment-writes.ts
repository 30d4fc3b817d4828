import { CommentMessage, type ThreadRef } from '@shelf/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { patchThread, setLikedIn, updateComment } from './queries';

/** Shows an accepted edit at once, marked edited now; the live push or the next load brings the stored version. */
export function useEditedLocally(thread: ThreadRef): (commentId: string, text: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (commentId, text) =>
      patchThread(queryClient, thread, (data) =>
        updateComment(data, commentId, (comment) => ({ ...comment, comment_content: text, edited_time: new Date().toISOString() })),
      ),
    [queryClient, thread],
  );
}

/** Shows an accepted deletion at once, as every reader will see it. */
export function useDeletedLocally(thread: ThreadRef): (commentId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (commentId) =>
      patchThread(queryClient, thread, (data) =>
        updateComment(data, commentId, (comment) => ({
          ...comment,
          deleted_comment: true,
          comment_content: CommentMessage.deletedText,
          username: CommentMessage.deletedText,
          edited_time: null,
          email_hash: null,
          user_id: null,
        })),
      ),
    [queryClient, thread],
  );
}

/** Toggles the reader's like of a comment and its count at once, before the call. */
export function useLikedLocally(thread: ThreadRef): (commentId: string, liked: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (commentId, liked) =>
      patchThread(queryClient, thread, (data) =>
        setLikedIn(
          updateComment(data, commentId, (comment) => ({ ...comment, like_count: Math.max(0, comment.like_count + (liked ? 1 : -1)) })),
          commentId,
          liked,
        ),
      ),
    [queryClient, thread],
  );
}
