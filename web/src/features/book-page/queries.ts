import type { BookPageResponse } from '@shelf/contracts';
import { useQuery } from '@tanstack/react-query';
import { retryOnMount } from '../../shared/state/hydration';
import { listsChaptersOf } from '../new-chapters';
import { fetchBookPage } from './api';
import { bookKeys } from './query-keys';

export const useBookPage = (bookId: number, bookIdSlug: string) =>
  useQuery({
    queryKey: bookKeys.page(bookId),
    queryFn: ({ signal }) => fetchBookPage(bookIdSlug, signal),
    retryOnMount: retryOnMount(),
    // Its chapter list is refreshed when a new chapter of the book is pushed.
    meta: listsChaptersOf<BookPageResponse>(bookId, (page) => page.chapters.map((chapter) => chapter.chapter_id)),
  });
