import type { AuditEntry } from '@shelf/contracts';
import { stringify } from 'csv-stringify/sync';

const COLUMNS: (keyof AuditEntry)[] = ['occurred_at', 'type', 'summary', 'actor', 'actor_name', 'target_kind', 'target', 'event_id'];

/** The entries as CSV with a header row; cells a spreadsheet would run as formulas are escaped. */
export const toAuditCsv = (entries: AuditEntry[]): string => stringify(entries, { header: true, columns: COLUMNS, escape_formulas: true });
