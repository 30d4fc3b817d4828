/** The address of a story's EPUB download (GET, for anyone; docs/features.md, "E-books"). */
export const ebookPath = (bookId: number): string => `/api/books/${bookId}/epub`;

/** The file a story's EPUB is saved as: its story slug, the same for every download while the title stays. */
export const ebookFileName = (slug: string): string => `${slug}.epub`;
