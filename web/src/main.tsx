import { type EmbeddedPageData, PAGE_DATA_ELEMENT_ID } from '@shelf/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { takeEarlyTyping } from './app/early-input';
import { preloadPageCode } from './app/page-code';
import { seedPageData } from './app/seed-page-data';
import { createQueryClient } from './shared/api/query-client';
import './app/global.css';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const embedded = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;

if (embedded) {
  // A page the server rendered: the app starts from the answer it was rendered from and takes over its HTML.
  const page = JSON.parse(embedded) as EmbeddedPageData;
  seedPageData(queryClient, page);
  // As a transition, hydrating yields to the browser every few milliseconds instead of holding it in one long task.
  void preloadPageCode(page.data.page).then(() =>
    startTransition(() => {
      // What was typed so far, before hydrating renders the fields again; taps wait for the app (the layout's EarlyInputReplay).
      takeEarlyTyping();
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} renderedAt={page.renderedAt} />
        </StrictMode>,
      );
    }),
  );
} else {
  // Drawn in the browser alone: there was nothing to tap before; the early script stops keeping input.
  window.takeEarlyTap?.();
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

// The service worker keeps the site shell and the chapters saved for offline reading (service-worker/sw.ts); it is
// registered once the page has loaded, so it never competes with it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
