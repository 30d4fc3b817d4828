import { useAtomValue } from 'jotai';
import { Link } from '../../../shared/ui/Link';
import { SITE_NAME } from '../../../shared/config/site-config';
import { isLoggedInAtom } from '../../../shared/state/session.atoms';
import { lazyComponent } from '../../../shared/ui/lazy-component';
import { ProfileIcon } from './ProfileIcon';
import { Boundary } from '../../../shared/ui/Boundary';

// What only a logged-in reader sees comes with its own code, which a visitor's page never loads.
const SignedInIcons = lazyComponent(() => import('./SignedInIcons').then((m) => m.SignedInIcons));

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
        <Boundary fallback={<div className="header-icons" />}>
          <SignedInIcons />
        </Boundary>
      ) : (
        <Link to="/user/login" className="icon-button" aria-label="Log in">
          <ProfileIcon />
        </Link>
      )}
    </header>
  );
}
