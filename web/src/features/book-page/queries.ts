import type { BookPageResponse } from '@shelf/contracts';
import { useQuery } from '@tanstack/react-query';
import { listsChaptersOf } from '../new-chapters/queries';
import { fetchBookPage } from './api';

/** Keyed by the book id only: every slug of one book shares its page data. */
export const bookKeys = { page: (bookId: number) => ['book', bookId] as const };

export const useBookPage = (bookId: number, bookIdSlug: string) =>
  useQuery({
    queryKey: bookKeys.page(bookId),
    queryFn: ({ signal }) => fetchBookPage(bookIdSlug, signal),
    // Its chapter list is refreshed when a new chapter of the book is pushed.
    meta: listsChaptersOf<BookPageResponse>(bookId, (page) => page.chapters.map((chapter) => chapter.chapter_id)),
  });
