import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../shared/ui/Link';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { type AuditFilters, auditFiltersOf, auditPageOf, auditSearch, hasAuditFilters } from '../audit-filters';
import { useAuditTrail } from '../queries';
import { useAuditExport } from '../use-audit-export';
import { type ActionNotice, failureText } from '../use-operator-actions';
import { ActionNoticeBar } from './ActionNoticeBar';
import { AuditFiltersForm } from './AuditFiltersForm';
import { AuditTable } from './AuditTable';
import { OperatorGate } from './OperatorGate';
import './operators.css';

/** /admin/audit: who did what to which comment or account, newest first (operators only). */
export function AuditPage() {
  usePageMeta('Audit trail');
  return (
    <section className="operator-page" aria-labelledby="audit-heading">
      <h1 id="audit-heading">Audit trail</h1>
      <OperatorGate>
        <AuditTrail />
      </OperatorGate>
    </section>
  );
}

function AuditTrail() {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersOf(params);
  const page = auditPageOf(params);
  const { data, error, isPending, isPlaceholderData } = useAuditTrail(filters, page);
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const exportCsv = useAuditExport(setNotice);
  const listTop = useRef<HTMLHeadingElement>(null);

  const apply = (next: AuditFilters) => setParams(auditSearch(next));
  const goToPage = (next: number) => {
    setParams(auditSearch(filters, next));
    listTop.current?.scrollIntoView?.({ block: 'start' });
    listTop.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <p className="operator-links">
        <Link to="/admin/moderation">Moderation</Link>
      </p>
      {/* The form starts again from the address whenever the address changes (Back, Clear, paging). */}
      <AuditFiltersForm key={auditSearch(filters).toString()} filters={filters} onApply={apply} />
      <div className="audit-toolbar">
        <h2 ref={listTop} tabIndex={-1} className="audit-toolbar__heading">
          Entries{page > 1 ? `, page ${page}` : ''}
        </h2>
        <button type="button" className="button button--plain" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate(filters)}>
          {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
      {isPending ? (
        <p>Loading...</p>
      ) : error && !data ? (
        <p role="alert">Error: {failureText(error)}</p>
      ) : data.entries.length === 0 ? (
        <p className="list-notice">{hasAuditFilters(filters) ? 'No entries match these filters.' : 'The audit trail is empty.'}</p>
      ) : (
        <div className="audit-table-wrap" aria-busy={isPlaceholderData}>
          <AuditTable entries={data.entries} />
        </div>
      )}
      {data && (page > 1 || data.has_more) && (
        <nav className="audit-pages" aria-label="Pages">
          <button type="button" className="button button--plain" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
            Newer
          </button>
          <span>Page {page}</span>
          <button type="button" className="button button--plain" disabled={!data.has_more || isPlaceholderData} onClick={() => goToPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
      <ActionNoticeBar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
