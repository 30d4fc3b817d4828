// A logged-in reader's lists, loaded together on demand (one chunk, one entry in the route table's code).
export { LibraryPage } from '../../features/library/components/LibraryPage';
export { LikedStoriesPage } from '../../features/liked-stories/components/LikedStoriesPage';
export { ReplyNotificationsPage } from '../../features/reply-inbox/components/ReplyNotificationsPage';
export { ProtectedRoute } from '../../shared/session/components/ProtectedRoute';
