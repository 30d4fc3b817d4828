import { Link } from '../../../shared/ui/Link';
import { CountBadge, useBadgeCounts } from '../../../features/badges';
import { NotificationIcon } from './NotificationIcon';
import { ProfileMenu } from './ProfileMenu';

/** The logged-in reader's notification icon and account menu, with the badge counts. */
export function SignedInIcons() {
  const counts = useBadgeCounts();
  // Both icons are highlighted while either count is above 0.
  const attention = counts.unreadReplies > 0 || counts.uncheckedUpdates > 0;
  return (
    <div className="header-icons">
      <Link
        to="/user/reply-notification"
        className={attention ? 'icon-button icon-button--attention' : 'icon-button'}
        aria-label="Notifications"
        data-attention={attention}
      >
        <NotificationIcon />
        <CountBadge count={counts.unreadReplies} label="unread replies" />
      </Link>
      <ProfileMenu counts={counts} attention={attention} />
    </div>
  );
}
