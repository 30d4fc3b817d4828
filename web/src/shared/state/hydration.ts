import { PAGE_DATA_ELEMENT_ID } from '@shelf/contracts';
import { startTransition, useEffect, useState } from 'react';

// A page the server rendered is hydrated: its first render in the browser must be the server's, which knows nothing
// of this browser (its session, settings and places are in local storage). Until the whole page has hydrated, what is
// read from local storage is answered with its default, as on the server; then the reader's own values come in.
//
// React hydrates the page's shell first and each Suspense boundary in a later pass of its own: the page has hydrated
// once the shell and every boundary the server rendered have (each boundary holds a mark, see shared/ui/Boundary). A
// boundary hydrated with the reader's values would keep the server's attributes (a comment box left disabled).

/** Elements whose inner HTML the browser keeps as the server sent it, without hydrating it. */
export const SERVER_HTML_ATTRIBUTE = 'data-server-html';

/** At the latest, the page counts as hydrated after this long (a boundary left before hydrating never marks itself). */
const HYDRATION_LIMIT_MS = 10_000;

let hydrating = typeof document !== 'undefined' && document.getElementById(PAGE_DATA_ELEMENT_ID) !== null;
const listeners = new Set<() => void>();
const boundariesHydrated = new Set<string>();
let shellHydrated = false;

/** React's marks of the Suspense boundaries the server rendered (`<!--$-->`, `<!--$!-->`), outside kept server HTML. */
function serverBoundaries(): number {
  let count = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
  while (walker.nextNode()) {
    const { nodeValue, parentElement } = walker.currentNode;
    if ((nodeValue === '$' || nodeValue === '$!') && !parentElement?.closest(`[${SERVER_HTML_ATTRIBUTE}]`)) count++;
  }
  return count;
}
const boundariesToHydrate = hydrating ? serverBoundaries() : 0;

function end(): void {
  if (!hydrating) return;
  hydrating = false;
  // What the reader's own values change renders as a transition: in slices between the browser's other work, not as
  // one long task that holds up a tap.
  startTransition(() => {
    for (const listener of [...listeners]) listener();
  });
  listeners.clear();
}

function endWhenComplete(): void {
  if (shellHydrated && boundariesHydrated.size >= boundariesToHydrate) end();
}

/** True on a page the server rendered (it embeds its data), until the whole page has hydrated. */
export const isHydrating = (): boolean => hydrating;

/** In the browser, on a page rendered there alone or once the server-rendered page has hydrated; false on the server. */
export const hasHydrated = (): boolean => typeof document !== 'undefined' && !hydrating;

/** The app's shell has hydrated (its layout effect). */
export function shellHasHydrated(): void {
  if (shellHydrated || !hydrating) return;
  shellHydrated = true;
  setTimeout(end, HYDRATION_LIMIT_MS);
  endWhenComplete();
}

/** Boundary `id` (its useId) has hydrated. */
export function boundaryHasHydrated(id: string): void {
  if (!hydrating) return;
  boundariesHydrated.add(id);
  endWhenComplete();
}

/** Calls `listener` once the page has hydrated (at once on a page rendered in the browser alone); returns the unsubscribe. */
export function onHydrated(listener: () => void): () => void {
  if (!hydrating) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False on the server and while a server-rendered page hydrates (its first render then matches the server's), true
 * from the render after; always true on a page rendered in the browser alone.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hasHydrated);
  useEffect(() => (hydrated ? undefined : onHydrated(() => setHydrated(true))), [hydrated]);
  return hydrated;
}

/**
 * What `read` takes from the server-rendered element `id` while the page hydrates, for as long as `source` (what it was
 * rendered from) stays the same; else null. A component keeps the server's HTML with it instead of rendering it again.
 */
export function useServerRendered<T>(id: string, source: string, read: (element: HTMLElement) => T): T | null {
  const [server] = useState(() => {
    const element = hydrating ? document.getElementById(id) : null;
    return { source, taken: element ? read(element) : null };
  });
  return server.source === source ? server.taken : null;
}

/**
 * `retryOnMount` of a query whose answer a server-rendered page embeds: a refusal embedded (a missing story's 404) is
 * shown as it is, on the server and while the page hydrates, instead of being fetched again (which shows Loading and
 * so breaks hydration); a query mounted later retries a failure as usual. Read at each render rather than kept as
 * state: the option counts only when the query mounts, and the page need not render again once it has hydrated.
 */
export const retryOnMount = hasHydrated;
