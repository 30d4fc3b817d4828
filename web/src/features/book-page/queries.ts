import { useQuery } from '@tanstack/react-query';
import { fetchBookPage } from './api';

/** Keyed by the book id only: every slug of one book shares its page data. */
export const bookKeys = { page: (bookId: number) => ['book', bookId] as const };

export const useBookPage = (bookId: number, bookIdSlug: string) =>
  useQuery({ queryKey: bookKeys.page(bookId), queryFn: ({ signal }) => fetchBookPage(bookIdSlug, signal) });
