import { useAtom } from 'jotai';
import { Link } from '../../../shared/ui/Link';
import { cookieAcceptedAtom } from '../atoms';

export function CookieBanner() {
  const [accepted, setAccepted] = useAtom(cookieAcceptedAtom);
  if (accepted) return null;
  return (
    <>
      {/* Room at the end of the page, so the fixed bar never hides the footer. */}
      <div className="cookie-banner-spacer" />
      <div className="cookie-banner" role="region" aria-label="Cookie notice">
        <span>We use cookies to ensure you get the best experience on our website.</span>{' '}
        <Link to="/privacy-policy">Privacy policy</Link>
        <button type="button" onClick={() => setAccepted(true)}>
          Okay!
        </button>
      </div>
    </>
  );
}
