import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

/** The element public/ads.js adds; ad blockers stop that script, so its absence means an ad blocker is on. */
export const AD_MARKER_ID = 'ad-marker';

const isAdBlocked = () => document.getElementById(AD_MARKER_ID) === null;

/** Watches the children of <body>, where the marker is added (or removed by a blocker's cosmetic filter). */
function watchBody(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}

/**
 * The site-wide request to allow ads. It is checked again on every navigation (each one renders it anew); a page the
 * server rendered checks once it has hydrated.
 */
export function AdBlockBanner() {
  useLocation();
  const blocked = useSyncExternalStore(watchBody, isAdBlocked, () => false);
  if (!blocked) return null;
  return (
    <div className="adblock-banner" role="note">
      Thank you for supporting us! If you enjoy reading the translations on our site, please consider disabling adblocker
      or whitelisting us to fund the site!
    </div>
  );
}
