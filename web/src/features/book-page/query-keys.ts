// The page's query keys, apart from its queries: the server-rendered page's data is put under them (app/seed-page-data.ts).
/** Keyed by the book id only: every slug of one book shares its page data. */
export const bookKeys = { page: (bookId: number) => ['book', bookId] as const };
