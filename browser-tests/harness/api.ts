import type { BookPageResponse, HomeResponse } from '@shelf/contracts';
import { inject } from 'vitest';

/** GETs a JSON resource of the running site's API. */
export async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('site').baseUrl}/api${path}`);
  if (!response.ok) throw new Error(`GET /api${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The first book of the home page's Latest Updates that has at least `chapters` chapters, with its chapter list. */
export async function bookWithChapters(chapters: number): Promise<BookPageResponse> {
  const home = await api<HomeResponse>('/');
  for (const book of home.latestBooks) {
    const page = await api<BookPageResponse>(`/${book.book_id}`);
    if (page.chapters.length >= chapters) return page;
  }
  throw new Error(`no book on the home page has ${chapters} chapters`);
}
