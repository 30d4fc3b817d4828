import { type ReplyItem, replyCardSlug } from '@shelf/contracts';
import type { ReactNode } from 'react';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { SpoilerFold } from '../../comments';
import { Markdown } from '../../../shared/markdown/components/Markdown';

/** Links of a reply card open in a new tab, so the list stays where it was. */
function NewTabLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * One reply to the reader's comment: where it was written (story, and chapter if any), the reader's comment (clamped
 * to 5 lines) and the reply with its author (clamped to 6 lines). Unread replies are highlighted. Every link opens in a
 * new tab, the links the commenters wrote too (rel noopener noreferrer nofollow ugc). A reply on a
 * chapter later than the one the reader is on is folded (the server says so with `reader_chapter_id`).
 */
export function ReplyCard({ reply }: { reply: ReplyItem }) {
  const storyPath = `/${replyCardSlug(reply.book_id, reply.english_book_name)}`;
  const pagePath = reply.chapter_id === undefined ? storyPath : `${storyPath}/${reply.chapter_id}`;
  const replyText = <Markdown text={reply.comment_content} spoilers newTabLinks className="clamp clamp--6" />;
  return (
    <article className={reply.notification_is_read ? 'reply-card' : 'reply-card reply-card--unread'} aria-label={`Reply from ${reply.username}`}>
      <p className="reply-card__where">
        <NewTabLink href={storyPath}>{reply.english_book_name}</NewTabLink>
        {reply.chapter_id !== undefined && (
          <>
            {' › '}
            <NewTabLink href={pagePath}>{reply.chapter_title ?? `Chapter ${reply.chapter_id}`}</NewTabLink>
          </>
        )}
        {!reply.notification_is_read && <span className="badge badge--fresh">Unread</span>}
      </p>
      <div className="reply-card__parent">
        <NewTabLink href={`${pagePath}#${reply.parent_comment_id}`} className="reply-card__label">
          Your comment
        </NewTabLink>
        <Markdown text={reply.parent_comment_content} spoilers newTabLinks className="clamp clamp--5" />
      </div>
      <div className="reply-card__reply">
        <p className="reply-card__label">
          <strong>{reply.username}</strong> replied <RelativeTime time={reply.comment_time} />:{' '}
          <NewTabLink href={`${pagePath}#${reply.comment_id}`}>View reply</NewTabLink>
        </p>
        {reply.chapter_id !== undefined && reply.reader_chapter_id !== undefined ? (
          <SpoilerFold commentChapterId={reply.chapter_id} readerChapterId={reply.reader_chapter_id}>
            {replyText}
          </SpoilerFold>
        ) : (
          replyText
        )}
      </div>
    </article>
  );
}
