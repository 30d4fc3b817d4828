import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '../../../app/site-config';
import { isLoggedInAtom } from '../../session/session.atoms';
import { ProfileIcon } from './ProfileIcon';
import { ProfileMenu } from './ProfileMenu';

export function Header() {
  const loggedIn = useAtomValue(isLoggedInAtom);
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
        <ProfileMenu />
      ) : (
        <Link to="/user/login" className="icon-button" aria-label="Log in">
          <ProfileIcon />
        </Link>
      )}
    </header>
  );
}
