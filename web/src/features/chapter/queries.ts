import { bookIdOfSlug, type ChapterPageResponse } from '@shelf/contracts';
import { useQuery } from '@tanstack/react-query';
import { listsChaptersOf } from '../new-chapters/queries';
import { fetchChapterPage } from './api';

export const chapterKeys = {
  all: ['chapter'] as const,
  page: (bookIDSlug: string, chapterID: string) => [...chapterKeys.all, bookIDSlug, chapterID] as const,
};

export const useChapterPage = (bookIDSlug: string, chapterID: string) => {
  const bookId = bookIdOfSlug(bookIDSlug);
  return useQuery({
    queryKey: chapterKeys.page(bookIDSlug, chapterID),
    queryFn: ({ signal }) => fetchChapterPage(bookIDSlug, chapterID, signal),
    // Its chapter list and next chapter are refreshed when a new chapter of the book is pushed.
    meta: bookId === null ? undefined : listsChaptersOf<ChapterPageResponse>(bookId, (page) => page.chapterList.map((chapter) => chapter.chapter_id)),
  });
};
