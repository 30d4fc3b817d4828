import { isAuditedEventType } from '@shelf/contracts';

/** The audit trail's filters as the address keeps them: ids as typed, an event type, and days (`YYYY-MM-DD`). */
export interface AuditFilters {
  actor: string;
  target: string;
  type: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', target: '', type: '', from: '', to: '' };

const FILTER_NAMES = ['actor', 'target', 'type', 'from', 'to'] as const;

/** A real calendar day written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** The filters of an address's query; what is not a known type or a real day counts as absent. */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 200);
  const type = text('type');
  const day = (name: string) => (isDay(text(name)) ? text(name) : '');
  return { actor: text('actor'), target: text('target'), type: isAuditedEventType(type) ? type : '', from: day('from'), to: day('to') };
}

/** The page of an address's query (`?page=N`, from 1). */
export function auditPageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The address query of filters and a page: only what is set, and no page 1. */
export function auditSearch(filters: AuditFilters, page = 1): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) search.set(name, filters[name]);
  if (page > 1) search.set('page', String(page));
  return search;
}

export const hasAuditFilters = (filters: AuditFilters): boolean => FILTER_NAMES.some((name) => filters[name] !== '');

/** Midnight starting a local day, or the one ending it. */
function dayBoundary(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(new Date(year, month - 1, date + (end ? 1 : 0)).getTime() - (end ? 1 : 0)).toISOString();
}

/**
 * The API query of filters (and a page): the days become the operator's local day from its first to its last
 * millisecond, so "to" includes the day it names.
 */
export function auditQuery(filters: AuditFilters, page?: number): string {
  const query = new URLSearchParams();
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.target) query.set('target', filters.target);
  if (filters.type) query.set('type', filters.type);
  if (filters.from) query.set('from', dayBoundary(filters.from, false));
  if (filters.to) query.set('to', dayBoundary(filters.to, true));
  if (page !== undefined) query.set('page', String(page));
  return query.toString();
}

/** Why the filters cannot be applied, or null. */
export const auditFiltersProblem = (filters: AuditFilters): string | null =>
  filters.from && filters.to && filters.from > filters.to ? 'The "From" day must not be after the "To" day.' : null;
