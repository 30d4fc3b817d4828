import { type CommentSort, type ReportReason, type ThreadRef } from '@shelf/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LazyMarkdown } from '../../../shared/markdown/components/LazyMarkdown';
import { ConfirmModal } from '../../../shared/ui/ConfirmModal';
import { LogInModal } from '../../../shared/ui/LogInModal';
import { MessageModal } from '../../../shared/ui/MessageModal';
import { Boundary } from '../../../shared/ui/Boundary';
import { postComment } from '../api';
import { commentIdOfHash } from '../comment-hash';
import { buildCommentTree } from '../comment-tree';
import { hasMore, likedIn, loadedComments, useComments } from '../queries';
import { reloadUntilShown } from '../reload-until-shown';
import { commentElementId, ThreadContext, type ThreadContextValue } from '../thread-context';
import { useLiveThreadUpdates } from '../use-live-thread-updates';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { MoreComments } from './MoreComments';
import { ReportModal } from './ReportModal';
import './comments.css';

/** How long a comment stays highlighted. */
export const HIGHLIGHT_NEW_MS = 2000;
export const HIGHLIGHT_HASH_MS = 3000;

const SORT_LABELS: Record<CommentSort, string> = { likes: 'Most Liked', newest: 'Newest', oldest: 'Oldest' };

interface Target {
  commentId: string;
  highlightMs: number;
  /** Load the thread's next pages until it is there (a link to a comment), rather than wait for it (a post). */
  seek: boolean;
}

/**
 * Follows the thread's live pushes. A component of its own: when the live client arrives, only this re-renders (its
 * context changed), not the comment list.
 */
function LiveThreadUpdates({ thread }: { thread: ThreadRef }) {
  useLiveThreadUpdates(thread);
  return null;
}

interface CommentSectionProps {
  bookId: number;
  chapterId: number | null;
  /** A paragraph of the chapter (its key): the section of the comments on it, in the dialog of its thread. */
  paragraph?: string;
}

/**
 * The comment section of a story (chapterId null) or chapter page; or of one paragraph of a chapter, whose new comments
 * are on that paragraph (they are in the chapter's thread too).
 */
export function CommentSection({ bookId, chapterId, paragraph: paragraphKey }: CommentSectionProps) {
  const paragraph = paragraphKey ?? null;
  // The comments' Markdown renderer loads beside the thread's first page, not before the page hydrates.
  useEffect(() => void LazyMarkdown.preload(), []);
  const thread = useMemo<ThreadRef>(() => ({ book_id: bookId, chapter_id: chapterId }), [bookId, chapterId]);
  const queryClient = useQueryClient();
  const [criteria, setCriteria] = useState<CommentSort>('likes');
  const { data, isPending, isError, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useComments(thread, criteria, paragraph);
  const comments = useMemo(() => (data ? loadedComments(data) : []), [data]);
  const tree = useMemo(() => buildCommentTree(comments), [comments]);
  const likedIds = useMemo(() => (data ? likedIn(data) : new Set<string>()), [data]);
  const more = data !== undefined && hasMore(data);

  const [logInReason, setLogInReason] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [question, setQuestion] = useState<{ text: string; onYes: () => void } | null>(null);
  const [reporting, setReporting] = useState<{ onReport: (reason: ReportReason | null) => void } | null>(null);

  // Scrolling to a comment waits until it is in the list: after a post it may come with a later reload or live push.
  const [target, setTarget] = useState<Target | null>(null);
  const [highlight, setHighlight] = useState<Target | null>(null);
  const { hash } = useLocation();
  const [handledHash, setHandledHash] = useState('');
  // A link to a comment is the whole thread's to follow.
  if (data && hash && hash !== handledHash && paragraph === null) {
    setHandledHash(hash);
    const commentId = commentIdOfHash(hash);
    if (commentId) setTarget({ commentId, highlightMs: HIGHLIGHT_HASH_MS, seek: true });
  }
  const targetShown = target !== null && comments.some((comment) => comment.comment_id === target.commentId);
  if (target && targetShown) {
    setHighlight(target);
    setTarget(null);
  }
  // A link to a comment of a page not loaded yet: load on until it is there, or the thread ends.
  const seeking = target?.seek === true && !targetShown && more && !isFetchingNextPage && !isFetchNextPageError;
  const pagesLoaded = data?.pages.length ?? 0;
  useEffect(() => {
    if (seeking) void fetchNextPage();
  }, [seeking, pagesLoaded, fetchNextPage]);
  useEffect(() => {
    if (!highlight) return;
    document.getElementById(commentElementId(paragraph, highlight.commentId))?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    const timer = setTimeout(() => setHighlight(null), highlight.highlightMs);
    return () => clearTimeout(timer);
  }, [highlight, paragraph]);
  const highlightedId = highlight?.commentId ?? null;

  const onPosted = useCallback(
    (commentId: string) => {
      setTarget({ commentId, highlightMs: HIGHLIGHT_NEW_MS, seek: false });
      void reloadUntilShown(queryClient, thread, commentId, paragraph);
    },
    [queryClient, thread, paragraph],
  );
  const context = useMemo<ThreadContextValue>(
    () => ({
      thread,
      paragraph,
      likedIds,
      highlightedId,
      onPosted,
      askLogIn: setLogInReason,
      showMessage: setMessage,
      confirm: (text, onYes) => setQuestion({ text, onYes }),
      confirmReport: (onReport) => setReporting({ onReport }),
    }),
    [thread, paragraph, likedIds, highlightedId, onPosted],
  );

  // A paragraph's section has no heading of its own: the dialog it is in is titled.
  const whole = paragraph === null;
  return (
    <section className={whole ? 'comment-section' : 'comment-section comment-section--paragraph'} aria-labelledby={whole ? 'comments-heading' : undefined}>
      {whole && <h2 id="comments-heading">Comments</h2>}
      <LiveThreadUpdates thread={thread} />
      <ThreadContext.Provider value={context}>
        <CommentForm
          kind="comment"
          send={(text, honeypot, key) =>
            postComment({ ...thread, parent_comment_id: null, comment_content: text, honeypot, ...(paragraph === null ? {} : { paragraph }) }, key)
          }
          onSent={(answer) => answer.comment_id && onPosted(answer.comment_id)}
        />
        <label className="comment-section__sort">
          Sort by{' '}
          <select value={criteria} onChange={(event) => setCriteria(event.target.value as CommentSort)}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {isPending ? (
          <p>Loading comments...</p>
        ) : isError && !data ? (
          <p role="alert">Error loading comments.</p>
        ) : tree.length === 0 ? (
          <p>Nobody is here yet. Be the first to comment!</p>
        ) : (
          // The comments' Markdown renderer comes on demand: the first page shows whole once it has loaded.
          <Boundary fallback={<p>Loading comments...</p>}>
            <ul className="comment-list" aria-busy={isFetchingNextPage}>
              {tree.map((node) => (
                <CommentItem key={node.comment.comment_id} node={node} />
              ))}
            </ul>
            {more && (
              <MoreComments
                shown={comments.length}
                total={data.pages.at(-1)?.total_comments ?? comments.length}
                loading={isFetchingNextPage}
                failed={isFetchNextPageError}
                onMore={() => void fetchNextPage()}
              />
            )}
          </Boundary>
        )}
      </ThreadContext.Provider>
      <LogInModal open={logInReason !== null} message={logInReason ?? ''} onClose={() => setLogInReason(null)} />
      <MessageModal message={message} onClose={() => setMessage(null)} />
      <ConfirmModal
        question={question?.text ?? null}
        onYes={() => {
          question?.onYes();
          setQuestion(null);
        }}
        onNo={() => setQuestion(null)}
      />
      <ReportModal
        open={reporting !== null}
        onReport={(reason) => {
          reporting?.onReport(reason);
          setReporting(null);
        }}
        onCancel={() => setReporting(null)}
      />
    </section>
  );
}
