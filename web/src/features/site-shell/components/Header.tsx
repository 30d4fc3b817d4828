import { Link } from 'react-router-dom';

export function Header() {
  return (
    <header className="header">
      <Link to="/" className="brand">
        Novel Shelf
      </Link>
      <nav aria-label="Main">
        <Link to="/">Home</Link>
        <Link to="/searchbook">Search</Link>
      </nav>
      <Link to="/user/login" className="profile-icon" aria-label="Log in">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" fill="currentColor" />
        </svg>
      </Link>
    </header>
  );
}
