// The page's query keys, apart from its queries: the server-rendered page's data is put under them (app/seed-page-data.ts).
export const chapterKeys = {
  all: ['chapter'] as const,
  page: (bookIDSlug: string, chapterID: string) => [...chapterKeys.all, bookIDSlug, chapterID] as const,
};

/** A chapter's paragraph comment counts (ParagraphCountsResponse), apart from its page: comments change them, not the catalog. */
export const paragraphCountKeys = {
  all: ['paragraph-counts'] as const,
  chapter: (bookId: number, chapterId: number) => [...paragraphCountKeys.all, bookId, chapterId] as const,
};
