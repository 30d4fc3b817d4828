import { type FormEvent, useId, useState } from 'react';
import { type AuditFilters, auditFiltersProblem, hasAuditFilters, NO_AUDIT_FILTERS } from '../audit-filters';
import { AUDIT_EVENT_TYPES, auditEventLabel } from '../audit-types';

interface AuditFiltersFormProps {
  /** The filters in the address; the form starts from them. */
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** The audit trail's filters: who did it, to what, which kind of event, and between which days. */
export function AuditFiltersForm({ filters, onApply }: AuditFiltersFormProps) {
  const [draft, setDraft] = useState(filters);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) => setDraft((was) => ({ ...was, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...draft, actor: draft.actor.trim(), target: draft.target.trim() };
    const why = auditFiltersProblem(trimmed);
    setProblem(why);
    if (!why) onApply(trimmed);
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTERS);
    setProblem(null);
    onApply(NO_AUDIT_FILTERS);
  };

  return (
    <form className="audit-filters" onSubmit={submit} aria-label="Filter the audit trail">
      <div className="audit-filters__fields">
        <div className="audit-filters__field">
          <label htmlFor={`${id}-actor`}>Actor (username, user id or system name)</label>
          <input id={`${id}-actor`} type="text" value={draft.actor} onChange={set('actor')} autoComplete="off" spellCheck={false} />
        </div>
        <div className="audit-filters__field">
          <label htmlFor={`${id}-target`}>Target (comment id, username or user id)</label>
          <input id={`${id}-target`} type="text" value={draft.target} onChange={set('target')} autoComplete="off" spellCheck={false} />
        </div>
        <div className="audit-filters__field">
          <label htmlFor={`${id}-type`}>Event</label>
          <select id={`${id}-type`} value={draft.type} onChange={set('type')}>
            <option value="">Any event</option>
            {AUDIT_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {auditEventLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-filters__field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" value={draft.from} onChange={set('from')} aria-invalid={problem !== null} />
        </div>
        <div className="audit-filters__field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} aria-invalid={problem !== null} />
        </div>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="audit-filters__buttons">
        <button type="submit" className="button">
          Filter
        </button>
        {(hasAuditFilters(filters) || hasAuditFilters(draft)) && (
          <button type="button" className="button button--plain" onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
