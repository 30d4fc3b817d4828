import type { MouseEvent } from 'react';
import { type ActionNotice, useQueueDashboard } from '../use-operator-actions';

/**
 * "Queue dashboard": the BullMQ dashboard the API serves at /admin/queues, outside this app. The click first opens a
 * 15-minute dashboard session (an HttpOnly cookie) with the operator's token, then goes there.
 */
export function QueueDashboardLink({ onNotice, open }: { onNotice: (notice: ActionNotice) => void; open?: (path: string) => void }) {
  const dashboard = useQueueDashboard(onNotice, open);
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    // A click that opens a new tab or window goes there without the session; a plain click opens the session first.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!dashboard.isPending) dashboard.mutate();
  };
  return (
    <a href="/admin/queues" className="queue-dashboard-link" onClick={go} aria-busy={dashboard.isPending}>
      Queue dashboard
    </a>
  );
}
