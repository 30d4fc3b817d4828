import { LivePush } from '@shelf/contracts';
import { useState } from 'react';
import { markRepliesRead, useMarkSeen } from '../../badges';
import { PageButtons } from '../../../shared/ui/PageButtons';
import { usePageParam } from '../../book-lists';
import { useLiveEvent } from '../../../shared/live/live-context';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { replyKeys, useReplies, useUnreadOnArrival } from '../queries';
import { ReplyCard } from './ReplyCard';
import './reply-notifications.css';

/**
 * /user/reply-notification: replies to the reader's comments. They are marked read once the page has loaded them
 * afresh (never on a list kept from an earlier visit, which would mark replies read that it does not show). A reply
 * that comes while the page is open (the badge rises) is fetched with the count, shown, and marked read in turn, so
 * the badge never counts a reply this page does not show.
 */
export function ReplyNotificationsPage() {
  usePageMeta('Reply Notifications');
  const [page, setPage] = usePageParam();
  const { data, error, isPending, isFetchedAfterMount, isFetching, refetch } = useReplies(page);
  const unread = useUnreadOnArrival();
  const [round, setRound] = useState(0);
  useLiveEvent(LivePush.BadgesChanged, (counts) => {
    if (!counts.unreadReplies) return;
    void Promise.all([refetch(), unread.refetch()]).then(() => setRound((last) => last + 1));
  });
  const ready = data !== undefined && isFetchedAfterMount && !isFetching && unread.isFetchedAfterMount && !unread.isFetching;
  useMarkSeen(ready, markRepliesRead, 'unreadReplies', replyKeys.all, round);

  return (
    <>
      <h1>Reply Notifications</h1>
      {unread.data && <p className="list-notice">You have {unread.data.unreadCount} unread replies.</p>}
      {isPending ? (
        <p>Loading...</p>
      ) : error ? (
        <p role="alert">Error: {error.message}</p>
      ) : data.replies.length === 0 ? (
        <p>No one has replied to you yet! Come back later!</p>
      ) : (
        <>
          <ul className="reply-cards">
            {data.replies.map((reply) => (
              <li key={reply.comment_id}>
                <ReplyCard reply={reply} />
              </li>
            ))}
          </ul>
          <PageButtons page={page} totalPages={data.totalPages} onChange={setPage} />
        </>
      )}
    </>
  );
}
