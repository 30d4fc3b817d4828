import { type CommentPush, LivePush, type ThreadRef, threadId } from '@shelf/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveReconnect, useLiveThread } from '../../shared/live/live-context';
import { addComment, commentKeys, patchThread, renameAuthor, updateComment, upsertComment } from './queries';

/**
 * Keeps an open thread current: new comments, edits, deletions, removals, restorations, like counts and authors' new
 * names arrive through the live channel and are written into the cached lists (never refetched wholesale, so open forms
 * keep their text). After a reconnect the lists are fetched again, since pushes may have been missed meanwhile.
 */
export function useLiveThreadUpdates(thread: ThreadRef): void {
  const queryClient = useQueryClient();
  useLiveThread(thread);
  const mine = (pushed: ThreadRef) => threadId(pushed) === threadId(thread);
  const upsert = ({ thread: pushed, comment }: CommentPush) => {
    if (mine(pushed)) patchThread(queryClient, thread, (data, criteria) => upsertComment(data, comment, criteria));
  };
  useLiveEvent(LivePush.CommentCreated, ({ thread: pushed, comment }: CommentPush) => {
    if (mine(pushed)) patchThread(queryClient, thread, (data, criteria) => addComment(data, comment, criteria));
  });
  useLiveEvent(LivePush.CommentEdited, upsert);
  useLiveEvent(LivePush.CommentDeleted, upsert);
  useLiveEvent(LivePush.CommentRemoved, upsert);
  // An operator restored a removed comment: it comes back with its text and author, and no open reports.
  useLiveEvent(LivePush.CommentRestored, upsert);
  useLiveEvent(LivePush.CommentLikeCount, ({ thread: pushed, comment_id, like_count }) => {
    if (mine(pushed)) patchThread(queryClient, thread, (data) => updateComment(data, comment_id, (comment) => ({ ...comment, like_count })));
  });
  // A reader changed their name: their comments here, old ones too, show the new one.
  useLiveEvent(LivePush.UserRenamed, ({ user_id, username }) => patchThread(queryClient, thread, (data) => renameAuthor(data, user_id, username)));
  useLiveReconnect(() => void queryClient.invalidateQueries({ queryKey: commentKeys.thread(thread) }));
}
