import { Link } from 'react-router-dom';

const links = [
  ['/about-us', 'About Us'],
  ['/contact-us', 'Contact Us'],
  ['/dmca', 'DMCA'],
  ['/terms-of-service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/disclaimer', 'Disclaimer'],
] as const;

export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Site information">
        {links.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </nav>
      <p>© {new Date().getFullYear()} Novel Shelf. All rights reserved.</p>
    </footer>
  );
}
