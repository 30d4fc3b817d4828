import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useHydrated } from '../shared/state/hydration';
import { isLoggedInAtom } from '../shared/state/session.atoms';

/** How often, at most, the saved chapters are brought up to date while the app stays open. */
const REFRESH_MS = 10 * 60_000;

/**
 * Keeps the next chapters of the signed-in reader's Reading shelf saved for offline reading (shared/offline), once the
 * page has hydrated and the service worker runs, again when the browser comes back online, and every 10 minutes at
 * most. Its code loads only then, after the page.
 */
export function OfflineReading() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const hydrated = useHydrated();
  useEffect(() => {
    if (!loggedIn || !hydrated || !('caches' in window) || !('serviceWorker' in navigator)) return;
    const controller = new AbortController();
    let last = 0;
    const keep = () => {
      // Saved only once a service worker serves this page (the first visit's starts controlling it soon after load).
      if (!navigator.serviceWorker.controller || !navigator.onLine || Date.now() - last < REFRESH_MS) return;
      last = Date.now();
      void import('../shared/offline/keep-offline-chapters')
        .then(({ keepOfflineChapters }) => keepOfflineChapters(controller.signal))
        .catch(() => (last = 0));
    };
    keep();
    const again = () => ((last = 0), keep());
    window.addEventListener('online', again);
    navigator.serviceWorker.addEventListener('controllerchange', keep);
    const timer = setInterval(keep, REFRESH_MS);
    return () => {
      controller.abort();
      window.removeEventListener('online', again);
      navigator.serviceWorker.removeEventListener('controllerchange', keep);
      clearInterval(timer);
    };
  }, [loggedIn, hydrated]);
  return null;
}
