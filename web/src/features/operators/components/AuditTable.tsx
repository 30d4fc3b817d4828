import type { AuditEntry } from '@shelf/contracts';
import { auditEventLabel } from '../audit-types';

/**
 * Audit entries, newest first: when, who, what and to what. On a narrow screen each row stacks into a card with
 * its labels (operators.css); the explicit roles keep it a table for screen readers either way.
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table className="audit-table" role="table">
      <caption className="visually-hidden">Audit trail, newest first</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Time
          </th>
          <th scope="col" role="columnheader">
            Actor
          </th>
          <th scope="col" role="columnheader">
            Action
          </th>
          <th scope="col" role="columnheader">
            Target
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {entries.map((entry) => (
          <tr key={entry.event_id} role="row">
            <td role="cell" data-label="Time">
              <div>
                <time dateTime={entry.occurred_at}>{new Date(entry.occurred_at).toLocaleString()}</time>
              </div>
            </td>
            <td role="cell" data-label="Actor">
              <div>
                {entry.actor_name ?? entry.actor}
                {entry.actor_name !== null && entry.actor_name !== entry.actor && <span className="audit-table__id">{entry.actor}</span>}
              </div>
            </td>
            <td role="cell" data-label="Action">
              <div>
                <span className="audit-table__type">{auditEventLabel(entry.type)}</span>
                {entry.summary && entry.summary.toLowerCase() !== auditEventLabel(entry.type).toLowerCase() && (
                  <span className="audit-table__summary">{entry.summary}</span>
                )}
              </div>
            </td>
            <td role="cell" data-label="Target">
              <div>
                {entry.target_kind === 'comment' ? 'Comment' : 'User'}
                <span className="audit-table__id">{entry.target}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
