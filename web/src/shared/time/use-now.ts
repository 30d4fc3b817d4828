import { createContext, useContext, useSyncExternalStore } from 'react';

/** How often relative times ("2 minutes ago") are brought up to date. */
export const TICK_MS = 30_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

// A tab in the background has its timers slowed: coming back, it is brought up to date at once.
const onVisible = () => document.visibilityState === 'visible' && tick();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || timer === null) return;
    clearInterval(timer);
    timer = null;
    document.removeEventListener('visibilitychange', onVisible);
  };
}

const snapshot = () => now;

/** When the server rendered the page (ms): the time of its server render and of its hydration. */
export const RenderTimeContext = createContext<number | null>(null);

/**
 * The time now (ms), renewed every TICK_MS by one timer for the whole page however many components ask, running only
 * while one does. A server-rendered page shows the time it was rendered at until it has hydrated.
 */
export function useNow(): number {
  const renderedAt = useContext(RenderTimeContext);
  return useSyncExternalStore(subscribe, snapshot, () => renderedAt ?? snapshot());
}
