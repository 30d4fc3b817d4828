import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '../../../shared/config/site-config';
import { CountBadge } from '../../badges/components/CountBadge';
import { useBadgeCounts } from '../../badges/queries';
import { isLoggedInAtom } from '../../../shared/state/session.atoms';
import { NotificationIcon } from './NotificationIcon';
import { ProfileIcon } from './ProfileIcon';
import { ProfileMenu } from './ProfileMenu';

export function Header() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const counts = useBadgeCounts();
  // Both icons are highlighted while either count is above 0 (spec section 2, Header).
  const attention = counts.unreadReplies > 0 || counts.uncheckedUpdates > 0;
  return (
    <header className="header">
      <Link to="/" className="brand">
        {SITE_NAME}
      </Link>
      <nav aria-label="Main">
        <Link to="/">Home</Link>
        <Link to="/searchbook">Search</Link>
      </nav>
      {loggedIn ? (
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
      ) : (
        <Link to="/user/login" className="icon-button" aria-label="Log in">
          <ProfileIcon />
        </Link>
      )}
    </header>
  );
}
