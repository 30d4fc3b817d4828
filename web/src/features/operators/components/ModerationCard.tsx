import { type ModerationItem, relativeTime } from '@shelf/contracts';
import { useId, useState } from 'react';
import { Markdown } from '../../../shared/markdown/components/Markdown';
import { availableDecisions, commentPath, reasonTexts, statusText, storyPath } from '../moderation-text';
import { type ActionNotice, useCommentDecision } from '../use-operator-actions';
import { ModerationContext } from './ModerationContext';

/** A time as "3 minutes ago", with the exact time for machines (and a tooltip). */
function When({ time }: { time: string }) {
  return (
    <time dateTime={time} title={new Date(time).toLocaleString()}>
      {relativeTime(time)}
    </time>
  );
}

/**
 * One reported comment of the queue: its text and author, where it was written (links open in a new tab, so the
 * queue stays), its reports and their reasons, where it stands, the decisions that apply to it, and Context.
 */
export function ModerationCard({ item, onNotice }: { item: ModerationItem; onNotice: (notice: ActionNotice) => void }) {
  const { comment } = item;
  const decision = useCommentDecision(onNotice);
  const [expanded, setExpanded] = useState(false);
  const contextId = useId();
  const titleId = useId();
  const can = availableDecisions(item);
  const reasons = reasonTexts(item.reasons);
  const decide = (kind: 'dismiss' | 'remove' | 'restore') => decision.mutate({ decision: kind, commentId: comment.comment_id });
  const story = storyPath(comment.book_id, item.book_title);

  return (
    <article className={`moderation-card moderation-card--${item.status}`} aria-labelledby={titleId}>
      <header className="moderation-card__head">
        <h3 id={titleId} className="moderation-card__title">
          Comment by {comment.username}
        </h3>
        <span className={`moderation-status moderation-status--${item.status}`}>{statusText(item)}</span>
      </header>
      <p className="moderation-card__where">
        <a href={story} target="_blank" rel="noopener noreferrer">
          {item.book_title}
        </a>
        {comment.chapter_id !== null && (
          <>
            {' › '}
            <a href={`${story}/${comment.chapter_id}`} target="_blank" rel="noopener noreferrer">
              Chapter {comment.chapter_id}
            </a>
          </>
        )}
        {' · '}
        <a href={commentPath(comment, item.book_title)} target="_blank" rel="noopener noreferrer">
          View comment
        </a>
      </p>
      <p className="moderation-card__meta">
        Written <When time={comment.comment_time} />
        {comment.parent_comment_id !== null && ' as a reply'}
      </p>
      <Markdown text={comment.comment_content} spoilers className="moderation-card__text" />
      <dl className="moderation-facts">
        <dt>Reports</dt>
        <dd>
          {item.open_reports} open of {item.total_reports}
        </dd>
        <dt>Reasons</dt>
        <dd>{reasons.length === 0 ? 'None open' : reasons.join(', ')}</dd>
        <dt>First report</dt>
        <dd>
          <When time={item.first_reported_at} />
        </dd>
        <dt>Last report</dt>
        <dd>
          <When time={item.last_reported_at} />
        </dd>
      </dl>
      <div className="moderation-actions" aria-busy={decision.isPending}>
        {can.dismiss && (
          <button type="button" className="button button--plain" disabled={decision.isPending} onClick={() => decide('dismiss')}>
            Dismiss reports
          </button>
        )}
        {can.remove && (
          <button type="button" className="button" disabled={decision.isPending} onClick={() => decide('remove')}>
            Remove
          </button>
        )}
        {can.restore && (
          <button type="button" className="button" disabled={decision.isPending} onClick={() => decide('restore')}>
            Restore
          </button>
        )}
        <button type="button" className="button button--plain" aria-expanded={expanded} aria-controls={expanded ? contextId : undefined} onClick={() => setExpanded((was) => !was)}>
          Context
        </button>
      </div>
      {expanded && <ModerationContext id={contextId} commentId={comment.comment_id} bookTitle={item.book_title} onNotice={onNotice} />}
    </article>
  );
}
