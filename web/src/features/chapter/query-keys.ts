// The page's query keys, apart from its queries: the server-rendered page's data is put under them (app/seed-page-data.ts).
export const chapterKeys = {
  all: ['chapter'] as const,
  page: (bookIDSlug: string, chapterID: string) => [...chapterKeys.all, bookIDSlug, chapterID] as const,
};
