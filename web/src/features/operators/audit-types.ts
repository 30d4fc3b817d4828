import { AUDITED_EVENT_TYPES, type AuditedEventType, isAuditedEventType } from '@shelf/contracts';

/** The event types the audit trail records, in the order the filter offers them. */
export const AUDIT_EVENT_TYPES = Object.keys(AUDITED_EVENT_TYPES) as AuditedEventType[];

/** The label of an event type; a type this client does not know yet is shown as it is. */
export const auditEventLabel = (type: string): string => (isAuditedEventType(type) ? AUDITED_EVENT_TYPES[type] : type);
