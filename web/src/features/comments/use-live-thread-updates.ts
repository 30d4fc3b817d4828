import { type CommentPush, LivePush, type ThreadRef, threadId } from '@shelf/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveReconnect, useLiveThread } from '../../shared/live/live-context';
import { addComment, commentKeys, listTakes, patchThread, renameAuthor, updateComment, upsertComment } from './queries';

/**
 * Keeps an open thread current: new comments, edits, deletions, removals, restorations, like counts and authors' new
 * names arrive through the live channel and are written into the cached lists (never refetched wholesale, so open forms
 * keep their text); a paragraph's list takes only the comments on it. After a reconnect the lists are fetched again,
 * since pushes may have been missed meanwhile.
 */
export function useLiveThreadUpdates(thread: ThreadRef): void {
  const queryClient = useQueryClient();
  useLiveThread(thread);
  const mine = (pushed: ThreadRef) => threadId(pushed) === threadId(thread);
  const put = (place: typeof upsertComment) => ({ thread: pushed, comment }: CommentPush) => {
    if (!mine(pushed)) return;
    patchThread(queryClient, thread, (data, criteria, paragraph) => (listTakes(paragraph, comment) ? place(data, comment, criteria) : data));
  };
  const upsert = put(upsertComment);
  useLiveEvent(LivePush.CommentCreated, put(addComment));
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
