import type { BookPageResponse, BookProgressResponse, LibraryResponse } from '@shelf/contracts';
import { getJson } from '../api/api-client';
import { chapterPageUrl, chaptersToKeep, OFFLINE_CHAPTERS_CACHE } from './offline-chapters';

/** At most this many stories of the Reading shelf are kept, the most recently updated first. */
const STORIES_KEPT = 20;

/**
 * Saves for offline reading the next chapters of each story on the signed-in reader's Reading shelf (chaptersToKeep),
 * fetched afresh, and forgets the chapters saved before that are no longer among them. The service worker answers a
 * chapter from these copies when the network does not, and refreshes a copy each time it fetches its chapter online.
 * Resolves with how many chapters are kept.
 */
export async function keepOfflineChapters(signal?: AbortSignal): Promise<number> {
  const library = await getJson<LibraryResponse>('/user/library', { signal });
  const reading = (library.shelves.find((shelf) => shelf.shelf === 'reading')?.stories ?? []).slice(0, STORIES_KEPT);
  const wanted = new Set<string>();
  for (const story of reading) {
    const [book, progress] = await Promise.all([
      getJson<BookPageResponse>(`/${encodeURIComponent(story.slug)}`, { signal }),
      getJson<BookProgressResponse>(`/user/reading-progress?book_id=${story.book_id}`, { signal }),
    ]);
    const ids = book.chapters.map((chapter) => chapter.chapter_id);
    for (const id of chaptersToKeep(ids, progress.progress?.chapter_id ?? null)) wanted.add(new URL(chapterPageUrl(story.slug, id), location.origin).href);
  }
  const cache = await caches.open(OFFLINE_CHAPTERS_CACHE);
  for (const url of wanted) {
    const response = await fetch(url, { signal, cache: 'no-cache' });
    if (response.ok) await cache.put(url, response);
  }
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
  return wanted.size;
}
