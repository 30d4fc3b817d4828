/** The chapter URL of the spec's "Slugs": /{bookIDSlug}/{chapter_id}. */
export const chapterPath = (bookIDSlug: string, chapterId: number): string => `/${bookIDSlug}/${chapterId}`;

/** The book page of a chapter: /{bookIDSlug}. */
export const bookPath = (bookIDSlug: string): string => `/${bookIDSlug}`;
