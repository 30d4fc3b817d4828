import { bookIdOfSlug, type ChapterPageResponse } from '@shelf/contracts';
import { useQuery } from '@tanstack/react-query';
import { retryOnMount } from '../../shared/state/hydration';
import { listsChaptersOf } from '../new-chapters';
import { fetchChapterPage } from './api';
import { chapterKeys } from './query-keys';

export const useChapterPage = (bookIDSlug: string, chapterID: string) => {
  const bookId = bookIdOfSlug(bookIDSlug);
  return useQuery({
    queryKey: chapterKeys.page(bookIDSlug, chapterID),
    queryFn: ({ signal }) => fetchChapterPage(bookIDSlug, chapterID, signal),
    retryOnMount: retryOnMount(),
    // Its chapter list and next chapter are refreshed when a new chapter of the book is pushed.
    meta: bookId === null ? undefined : listsChaptersOf<ChapterPageResponse>(bookId, (page) => page.chapterList.map((chapter) => chapter.chapter_id)),
  });
};
