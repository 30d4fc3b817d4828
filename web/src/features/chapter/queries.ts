import { useQuery } from '@tanstack/react-query';
import { fetchChapterPage } from './api';

export const chapterKeys = {
  all: ['chapter'] as const,
  page: (bookIDSlug: string, chapterID: string) => [...chapterKeys.all, bookIDSlug, chapterID] as const,
};

export const useChapterPage = (bookIDSlug: string, chapterID: string) =>
  useQuery({
    queryKey: chapterKeys.page(bookIDSlug, chapterID),
    queryFn: ({ signal }) => fetchChapterPage(bookIDSlug, chapterID, signal),
  });
