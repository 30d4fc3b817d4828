import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../state/hydration';

/** How far below (or above) the screen a part starts to be drawn: one screen's height. */
const NEAR_MARGIN = '100% 0px';

/** Calls `run` when the browser is idle (or soon, where it cannot tell); returns the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/**
 * A part far down the page (a chapter's comments) drawn only once the page has hydrated and then once it comes within
 * a screen of the viewport or the browser is idle, whichever is first: its code, requests and rendering wait until the
 * text above is readable and the page answers taps. The server draws an empty place, as does the browser until then.
 */
export function WhenNear({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!hydrated || near) return;
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: NEAR_MARGIN });
    observer.observe(element);
    const cancelIdle = whenIdle(() => setNear(true));
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [hydrated, near]);
  return near ? children : <div ref={place} />;
}
