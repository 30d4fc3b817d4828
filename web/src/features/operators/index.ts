export { AuditPage } from './components/AuditPage';
export { ModerationPage } from './components/ModerationPage';
export { useOperator } from './queries';
