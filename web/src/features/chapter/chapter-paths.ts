/** The chapter URL of the spec's "Slugs": /{bookIDSlug}/{chapter_id}. */
export const chapterPath = (bookIDSlug: string, chapterId: number): string => `/${bookIDSlug}/${chapterId}`;

/** The book page of a chapter: /{bookIDSlug}. */
export const bookPath = (bookIDSlug: string): string => `/${bookIDSlug}`;

/** A chapter id in an address: a positive whole number of up to ten digits. */
export const CHAPTER_ID = /^[1-9]\d{0,9}$/;
