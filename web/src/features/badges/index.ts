export { fetchUncheckedCount, fetchUnreadCount, markRepliesRead, markUpdatesChecked } from './api';
export { CountBadge } from './components/CountBadge';
export { useBadgeCounts } from './queries';
export { useMarkSeen } from './use-mark-seen';
