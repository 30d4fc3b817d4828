import { CATEGORIES, type Category } from '@shelf/contracts';
import { Matches, ValidateIf } from 'class-validator';

/** `{bookIDSlug}`: the book id, a positive whole number, then nothing or a dash and the slug. */
const BOOK_ID_SLUG = /^[1-9]\d{0,9}(?:-|$)/;
const CHAPTER_ID = /^[1-9]\d{0,9}$/;
const INVALID_BOOK_ID = 'Invalid book id.';

export const isCategory = (segment: string): segment is Category => (CATEGORIES as readonly string[]).includes(segment);

/** The book id of a checked `{bookIDSlug}`: the number before the first dash. */
export const bookIdOf = (slug: string): number => Number.parseInt(slug, 10);

export class BookPageParams {
  @Matches(BOOK_ID_SLUG, { message: INVALID_BOOK_ID })
  bookIdSlug!: string;
}

/**
 * `/{category}/{value}` or `/{bookIDSlug}/{chapterID}`. Only a chapter's address is checked here, its chapter id first;
 * a category's value is the category page's to find.
 */
export class CategoryOrChapterParams {
  @ValidateIf((params: CategoryOrChapterParams) => !isCategory(params.first))
  @Matches(CHAPTER_ID, { message: 'Invalid chapter id.' })
  second!: string;

  @ValidateIf((params: CategoryOrChapterParams) => !isCategory(params.first))
  @Matches(BOOK_ID_SLUG, { message: INVALID_BOOK_ID })
  first!: string;
}
