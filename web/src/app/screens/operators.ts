// The operators' pages, loaded together on demand (one chunk, one entry in the route table's code).
export { AuditPage } from '../../features/operators';
export { ModerationPage } from '../../features/operators';
