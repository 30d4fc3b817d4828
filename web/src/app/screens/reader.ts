// A logged-in reader's lists, loaded together on demand (one chunk, one entry in the route table's code).
export { LibraryPage } from '../../features/library';
export { LikedStoriesPage } from '../../features/liked-stories';
export { ReplyNotificationsPage } from '../../features/reply-inbox';
export { ProtectedRoute } from '../../shared/session/components/ProtectedRoute';
