import { type ReactNode, Suspense, useId, useLayoutEffect } from 'react';
import { boundaryHasHydrated } from '../state/hydration';

/** Tells hydration.ts that its boundary has hydrated (it renders nothing, so it never differs from the server's page). */
function HydrationMark() {
  const id = useId();
  useLayoutEffect(() => boundaryHasHydrated(id), [id]);
  return null;
}

/**
 * The app's Suspense boundary: React's, with a mark by which a server-rendered page knows when this boundary, which
 * React hydrates in a pass of its own, has hydrated (see shared/state/hydration.ts).
 */
export function Boundary({ fallback, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <HydrationMark />
      {children}
    </Suspense>
  );
}
