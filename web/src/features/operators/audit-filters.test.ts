import { describe, expect, it } from 'vitest';
import { auditFiltersOf, auditFiltersProblem, auditPageOf, auditQuery, auditSearch, isDay, NO_AUDIT_FILTERS } from './audit-filters';
import { auditEventLabel } from './audit-types';

describe('audit filters', () => {
  it('reads ids, a known event type and real days from the address, and drops the rest', () => {
    const params = new URLSearchParams('actor=%20op-1%20&target=c-9&type=comment.liked.v1&from=2026-02-30&to=2026-11-23&page=3');
    expect(auditFiltersOf(params)).toEqual({ actor: 'op-1', target: 'c-9', type: '', from: '', to: '2026-11-23' });
    expect(auditPageOf(params)).toBe(3);
    expect(auditPageOf(new URLSearchParams('page=0'))).toBe(1);
    expect(auditPageOf(new URLSearchParams('page=2.5'))).toBe(1);
    expect(auditFiltersOf(new URLSearchParams('type=user.password-reset.v1')).type).toBe('user.password-reset.v1');
  });

  it('knows a real day', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('writes only what is set to the address, without page 1', () => {
    expect(auditSearch(NO_AUDIT_FILTERS).toString()).toBe('');
    expect(auditSearch({ ...NO_AUDIT_FILTERS, target: 'c 1' }, 1).toString()).toBe('target=c+1');
    expect(auditSearch({ ...NO_AUDIT_FILTERS, actor: 'op-1' }, 2).toString()).toBe('actor=op-1&page=2');
  });

  it('asks the API for whole local days, the page when given, and nothing for empty filters', () => {
    const query = new URLSearchParams(auditQuery({ ...NO_AUDIT_FILTERS, from: '2026-03-01', to: '2026-03-01' }, 2));
    expect(query.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 2, 1, 23, 59, 59, 999).toISOString());
    expect(query.get('page')).toBe('2');
    expect(auditQuery(NO_AUDIT_FILTERS)).toBe('');
  });

  it('refuses a start after the end', () => {
    expect(auditFiltersProblem({ ...NO_AUDIT_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toMatch(/must not be after/);
    expect(auditFiltersProblem({ ...NO_AUDIT_FILTERS, from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(auditFiltersProblem({ ...NO_AUDIT_FILTERS, from: '2026-03-02' })).toBeNull();
  });

  it('names event types, and shows a type it does not know as it is', () => {
    expect(auditEventLabel('comment.removed-by-operator.v1')).toBe('Comment removed by an operator');
    expect(auditEventLabel('comment.something-new.v1')).toBe('comment.something-new.v1');
  });
});
