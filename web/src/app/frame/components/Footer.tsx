import { Link } from '../../../shared/ui/Link';
import { useNow } from '../../../shared/time/use-now';

const links = [
  ['/about-us', 'About Us'],
  ['/contact-us', 'Contact Us'],
  ['/dmca', 'DMCA'],
  ['/terms-of-service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/disclaimer', 'Disclaimer'],
] as const;

export function Footer() {
  const year = new Date(useNow()).getFullYear();
  return (
    <footer className="footer">
      <nav aria-label="Site information">
        {links.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </nav>
      <p>© {year} Novel Shelf. All rights reserved.</p>
    </footer>
  );
}
