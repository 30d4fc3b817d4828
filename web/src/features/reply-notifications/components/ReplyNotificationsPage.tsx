import { markRepliesRead } from '../../badges/api';
import { useMarkSeen } from '../../badges/use-mark-seen';
import { PageButtons } from '../../../shared/ui/PageButtons';
import { usePageParam } from '../../book-lists/use-page-param';
import { usePageMeta } from '../../site-shell/use-page-meta';
import { replyKeys, useReplies, useUnreadOnArrival } from '../queries';
import { ReplyCard } from './ReplyCard';
import './reply-notifications.css';

/** /user/reply-notification: replies to the reader's comments; they are marked read once the page has loaded. */
export function ReplyNotificationsPage() {
  usePageMeta('Reply Notifications');
  const [page, setPage] = usePageParam();
  const { data, error, isPending } = useReplies(page);
  const unread = useUnreadOnArrival();
  useMarkSeen(data !== undefined && !unread.isPending, markRepliesRead, 'unreadReplies', replyKeys.all);

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
