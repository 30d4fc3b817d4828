import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../../../shared/ui/Link';
import type { BadgeCounts } from '@shelf/contracts';
import { CountBadge } from '../../../features/badges';
import { useOperator } from '../../../features/operators';
import { useLogOut } from '../../../shared/session/use-log-out';
import { ProfileIcon } from './ProfileIcon';

interface ProfileMenuProps {
  counts: BadgeCounts;
  /** Highlights the profile icon (either count is above 0). */
  attention: boolean;
}

/**
 * The logged-in reader's menu behind the profile icon; Liked Story and Reply Notification carry their counts. Operators
 * also find Moderation and Audit trail there.
 */
export function ProfileMenu({ counts, attention }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const logOut = useLogOut();
  const { pathname } = useLocation();
  // Asked once the menu first opens (readers who never open it cost the API nothing), then kept for a while.
  const { isOperator } = useOperator({ enabled: open });

  // Closes on navigation, on Escape and on a click elsewhere.
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const closeOutside = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('mousedown', closeOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('mousedown', closeOutside);
    };
  }, [open]);

  return (
    <div className="profile-menu" ref={root}>
      <button
        type="button"
        className={attention ? 'icon-button icon-button--attention' : 'icon-button'}
        aria-label="Account menu"
        data-attention={attention}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((was) => !was)}
      >
        <ProfileIcon />
      </button>
      {open && (
        <ul id={menuId}>
          <li>
            <button type="button" onClick={logOut}>
              Log Out
            </button>
          </li>
          <li>
            <Link to="/user/profile">Profile</Link>
          </li>
          <li>
            <Link to="/user/liked-story">
              Liked Story <CountBadge count={counts.uncheckedUpdates} label="stories with updates" />
            </Link>
          </li>
          <li>
            <Link to="/user/library">Library</Link>
          </li>
          <li>
            <Link to="/user/reply-notification">
              Reply Notification <CountBadge count={counts.unreadReplies} label="unread replies" />
            </Link>
          </li>
          {isOperator && (
            <>
              <li>
                <Link to="/admin/moderation">Moderation</Link>
              </li>
              <li>
                <Link to="/admin/audit">Audit trail</Link>
              </li>
            </>
          )}
        </ul>
      )}
    </div>
  );
}
