import type { Query, QueryClient, QueryMeta } from '@tanstack/react-query';

/** The meta key under which a query says that its data lists a book's chapters. */
const BOOK_CHAPTERS = 'bookChapters';

interface BookChapters {
  bookId: number;
  chapterIds: (data: unknown) => readonly number[];
}

/**
 * The `meta` of a query whose data lists the chapters of book `bookId` (the story page, a chapter page): a new
 * chapter's push refreshes every such query, without this feature knowing the pages' keys or data.
 */
export function listsChaptersOf<T>(bookId: number, chapterIds: (data: T) => readonly number[]): QueryMeta {
  const meta: BookChapters = { bookId, chapterIds: chapterIds as (data: unknown) => readonly number[] };
  return { [BOOK_CHAPTERS]: meta };
}

const bookChaptersOf = (query: Query): BookChapters | undefined => query.meta?.[BOOK_CHAPTERS] as BookChapters | undefined;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Refetches the queries listing the book's chapters (the ones on screen now, the others when next shown). Given the
 * new chapter's id, the refetch is repeated a few times until every query on screen lists it: a catalog answer the
 * API cached may be emptied a moment after the push arrives.
 */
export async function refreshBookChapters(queryClient: QueryClient, bookId: number, chapterId: number | null, tries = 8, pauseMs = 250): Promise<void> {
  const aboutBook = (query: Query) => bookChaptersOf(query)?.bookId === bookId;
  const lacksChapter = (query: Query) => query.state.data !== undefined && !bookChaptersOf(query)!.chapterIds(query.state.data).includes(chapterId!);
  for (let attempt = 0; attempt < tries; attempt++) {
    await queryClient.invalidateQueries({ predicate: aboutBook });
    if (chapterId === null) return;
    if (!queryClient.getQueryCache().findAll({ predicate: aboutBook, type: 'active' }).some(lacksChapter)) return;
    await sleep(pauseMs);
  }
}
