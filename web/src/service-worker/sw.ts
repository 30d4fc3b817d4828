/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa with Workbox, injectManifest): the site shell is kept for offline use,
// and so are the chapters the app saved for offline reading (shared/offline). Pages and chapters always come from the
// network when it answers, so nothing kept is ever shown stale online; the kept copies are for when it does not.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { OFFLINE_CHAPTERS_CACHE, isChapterPageUrl } from '../shared/offline/offline-chapters';

declare const self: ServiceWorkerGlobalScope;

// The built scripts, style sheets, icons and the app shell (index.html), by content hash.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * A page the network does not answer: the app shell, which draws the page from what it can reach (saved chapters).
 * The API's addresses are never pages (a file to download, such as a story's EPUB): offline, their download fails
 * rather than saving the shell under the file's name.
 */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

/** A chapter's answer: the network's, kept fresh in the saved copy if there is one; the saved copy when offline. */
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isChapterPageUrl(url.pathname),
  async ({ request }) => {
    const saved = await caches.open(OFFLINE_CHAPTERS_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && (await saved.match(request.url, { ignoreVary: true }))) await saved.put(request.url, response.clone());
      return response;
    } catch (error) {
      const copy = await saved.match(request.url, { ignoreVary: true });
      if (copy) return copy;
      throw error;
    }
  },
);

// A new version takes over at once: the shell and the saved chapters stay valid across versions.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
