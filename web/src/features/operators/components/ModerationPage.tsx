import { MODERATION_VIEWS, type ModerationView } from '@shelf/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../shared/ui/Link';
import { PageButtons } from '../../../shared/ui/PageButtons';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { EMPTY_VIEW, VIEW_LABELS, viewCount } from '../moderation-text';
import { useModerationQueue } from '../queries';
import { useLiveModerationQueue } from '../use-live-moderation';
import { type ActionNotice, failureText } from '../use-operator-actions';
import { ActionNoticeBar } from './ActionNoticeBar';
import { ModerationCard } from './ModerationCard';
import { OperatorGate } from './OperatorGate';
import { QueueDashboardLink } from './QueueDashboardLink';
import './operators.css';

const isView = (value: string | null): value is ModerationView => (MODERATION_VIEWS as readonly (string | null)[]).includes(value);

/** /admin/moderation: the operators' queue of reported comments (operators only). */
export function ModerationPage() {
  usePageMeta('Moderation');
  return (
    <section className="operator-page" aria-labelledby="moderation-heading">
      <h1 id="moderation-heading">Moderation</h1>
      <OperatorGate>
        <ModerationQueue />
      </OperatorGate>
    </section>
  );
}

/** The view (`?view=`, Needs review by default) and page (`?page=`) kept in the address. */
function useQueueParams() {
  const [params, setParams] = useSearchParams();
  const rawView = params.get('view');
  const view: ModerationView = isView(rawView) ? rawView : 'review';
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const setPage = (next: number, replace = false) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { replace },
    );
  return { view, page, setPage };
}

/** A view's address: this page with only `?view=` (a new view starts on its first page). */
const viewHref = (view: ModerationView) => ({ search: view === 'review' ? '' : `?view=${view}` });

function ModerationQueue() {
  const { view, page, setPage } = useQueueParams();
  const { data, error, isPending, isPlaceholderData } = useModerationQueue(view, page);
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const listTop = useRef<HTMLHeadingElement>(null);
  useLiveModerationQueue();

  // Decisions shrink a view: a page past its end (but not the first) goes to the last page there is.
  const lastPage = data && !isPlaceholderData ? Math.max(1, data.pages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, true);
  });

  /** Another page of the list, and the reader stays at the list's top (not the page's). */
  const goToPage = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView?.({ block: 'start' });
    listTop.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <p className="operator-links">
        <Link to="/admin/audit">Audit trail</Link>
        <QueueDashboardLink onNotice={setNotice} />
      </p>
      <nav className="view-tabs" aria-label="Queue views">
        {MODERATION_VIEWS.map((option) => (
          <Link key={option} to={viewHref(option)} className="view-tabs__tab" aria-current={option === view ? 'page' : undefined}>
            {VIEW_LABELS[option]}
          </Link>
        ))}
      </nav>
      <h2 ref={listTop} tabIndex={-1} className="visually-hidden">
        {VIEW_LABELS[view]}
      </h2>
      {isPending ? (
        <p>Loading...</p>
      ) : error && !data ? (
        <p role="alert">Error: {failureText(error)}</p>
      ) : data.items.length === 0 ? (
        <p className="list-notice">{EMPTY_VIEW[view]}</p>
      ) : (
        <>
          <p className="list-notice">{viewCount(view, data.total)}</p>
          <ul className="moderation-list" aria-busy={isPlaceholderData}>
            {data.items.map((item) => (
              <li key={item.comment.comment_id}>
                <ModerationCard item={item} onNotice={setNotice} />
              </li>
            ))}
          </ul>
          <PageButtons page={page} totalPages={data.pages} onChange={goToPage} />
        </>
      )}
      <ActionNoticeBar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
